"""An edition's HTML: its title page, its contents, its sections, then a blank sheet per game with a builder.

Every word a designer wrote (titles, pitch, licence, attribution) goes in as text through :mod:`.dom`,
escaped there.

>>> facts = SiteFacts("Pips & Co", url="https://x.org/srd/")
>>> html = edition_html(EditionText("site", "Pips & Co", None, "index.md"), [], [], facts, [], date="2026-01-01")
>>> html.startswith('<div class="rw-print" data-rw-print="site">'), "Pips &amp; Co" in html
(True, True)
>>> "Built on 2026-01-01" in html
True
>>> 'href="https://x.org/srd/"' in html
True
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import rollwright
from rollwright.kit.system import System
from rollwright.mkdocs.book.dom import Element, element
from rollwright.mkdocs.book.section import Section

SHEET_REPORTS = ("problems",)
"""Parts of a builder's sheet that report on the character it shows (the builders' convention for the rules'
findings): a blank sheet has nothing to report."""

Groups = list[tuple[str | None, list[str]]]
"""The contents' groups: a top-level section's title (None: pages at the top) and its pages' section ids."""


@dataclass(frozen=True)
class SiteFacts:
    """What the title page says about the site: its name, address, description and copyright line."""

    name: str
    url: str | None = None
    description: str | None = None
    copyright: str | None = None


@dataclass(frozen=True)
class EditionText:
    """Which edition: its key, title, game (None: the whole site) and the source of its home page."""

    key: str
    title: str
    system: System | None
    home: str


def _title_page(edition: EditionText, site: SiteFacts, systems: Sequence[System], date: str | None) -> Element:
    system = edition.system
    shown = [system] if system is not None else list(systems)
    facts = [element("p", None, "Made with Rollwright ", rollwright.__version__)]
    if date:
        facts.append(element("p", None, f"Built on {date}"))
    if site.url:
        where = site.url.rstrip("/") + "/" + (posixpath.dirname(edition.home) + "/" if system else "")
        facts.append(element("p", None, "Online, with live dice and odds: ", element("a", {"href": where}, where)))
    if system is not None and system.source:
        facts.append(element("p", None, f"Source: {system.source}"))
    licence = element("div", {"class": "rw-print-title__licence"},
                      element("p", None, element("strong", None, "Licence")),
                      *[element("p", None, s.licence_notice) for s in shown])
    if site.copyright:
        licence.append(element("p", None, str(site.copyright)))
    pitch = system.pitch if system is not None else (site.description or "")
    kicker = f"{site.name}: print edition" if system is not None else "Print edition"
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


def _contents(sections: list[Section], detailed: bool, groups: Groups, sheets: list[tuple[str, str]]) -> Element:
    by_id = {s.id: s for s in sections}
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


def _sheet_section(system_id: str, sheet: Element, systems: Sequence[System]) -> tuple[str, str, Element]:
    system = next((s for s in systems if s.id == system_id), None)
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


def edition_html(edition: EditionText, sections: list[Section], groups: Groups, site: SiteFacts,
                 systems: Sequence[System], *, date: str | None) -> str:
    """The whole edition's HTML: title page, contents, sections, then the blank sheets (one per game, however
    many builders it has); ``systems``: the site's games (the whole site's licences, the sheets' titles)."""
    first = {system_id: sheet for section in reversed(sections) for system_id, sheet in reversed(section.sheets)}
    order = list(dict.fromkeys(system_id for section in sections for system_id, _ in section.sheets))
    sheets = [_sheet_section(system_id, first[system_id], systems) for system_id in order]
    parts = [_title_page(edition, site, systems, date).html(),
             _contents(sections, edition.system is not None, groups, [(t, title) for t, title, _ in sheets]).html()]
    parts += [s.html for s in sections]
    parts += [body.html() for _, _, body in sheets]
    return f'<div class="rw-print" data-rw-print="{escape(edition.key)}">' + "\n".join(parts) + "</div>"
