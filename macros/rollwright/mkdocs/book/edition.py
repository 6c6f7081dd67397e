"""Print editions: one page per game (``<docs>/print/``) and one for the whole site (``print/``).

Each is made from the pages a generator already built, read back from its output folder in the order of
the site's navigation: a title page, a table of contents, each page as a section that starts a new
sheet of paper (:mod:`.section`), and a blank character sheet for each game with a builder
(:mod:`.document`). Two calls, neither needing MkDocs: :func:`plan_editions` before the build (where the
editions go, for the home pages' links) and :func:`write_editions` after it (each edition's page, written
whole by :mod:`.page`, and with ``pdf`` its PDF, printed by :mod:`.pdf`).

>>> build_date({"SOURCE_DATE_EPOCH": "1767225600"}), build_date({"SOURCE_DATE_EPOCH": "315532800"})
('2026-01-01', None)
>>> plan_editions("Pips", [], [NavPage("index.md", "", "Home", None)], BookOptions(), use_directory_urls=True)
[{'home': 'index.md', 'print': 'print/', 'pdf': None, 'label': 'All of Pips in one document, to print or save as PDF'}]
"""

from __future__ import annotations

import hashlib
import logging
import os
import posixpath
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rollwright.kit.system import System
from rollwright.mkdocs.book.document import EditionText, Groups, SiteFacts, edition_html
from rollwright.mkdocs.book.nav import NavPage, page_url
from rollwright.mkdocs.book.options import BookError, BookOptions
from rollwright.mkdocs.book.page import NoArticle, article, standalone
from rollwright.mkdocs.book.section import Links, Section, page_key, print_section, section_id
from rollwright.mkdocs.book.urls import page_file

__all__ = ["BookError", "BookOptions", "NavPage", "build_date", "plan_editions", "write_editions"]

ZIP_EPOCH = 315532800
"""1980-01-01, the earliest date a ZIP file holds: reproducible builds' stand-in for "no date" (the Makefile's
default ``SOURCE_DATE_EPOCH``), so no edition claims to be built then."""
HEAD_SOURCES = ("index.html", "404.html")
"""The built pages an edition's page takes its stylesheets from (the first there; else its first page)."""

log = logging.getLogger("mkdocs.plugins.rollwright")


def build_date(environ: Mapping[str, str] = os.environ) -> str | None:
    """The build's date as MkDocs takes it (``SOURCE_DATE_EPOCH``, else today); None for the ZIP epoch."""
    stamp = environ.get("SOURCE_DATE_EPOCH")
    if stamp is not None and int(stamp) == ZIP_EPOCH:
        return None
    moment = datetime.fromtimestamp(int(stamp), timezone.utc) if stamp is not None else datetime.now(timezone.utc)
    return moment.strftime("%Y-%m-%d")


@dataclass(frozen=True)
class Edition:
    """One print edition: what it says (``text``), where its page goes (``src_uri`` as if it were a docs page,
    its ``url`` and the ``file`` under the output folder) and its PDF's path beside it."""

    text: EditionText
    src_uri: str
    url: str
    file: str
    pdf: str

    def holds(self, src_uri: str) -> bool:
        system = self.text.system
        return system is None or src_uri.startswith(system.docs + "/")


def _editions(site_name: str, systems: Sequence[System], pages: Sequence[NavPage], *, use_directory_urls: bool,
              docs_pages: Iterable[str] = ()) -> list[Edition]:
    """The site's edition, then each game's, in the games' order; a BookError if a page is where one goes."""
    home = next((p.src_uri for p in pages if p.url in ("", "./", "index.html")), "index.md")
    plan = [("site", site_name, None, "print.md", home)] + [
        (s.id, s.title, s, f"{s.docs}/print.md", s.pages[0].path if s.pages else "") for s in systems]
    taken = {p.src_uri for p in pages} | set(docs_pages)
    urls = {p.url: p.src_uri for p in pages}
    editions = []
    for key, title, system, src_uri, first in plan:
        url = page_url(src_uri, use_directory_urls)
        clash = next((uri for uri in (src_uri, src_uri.removesuffix(".md") + "/index.md") if uri in taken),
                     urls.get(url))
        if clash:
            raise BookError(f"docs/{clash} is where Rollwright puts the print edition '{title}: print edition': "
                            f"rename that page, or turn print editions off (plugins: rollwright: book: print: false)")
        file = page_file(url)
        name = section_id(site_name) if system is None else system.id
        pdf = posixpath.join(posixpath.dirname(file), f"{name or 'site'}.pdf")
        editions.append(Edition(EditionText(key, title, system, first), src_uri, url, file, pdf))
    return editions


def plan_editions(site_name: str, systems: Sequence[System], pages: Sequence[NavPage], options: BookOptions, *,
                  use_directory_urls: bool, serving: bool = False, docs_pages: Iterable[str] = ()
                  ) -> list[dict[str, Any]]:
    """Before the build: each edition's home page's source, its page's URL, its PDF's path (None when no PDF
    is made: ``pdf`` off, or ``serving``) and the link's words, for the theme (``extra.rw_print_editions``).

    ``docs_pages``: the sources of docs pages outside the nav, which an edition must not overwrite either.
    """
    if not options.print:
        return []
    pdfs = options.pdf and not serving
    return [{"home": e.text.home, "print": e.url, "pdf": e.pdf if pdfs else None,
             "label": f"All of {e.text.title} in one document, to print or save as PDF"}
            for e in _editions(site_name, systems, pages, use_directory_urls=use_directory_urls,
                               docs_pages=docs_pages)]


def _groups(edition: Edition, pages: Sequence[NavPage]) -> Groups:
    """For the whole site, each top-level section of the nav with its pages; for a game, one group."""
    if edition.text.system is not None:
        return [(None, [section_id(p.url) for p in pages])]
    groups: Groups = []
    for page in pages:
        if page.section is not None and groups and groups[-1][0] == page.section:
            groups[-1][1].append(section_id(page.url))
        else:
            groups.append((page.section, [section_id(page.url)]))
    return groups


def _head_source(site_dir: Path, pages: Sequence[NavPage]) -> tuple[str, str]:
    """A built page to take the stylesheets from, and its URL."""
    for name in HEAD_SOURCES:
        if (site_dir / name).is_file():
            return (site_dir / name).read_text(encoding="utf-8"), name
    for page in pages:
        if (site_dir / page_file(page.url)).is_file():
            return (site_dir / page_file(page.url)).read_text(encoding="utf-8"), page.url
    return "", ""


_KEPT: dict[tuple[Any, ...], Any] = {}
"""Pages' articles and sections as the last builds of this process read them, by the page's built text: under
``rollwright serve`` an edit re-reads only the pages it changed."""
KEPT_AT_MOST = 4000


def _kept(key: tuple[Any, ...], make: Any) -> Any:
    if key not in _KEPT:
        if len(_KEPT) >= KEPT_AT_MOST:
            _KEPT.clear()
        _KEPT[key] = make()
    return _KEPT[key]


def _section(text: str, page: NavPage, links: Links, edition_url: str) -> Section:
    """:func:`print_section`, kept for a page without a builder (a builder's sheet is an element the edition
    places, so it is made afresh each time)."""
    key = ("section", hashlib.sha256(text.encode()).digest(), page.url, page.title, edition_url,
           links.print_url, tuple(sorted(links.sections.items())))
    section = _kept(key, lambda: print_section(text, page.url, page.title, links))
    if section.sheets:
        _KEPT.pop(key, None)
    return section


def _article(path: Path) -> str:
    """The page's article (kept by the article's own text: a new runtime config elsewhere on the page changes
    nothing here)."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find("<article"), text.rfind("</article>")
    part = text[start:end] if 0 <= start < end else text
    return str(_kept(("article", hashlib.sha256(part.encode()).digest()), lambda: article(text)))


def write_editions(site_dir: Path, site_name: str, systems: Sequence[System], pages: Sequence[NavPage],
                   options: BookOptions, *, use_directory_urls: bool, serving: bool, site_url: str | None = None,
                   site_description: str | None = None, copyright: str | None = None) -> list[dict[str, Any]]:
    """After the build, over its output folder: each edition's page (and, with ``pdf`` and not ``serving``,
    its PDF). Returns one report per PDF: ``{"edition", "path", "pages", "bytes", "numbered"}``.

    A nav page whose built file is missing, or has no theme article, is left out of the editions.
    """
    if not options.print:
        return []
    editions = _editions(site_name, systems, pages, use_directory_urls=use_directory_urls)
    built: dict[str, str] = {}
    for page in pages:
        try:
            built[page.src_uri] = _article(site_dir / page_file(page.url))
        except (OSError, NoArticle) as error:
            log.debug(f"print editions: {page.src_uri} left out ({error})")
    present = [p for p in pages if p.src_uri in built]
    head, head_url = _head_source(site_dir, present)
    site = SiteFacts(site_name, site_url or None, site_description or None, copyright or None)
    date = build_date()
    for edition in editions:
        held = [p for p in present if edition.holds(p.src_uri)]
        links = Links(edition.url, {page_key(p.url): section_id(p.url) for p in held})
        sections = [_section(built[p.src_uri], p, links, edition.url) for p in held]
        body = edition_html(edition.text, sections, _groups(edition, held), site, systems, date=date)
        target = site_dir / edition.file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(standalone(body, f"{edition.text.title}: print edition - {site_name}", head, head_url,
                                     edition.url), encoding="utf-8")
    if options.pdf and serving:
        log.info("The PDFs are made by `rollwright build` and `rollwright pdf`, not while serving")
    if not options.pdf or serving:
        return []
    return _print_pdfs(site_dir, editions, options.chromium)


def _print_pdfs(site_dir: Path, editions: list[Edition], chromium_path: str | None) -> list[dict[str, Any]]:
    """Each edition printed to its PDF (listed by the service worker then)."""
    from rollwright.mkdocs.book.pdf import find_chromium, write_pdf

    chromium = find_chromium(chromium_path)

    def one(edition: Edition) -> dict[str, Any]:
        return write_pdf(chromium, site_dir / edition.file, site_dir / edition.pdf)

    # Two Chromiums at a time (each edition is in a folder of its own): about a fifth less time on two cores.
    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(one, editions))
    written = []
    for edition, report in zip(editions, reports):
        written.append({"edition": edition.text.key, "path": edition.pdf, **report})
        log.info(f"PDF: {edition.pdf} ({report['pages']} pages, {report['bytes'] / 1e6:.1f} MB)")
    return written
