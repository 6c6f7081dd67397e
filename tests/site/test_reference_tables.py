"""Every registered reference table in the built site equals the engine's data, cell by cell."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rollwright.kit.errata import all_errata
from rollwright.kit.system import System, all_systems
from rollwright.kit.tables import all_tables, build_table
from tests.support.html_reader import read


def registered_tables(site: Path) -> list[tuple[str, str, dict, list[list[str]]]]:
    """(page, table name, params, rows) for every ``data-rw-registered`` table in the site."""
    found = []
    for path in sorted(site.rglob("index.html")):
        reader = read(path.read_text(encoding="utf-8"))
        for tag, attributes in reader.attributes:
            if tag == "table" and "data-rw-registered" in attributes:
                name = attributes["data-rw-table"] or ""
                found.append((str(path.relative_to(site).parent), name,
                              json.loads(attributes["data-rw-params"] or "{}"), reader.tables[name]))
    return found


def test_every_registered_table_in_the_html_equals_engine_data(site: Path) -> None:
    tables = registered_tables(site)
    assert tables, "no registered tables found in the site"
    for page_path, name, params, rows in tables:
        assert rows == build_table(name, **params).text_rows(), f"{name} on {page_path}"


def test_every_registered_table_is_shown_somewhere(site: Path) -> None:
    shown = {name for _, name, _, _ in registered_tables(site)}
    assert set(all_tables()) - shown == set()


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_each_systems_errata_table_lists_every_erratum_it_finds(site: Path, system: System) -> None:
    """A system with errata shows them all, in page order, in its ``<id>-errata`` table."""
    found = all_errata(system)
    shown = [read(path.read_text(encoding="utf-8")).tables.get(f"{system.id}-errata")
             for path in sorted((site / system.docs).rglob("index.html"))]
    tables = [rows for rows in shown if rows is not None]
    if not found and not tables:
        return
    assert len(tables) == 1, f"{system.id}: the errata table must be on exactly one page"
    assert [r[0] for r in tables[0][1:]] == [e.where for e in found]


def test_every_erratum_links_to_a_real_anchor(site: Path) -> None:
    for erratum in all_errata():
        path, _, anchor = erratum.page.partition("#")
        html = (site / path.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, f"{erratum.key}: no #{anchor} on {path}"


class _LooseTables(HTMLParser):
    """Counts tables in a page's article that are neither registered nor inside a live widget."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0            # open elements inside a widget, chip or builder
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        live = any(k in values for k in ("data-rw-widget", "data-rw-builder", "data-rw-chip"))
        if self.depth or live:
            if tag not in VOID:
                self.depth += 1
            return
        if tag == "table" and "data-rw-registered" not in values:
            self.loose.append(values.get("data-rw-table") or "(unnamed)")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1


VOID = {"input", "br", "hr", "img", "meta", "link", "col", "source", "wbr"}


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_every_rules_table_is_a_registered_engine_table(site: Path, system: System) -> None:
    for path in sorted((site / system.docs).rglob("index.html")):
        html = path.read_text(encoding="utf-8")
        article = html[html.index('<article'):html.index('</article>')]
        reader = _LooseTables()
        reader.feed(article)
        assert reader.loose == [], f"{path.relative_to(site)}: tables not built by the registry: {reader.loose}"
