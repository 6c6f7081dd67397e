"""Print editions: one page per game (``<docs>/print/``) and one for the whole site (``print/``).

Each is made from the pages the build already rendered, in the order of the site's navigation: a
title page (title, Rollwright's version, the build's date, licence and attribution), a table of
contents, each page as a section that starts a new sheet of paper (:mod:`.section`), and, at the
end, a blank character sheet for each builder it holds. The plugin adds the editions' pages
(:meth:`Book.on_files`), fills them once every page is rendered (:meth:`Book.on_env`), and with
``book: {pdf: true}`` (or ``rollwright pdf``) prints each to a PDF beside it (:mod:`.pdf`).

>>> build_date({"SOURCE_DATE_EPOCH": "1767225600"}), build_date({"SOURCE_DATE_EPOCH": "315532800"})
('2026-01-01', None)
"""

from __future__ import annotations

import json
import logging
import os
import posixpath
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

import rollwright
from rollwright.kit.system import System, all_systems
from rollwright.mkdocs.book.dom import Element, element
from rollwright.mkdocs.book.section import Links, Section, page_key, print_section, section_id

TEMPLATE = "rw-print.html"
ZIP_EPOCH = 315532800
"""1980-01-01, the earliest date a ZIP file holds: reproducible builds' stand-in for "no date" (the Makefile's
default ``SOURCE_DATE_EPOCH``), so no edition claims to be built then."""

SHEET_REPORTS = ("problems",)
"""Parts of a builder's sheet that report on the character it shows (the builders' convention for the rules'
findings): a blank sheet has nothing to report."""

log = logging.getLogger("mkdocs.plugins.rollwright")


class BookOptions(base.Config):
    """The plugin's ``book:`` options: ``print`` (the print editions, default on), ``pdf`` (print each to
    a PDF with Chromium, default off; ``rollwright pdf`` turns it on) and ``chromium`` (its path)."""

    print = c.Type(bool, default=True)
    pdf = c.Type(bool, default=False)
    chromium = c.Optional(c.Type(str))


def build_date(environ: Mapping[str, str] = os.environ) -> str | None:
    """The build's date as MkDocs takes it (``SOURCE_DATE_EPOCH``, else today); None for the ZIP epoch."""
    stamp = environ.get("SOURCE_DATE_EPOCH")
    if stamp is not None and int(stamp) == ZIP_EPOCH:
        return None
    moment = datetime.fromtimestamp(int(stamp), timezone.utc) if stamp is not None else datetime.now(timezone.utc)
    return moment.strftime("%Y-%m-%d")


@dataclass
class Edition:
    """One print edition: the whole site's (``system`` None) or one game's."""

    key: str
    title: str
    system: System | None
    file: File
    home: str
    pdf: str
    sections: list[Section] = field(default_factory=list)

    def holds(self, src_uri: str) -> bool:
        return self.system is None or src_uri.startswith(self.system.docs + "/")


def _page_file(config: MkDocsConfig, files: Files, src_uri: str, title: str) -> File:
    taken = [uri for uri in (src_uri, src_uri.removesuffix(".md") + "/index.md") if files.get_file_from_path(uri)]
    if taken:
        raise PluginError(f"docs/{taken[0]} is where Rollwright puts the print edition {title!r}: rename that page, "
                          f"or turn print editions off (plugins: rollwright: book: print: false)")
    # The theme writes a page's meta title into <title> and the header as it is: escaped here, it is text.
    meta = {"title": escape(title, quote=False), "template": TEMPLATE, "search": {"exclude": True}}
    file = File.generated(config, src_uri, content=f"---\n{json.dumps(meta, ensure_ascii=False)}\n---\n")
    file.inclusion = InclusionLevel.NOT_IN_NAV
    return file


class Book:
    """The print editions of one build (the plugin holds one and calls its events)."""

    def __init__(self) -> None:
        self.options: BookOptions | None = None
        self.editions: list[Edition] = []
        self.nav: Any = None
        self.pdf = False

    @property
    def enabled(self) -> bool:
        return self.options is not None and bool(self.options.print)

    def on_config(self, options: BookOptions, *, serving: bool) -> None:
        """Remember the options; with PDFs asked for, find Chromium now, before the build's work."""
        from rollwright.mkdocs.book.pdf import find_chromium

        self.options = options
        self.pdf = bool(options.print and options.pdf and not serving)
        if options.pdf and serving:
            log.info("The PDFs are made by `rollwright build` and `rollwright pdf`, not while serving")
        if self.pdf:
            find_chromium(options.chromium)  # a plain error now if there is none

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add each edition's page, and tell the theme where they are (``extra.rw_print_editions``)."""
        self.editions = []
        if not self.enabled:
            config.extra["rw_print_editions"] = []
            return files
        home = next((f.src_uri for f in files.documentation_pages() if f.url in ("", "./", "index.html")), "index.md")
        plan = [("site", config.site_name, None, "print.md", home)] + [
            (s.id, s.title, s, f"{s.docs}/print.md", s.pages[0].path if s.pages else "")
            for s in all_systems().values()]
        for key, title, system, src_uri, first in plan:
            file = _page_file(config, files, src_uri, f"{title}: print edition")
            files.append(file)
            name = section_id(config.site_name) if system is None else system.id
            pdf = posixpath.join(posixpath.dirname(file.dest_uri), f"{name or 'site'}.pdf")
            self.editions.append(Edition(key, title, system, file, first, pdf))
        config.extra["rw_print_editions"] = [
            {"home": e.home, "print": e.file.url, "pdf": e.pdf if self.pdf else None,
             "label": f"All of {e.title} in one document, to print or save as PDF"} for e in self.editions]
        return files

    def on_nav(self, nav: Any) -> None:
        self.nav = nav

    def on_env(self, config: MkDocsConfig) -> None:
        """Fill each edition's page from the rendered pages, in the order of the navigation."""
        if not self.enabled or self.nav is None:
            return
        for edition in self.editions:
            pages = [p for p in self.nav.pages if p.file is not None and edition.holds(p.file.src_uri)]
            links = Links(edition.file.url, {page_key(p.url): section_id(p.url) for p in pages})
            edition.sections = [print_section(p.content or "", p.url, p.title or "", links) for p in pages]
            assert edition.file.page is not None, "MkDocs reads every page before on_env"
            edition.file.page.content = edition_html(edition, config, self._groups(edition))

    def _groups(self, edition: Edition) -> list[tuple[str | None, list[str]]]:
        """The contents' groups: for the whole site, each top-level section of the navigation with its
        pages' keys; for a game, one group of its pages."""
        if edition.system is not None:
            return [(None, [s.id for s in edition.sections])]
        groups: list[tuple[str | None, list[str]]] = []
        for item in self.nav.items:
            pages = [item] if getattr(item, "is_page", False) else _pages_of(item)
            ids = [section_id(p.url) for p in pages if p.file is not None]
            if ids:
                groups.append((None if getattr(item, "is_page", False) else str(item.title), ids))
        return groups

    def on_post_build(self, config: MkDocsConfig) -> list[dict[str, Any]]:
        """With PDFs asked for, print each edition to its PDF (listed by the service worker then)."""
        if not self.pdf or self.options is None:
            return []
        from rollwright.mkdocs.book.pdf import find_chromium, write_pdf

        chromium = find_chromium(self.options.chromium)
        site = Path(config.site_dir)

        def one(edition: Edition) -> dict[str, Any]:
            return write_pdf(chromium, site / edition.file.dest_uri, site / edition.pdf)

        # Two Chromiums at a time (each edition is in a folder of its own): about a fifth less time on two cores.
        with ThreadPoolExecutor(max_workers=2) as pool:
            reports = list(pool.map(one, self.editions))
        written = []
        for edition, report in zip(self.editions, reports):
            written.append({"edition": edition.key, "path": edition.pdf, **report})
            log.info(f"PDF: {edition.pdf} ({report['pages']} pages, {report['bytes'] / 1e6:.1f} MB)")
        return written


def _pages_of(section: Any) -> list[Any]:
    out = []
    for child in section.children or []:
        out += [child] if getattr(child, "is_page", False) else _pages_of(child)
    return out


def _title_page(edition: Edition, config: MkDocsConfig) -> Element:
    system = edition.system
    systems = [system] if system is not None else list(all_systems().values())
    facts = [element("p", None, "Made with Rollwright ", rollwright.__version__)]
    date = build_date()
    if date:
        facts.append(element("p", None, f"Built on {date}"))
    if config.site_url:
        where = config.site_url.rstrip("/") + "/" + (posixpath.dirname(edition.home) + "/" if system else "")
        facts.append(element("p", None, "Online, with live dice and odds: ", element("a", {"href": where}, where)))
    if system is not None and system.source:
        facts.append(element("p", None, f"Source: {system.source}"))
    licence = element("div", {"class": "rw-print-title__licence"},
                      element("p", None, element("strong", None, "Licence")),
                      *[element("p", None, s.licence_notice) for s in systems])
    if config.copyright:
        licence.append(element("p", None, str(config.copyright)))
    pitch = system.pitch if system is not None else (config.site_description or "")
    kicker = f"{config.site_name}: print edition" if system is not None else "Print edition"
    return element("header", {"class": "rw-print-title", "id": "rw-print-title"},
                   element("p", {"class": "rw-print-title__kicker"}, kicker),
                   element("h1", {"id": "rw-print-title-heading"}, edition.title),
                   element("p", {"class": "rw-print-title__pitch"}, pitch) if pitch else "",
                   element("div", {"class": "rw-print-title__facts"}, *facts), licence)


def _toc_entry(target: str, title: str, children: list[Element] | None = None) -> Element:
    entry = element("li", {"class": "rw-print-toc__entry"},
                    element("a", {"href": f"#{target}"}, element("span", {"class": "rw-print-toc__text"}, title),
                            element("span", {"class": "rw-print-toc__page", "data-rw-page-of": target})))
    if children:
        entry.append(element("ol", {"class": "rw-print-toc__sub"}, *children))
    return entry


def _contents(edition: Edition, groups: list[tuple[str | None, list[str]]], sheets: list[tuple[str, str]]) -> Element:
    by_id = {s.id: s for s in edition.sections}
    detailed = edition.system is not None
    items: list[Element] = []
    for title, ids in groups:
        entries = [_toc_entry(by_id[i].id, by_id[i].title,
                              [_toc_entry(h, text) for h, text in by_id[i].headings] if detailed else None)
                   for i in ids if i in by_id]
        if title is None:
            items += entries
        elif entries:
            items.append(element("li", {"class": "rw-print-toc__group"}, element("span", None, title),
                                 element("ol", {"class": "rw-print-toc__sub"}, *entries)))
    items += [_toc_entry(target, title) for target, title in sheets]
    return element("nav", {"class": "rw-print-toc", "aria-labelledby": "rw-print-toc-title"},
                   element("h1", {"id": "rw-print-toc-title"}, "Contents"),
                   element("ol", {"class": "rw-print-toc__list"}, *items))


def _sheet_section(system_id: str, sheet: Element) -> tuple[str, str, Element]:
    system = all_systems().get(system_id)
    title = f"{system.title if system else system_id} character sheet"
    target = f"sheet-{system_id}"
    for report in sheet.find_all(lambda e: e.attrs.get("data-rw-section") in SHEET_REPORTS):
        report.remove()
    for head in sheet.find_all(lambda e: e.has_class("rw-csheet__head")):
        for name in head.find_all(lambda e: e.tag in ("h1", "h2", "h3")):
            name.replace_with(element("p", {"class": "rw-print-sheet__name"}, "Name: ",
                                      element("span", {"class": "rw-print-blank"}, "")))
    body = element("section", {"class": "rw-print-section rw-print-sheet", "id": target,
                               "data-rw-print-sheet": system_id},
                   element("h1", {"id": f"{target}-title"}, title),
                   element("p", {"class": "rw-print-note"}, "A new character as the builder starts one, "
                           "to fill in by hand: write over its starting values."), sheet)
    return target, title, body


def edition_html(edition: Edition, config: MkDocsConfig, groups: list[tuple[str | None, list[str]]]) -> str:
    """The whole edition's HTML: title page, contents, sections, then the blank sheets."""
    first = {system_id: sheet for section in reversed(edition.sections) for system_id, sheet in reversed(section.sheets)}
    order = list(dict.fromkeys(system_id for section in edition.sections for system_id, _ in section.sheets))
    sheets = [_sheet_section(system_id, first[system_id]) for system_id in order]  # one per game, however many builders
    parts = [_title_page(edition, config).html(),
             _contents(edition, groups, [(t, title) for t, title, _ in sheets]).html()]
    parts += [s.html for s in edition.sections]
    parts += [body.html() for _, _, body in sheets]
    return f'<div class="rw-print" data-rw-print="{escape(edition.key)}">' + "\n".join(parts) + "</div>"
