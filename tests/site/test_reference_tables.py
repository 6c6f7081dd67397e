"""Every registered reference table in the built site equals the engine's data, cell by cell."""

from __future__ import annotations

import json
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
