"""One rendered page made into a section of a print edition.

What a page shows on screen becomes what a book prints: ids get the section's prefix (two pages may
both have ``#combat``) and links to pages of the same edition become links inside it; each widget is
printed in its build-time state with its inputs written out as text; each inline roll keeps its
label and gets a numbered note with its exact odds right after its paragraph; a builder's shell
gives way to a pointer to the blank sheet at the end of the edition (its sheet is kept for that);
buttons, forms, scripts and what only concerns a browser (JavaScript on or off) go.

>>> links = Links("demo/print/", {"demo/rules": "demo-rules", "demo": "demo"})
>>> section = print_section('<h1 id="rules">Rules</h1><p>See <a href="../#odds">odds</a>, '
...                         '<a href="../../other/">another page</a> and <a href="#rules">here</a>.</p>',
...                         "demo/rules/", "Rules", links)
>>> section.title, section.html.count('href="#demo--odds"'), section.html.count('href="../../other/"')
('Rules', 1, 1)
>>> 'id="demo-rules--rules"' in section.html and 'href="#demo-rules--rules"' in section.html
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from rollwright.mkdocs.book.dom import Element, element, parse
from rollwright.mkdocs.book.urls import relative_url
from rollwright.mkdocs.book.widgets import print_chips, print_exact_values, print_forms

ID_LISTS = ("for", "headers", "list", "form", "aria-labelledby", "aria-describedby", "aria-controls",
            "aria-owns", "aria-details", "aria-errormessage", "aria-activedescendant")
"""Attributes that name other elements by id (one id, or several separated by spaces)."""
BROWSER_ONLY = ("rw-with-js", "rw-without-js", "headerlink", "md-skip", "rw-chart__more", "rw-chart__readout")
"""What only concerns a reader at a screen: whether JavaScript runs, a heading's permalink, how to scroll or
point at a chart."""
_BASE = "http://site.invalid/"


def section_id(url: str) -> str:
    """A page's section id, from its URL.

    >>> section_id("rules/combat-basics/"), section_id(""), section_id("dice.html"), section_id("a/index.html")
    ('rules-combat-basics', 'index', 'dice', 'a')
    """
    slug = re.sub(r"[^a-z0-9]+", "-", page_key(url).removesuffix(".html").lower()).strip("-")
    return slug or "index"


def page_key(path: str) -> str:
    """A page's path as links name it, without ``index.html`` or slashes at either end."""
    path = path.lstrip("/")
    path = path.removesuffix("index.html") if path == "index.html" or path.endswith("/index.html") else path
    return path.strip("/")


@dataclass(frozen=True)
class Links:
    """Where an edition is (``print_url``) and which pages it holds (page key -> section id)."""

    print_url: str
    sections: dict[str, str]

    def rewrite(self, href: str, page_url: str, prefix: str, *, to_sections: bool = True) -> str:
        """A link (or, not ``to_sections``, an image's address) of the page at ``page_url``, as the print page
        must write it."""
        if href.startswith("#"):
            return f"#{prefix}--{href[1:]}" if len(href) > 1 else href
        target = urlsplit(urljoin(_BASE + page_url, href))
        if f"{target.scheme}://{target.netloc}/" != _BASE:
            return href  # another host, mailto:, data: ...
        section = self.sections.get(page_key(target.path))
        if section is not None and to_sections and not target.query:
            return f"#{section}--{target.fragment}" if target.fragment else f"#{section}"
        rebased = relative_url(target.path.lstrip("/") or ".", self.print_url)
        return rebased + (f"?{target.query}" if target.query else "") + (
            f"#{target.fragment}" if target.fragment else "")


@dataclass
class Section:
    """A page as the edition prints it: its id, title, HTML, its h2s (id, text) and any builder sheets."""

    id: str
    title: str
    html: str
    headings: list[tuple[str, str]] = field(default_factory=list)
    sheets: list[tuple[str, Element]] = field(default_factory=list)
    """(system id, the builder's sheet of a new character) for each builder on the page."""


def _prefix_ids(root: Element, prefix: str, links: Links, page_url: str) -> None:
    for node in root.iter():
        if node.attrs.get("id"):
            node.attrs["id"] = f"{prefix}--{node.attrs['id']}"
        for name in ID_LISTS:
            if node.attrs.get(name):
                node.attrs[name] = " ".join(f"{prefix}--{v}" for v in (node.attrs[name] or "").split())
        for name in ("href", "xlink:href", "src"):
            value = node.attrs.get(name)
            if value is None:
                continue
            if name == "href" and node.tag == "a" and value.startswith("?"):
                node.attrs.pop("href")  # a widget's state link: nothing to follow on paper
            elif not value.startswith("data:"):
                node.attrs[name] = links.rewrite(value, page_url, prefix, to_sections=name != "src")


def _take_builders(root: Element) -> list[tuple[str, Element]]:
    """Each builder's shell out, its new character's sheet kept; a pointer to the sheet in its place."""
    sheets = []
    for shell in root.find_all(lambda e: "data-rw-builder" in e.attrs):
        system = shell.attrs["data-rw-builder"] or ""
        region = shell.find(lambda e: "data-rw-sheet-region" in e.attrs)
        if region is None:  # a builder with no printable sheet: nothing to point at
            shell.replace_with(element("p", {"class": "rw-print-note"}, "The character builder works on the site."))
            continue
        sheets.append((system, Element("div", {"class": "rw-print-sheet__body"}, list(region.children))))
        pointer = element("p", {"class": "rw-print-note"}, "A blank character sheet for this game is at the end "
                          "of this edition: ", element("a", {"href": f"#sheet-{system}"}, "Character sheet"), ".")
        shell.replace_with(pointer)
    return sheets


def _tidy(root: Element) -> None:
    """What a printed page has no use for, out; what a browser hides or folds, shown plainly."""
    for node in root.find_all(lambda e: e.tag in ("script", "noscript", "dialog", "template")
                              or "hidden" in e.attrs or any(e.has_class(c) for c in BROWSER_ONLY)):
        if node.parent is not None:
            node.remove()
    for node in root.iter():
        for name in ("inert", "tabindex", "aria-live", "aria-atomic"):
            node.attrs.pop(name, None)
        if node.tag == "details":
            node.attrs["open"] = None
        if node.has_class("md-button"):  # a link made to look like a button: a plain link on paper
            node.attrs["class"] = " ".join(c for c in node.classes() if not c.startswith("md-button")) or None
            if node.attrs["class"] is None:
                node.attrs.pop("class")
    for node in root.find_all(lambda e: e.tag == "button"):
        node.unwrap()  # its words stay, the control goes
    for node in root.find_all(lambda e: e.tag in ("input", "select", "textarea")):
        node.remove()


THINGS_LIST = re.compile(r'<div class="rw-things" data-rw-things="[^"]*">.*?No entry matches\.</p></div>', re.S)
"""A kind's list of things (:mod:`rollwright.mkdocs.things_html`): on paper its cards are the list, so it is
left out before the page is parsed (a catalogue of thousands would double the work for nothing)."""


SCROLL_BOXES = ("md-typeset__scrollwrap", "rw-table-wrap", "rw-scroll")
"""Boxes that may scroll sideways on a narrow screen (a wide table)."""


def _reachable_boxes(root: Element) -> None:
    """Every box that may scroll sideways, reachable by keyboard and named (an edition runs no script to
    mark the ones that scroll, so each is marked: axe's scrollable-region-focusable). Charts are drawn to
    fit instead (book.css), so they never scroll.

    >>> root = parse('<div class="md-typeset__scrollwrap"><table><caption>Odds</caption></table></div>')
    >>> _reachable_boxes(root)
    >>> root.html()
    '<div class="md-typeset__scrollwrap" tabindex="0" role="region" aria-label="Odds (table)"><table><caption>Odds</caption></table></div>'
    """
    for code in root.find_all(lambda e: e.tag == "code" and e.parent is not None and e.parent.tag == "pre"):
        code.attrs["tabindex"] = "0"  # a long line scrolls (the theme's script does the same on a page)
    for box in root.find_all(lambda e: any(e.has_class(c) for c in SCROLL_BOXES)):
        if box.find(lambda e: e is not box and any(e.has_class(c) for c in SCROLL_BOXES)):
            continue  # the box inside it is the one that scrolls
        caption = box.find(lambda e: e.tag == "caption")
        name = " ".join(caption.text().split()) if caption is not None else ""
        box.attrs["tabindex"] = "0"
        box.attrs.setdefault("role", "region")
        if not box.attrs.get("aria-label") and not box.attrs.get("aria-labelledby"):
            box.attrs["aria-label"] = f"{name or 'Table'} (table)"


def print_section(content: str, page_url: str, title: str, links: Links) -> Section:
    """The page at ``page_url`` (its rendered ``content``) as a section of the edition ``links`` describes."""
    prefix = section_id(page_url)
    root = parse(THINGS_LIST.sub("", content))
    _prefix_ids(root, prefix, links, page_url)
    sheets = _take_builders(root)
    print_forms(root)
    print_exact_values(root)
    print_chips(root, prefix)
    _tidy(root)
    _reachable_boxes(root)
    heading = root.find(lambda e: e.tag == "h1")
    if heading is None:
        heading = element("h1", {"id": f"{prefix}--title"}, title)
        root.children.insert(0, heading)
        heading.parent = root
    h1_text = " ".join(heading.text().split()) or title
    headings = [(h.attrs["id"] or "", " ".join(h.text().split())) for h in root.find_all(
        lambda e: e.tag == "h2" and bool(e.attrs.get("id")) and not any(
            a.has_class("rw-widget") or a.has_class("admonition") for a in e.ancestors()))]
    wrapper = Element("section", {"class": "rw-print-section", "id": prefix, "data-rw-print-page": page_url},
                      list(root.children))
    return Section(prefix, h1_text, wrapper.html(), headings, sheets)
