"""Every registered reference table in the built site equals the engine's data, cell by cell."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from engine.present.reference_tables import all_tables, build_table
from tests.site.html_reader import read


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


def test_errata_page_lists_every_erratum(site: Path) -> None:
    from engine.systems.facade.errata import all_errata

    rows = read((site / "facade" / "errata" / "index.html").read_text(encoding="utf-8")).tables["facade-errata"]
    assert [r[0] for r in rows[1:]] == [e.where for e in all_errata()]
    assert len(rows) - 1 == len(all_errata()) >= 1


def test_every_erratum_links_to_a_real_anchor(site: Path) -> None:
    from engine.systems.facade.errata import all_errata

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


def test_every_rules_table_is_a_registered_engine_table(site: Path) -> None:
    for path in sorted((site / "facade").rglob("index.html")):
        html = path.read_text(encoding="utf-8")
        article = html[html.index('<article'):html.index('</article>')]
        reader = _LooseTables()
        reader.feed(article)
        assert reader.loose == [], f"{path.relative_to(site)}: tables not built by the registry: {reader.loose}"
