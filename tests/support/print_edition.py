"""Read a print edition back (issue 27): its sections, tables, widgets and chips from the built HTML, how
wide its elements are on an A4 page (Chromium, emulated print), and a PDF's outline and page count (pypdf).

An edition is ``print/index.html`` (the whole site) or ``<docs>/print/index.html`` (one game).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from rollwright.checks.html import read
from rollwright.checks.site import nav_paths, url_path

A4_CONTENT_PX = 688
"""The width an A4 page leaves inside print.css's margins: 210 mm - 2 x 14 mm = 182 mm at 96 px per inch."""

SECTION = re.compile(r'<section class="rw-print-section[^"]*" id="([^"]+)" data-rw-print-(page|sheet)="([^"]*)"')


def nav_urls(config_file: Path, folder: str | None = None) -> list[str]:
    """The URLs of the site's nav pages in order (only those under ``folder/``, when given)."""
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # no !!python tags run
    pages = [p for p in nav_paths(config["nav"]) if p.endswith(".md")]
    if folder is not None:
        pages = [p for p in pages if p.startswith(folder + "/")]
    return [url_path(p) for p in pages]


def sections(html: str) -> list[tuple[str, str, str]]:
    """Each section of an edition in order: (id, ``page`` or ``sheet``, the page's URL or the sheet's system)."""
    return SECTION.findall(html)


def article(html: str) -> str:
    """A page's article (what a print section is made from), without the theme around it."""
    start = html.index('<article class="md-content__inner')
    return html[start:html.index("</article>", start)]


def registered_tables(html: str) -> list[tuple[str, str, list[list[str]]]]:
    """Every registry table of a page: (name, params, rows of cell text), in order."""
    reader = read(html)
    return [(attrs["data-rw-table"] or "", attrs.get("data-rw-params") or "{}", reader.tables[attrs["data-rw-table"] or ""])
            for tag, attrs in reader.attributes if tag == "table" and "data-rw-registered" in attrs]


def text(html: str) -> str:
    """The text of some HTML, spaces collapsed (no tags, entities decoded)."""
    from html import unescape

    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?(p|li|ol|ul|div|section|h[1-6]|tr|td|th|br|table|header|nav)\b[^>]*>", " ", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


SCREEN_ONLY = ("rw-chart__more", "rw-chart__readout")
"""What a widget's answer says only to a reader at a screen (how to scroll or point at its chart)."""


def widget_answers(html: str) -> list[tuple[str, str]]:
    """Each widget's name and the words of its answer (its ``data-rw-result`` region), in order: without its
    buttons and screen-only hints, brackets and spaces dropped (paper writes a long exact value out in
    brackets where the screen keeps it behind a button). A long exact value the screen keeps behind its
    *exact* button stays off paper (``print_exact_values``), so the page's answer is read the same way."""
    from rollwright.mkdocs.book.dom import parse
    from rollwright.mkdocs.book.widgets import print_exact_values

    def skip(element: Any) -> bool:
        return bool(element.tag == "button" or any(element.has_class(c) for c in SCREEN_ONLY))

    found = []
    root = parse(html)
    print_exact_values(root)
    for widget in root.find_all(lambda e: bool({"data-rw-widget", "data-rw-print-widget"} & set(e.attrs))):
        result = widget.find(lambda e: "data-rw-result" in e.attrs)
        words = result.text(skip) if result is not None else ""
        found.append((widget.attrs.get("data-rw-widget") or widget.attrs.get("data-rw-print-widget") or "", "".join(re.sub(r"[()]", "", words).split())))
    return found


OVERFLOW_JS = """(width) => {
  const out = [];
  for (const el of document.querySelectorAll('.rw-print *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > width + 1 || r.left < -1 || el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')} `
               + `[${Math.round(r.left)}, ${Math.round(r.right)}] scroll ${el.scrollWidth}/${el.clientWidth}`);
    }
  }
  if (document.documentElement.scrollWidth > width + 1) out.push(`the page: ${document.documentElement.scrollWidth}px`);
  return out;
}"""


def too_wide(browser: Any, url: str) -> list[str]:
    """The elements of an edition wider than an A4 page's text, in emulated print (JavaScript off)."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": A4_CONTENT_PX, "height": 1000})
    try:
        page = context.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("http://127.0.0.1", "file:"))
                   else route.abort())
        page.emulate_media(media="print")
        page.goto(url)
        found: list[str] = page.evaluate(OVERFLOW_JS, A4_CONTENT_PX)
        return found
    finally:
        context.close()


def outline(pdf: Path) -> list[tuple[int, str, int]]:
    """A PDF's bookmarks as (depth, title, page from 1), in order (read with pypdf)."""
    from pypdf import PdfReader

    reader = PdfReader(str(pdf))
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, str(item.title), reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


def page_texts(pdf: Path) -> list[str]:
    """The text of each page of a PDF (pypdf)."""
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(str(pdf)).pages]
