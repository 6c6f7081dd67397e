"""Each flagship game's print edition (issue 27), on the session's build of the flagship (``site``): every
page of its nav in order, then its builder's blank sheet; every registry table whole and equal to the
engine's data; every widget's build-time answer; every inline roll with a note; nothing wider than an A4
page in Chromium's print media. (The editions' shared behaviour: tests/site/test_print_edition.py and
tests/browser/test_print_pdf.py, on the Pips site.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rollwright.kit.characters import builder_systems
from rollwright.kit.system import all_systems
from rollwright.kit.tables import build_table
from rollwright.mkdocs.book.dom import parse
from tests.support.print_edition import article, nav_urls, registered_tables, sections, too_wide, widget_answers

CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"
GAMES = sorted(all_systems())


def _edition(site: Path, game: str) -> str:
    return (site / all_systems()[game].docs / "print" / "index.html").read_text(encoding="utf-8")


def _sources(site: Path, game: str) -> list[str]:
    return [article((site / url / "index.html").read_text(encoding="utf-8"))
            for url in nav_urls(CONFIG, all_systems()[game].docs)]


@pytest.mark.parametrize("game", GAMES)
def test_a_games_edition_holds_its_nav_pages_in_order_then_its_blank_sheet(site: Path, game: str) -> None:
    found = sections(_edition(site, game))
    assert [url for _, kind, url in found if kind == "page"] == nav_urls(CONFIG, all_systems()[game].docs)
    sheets = [system for _, kind, system in found if kind == "sheet"]
    assert sheets == ([game] if game in {s.id for s in builder_systems()} else [])
    if sheets:
        assert found[-1][1] == "sheet"


def test_the_sites_edition_holds_every_nav_page_in_order(site: Path) -> None:
    found = sections((site / "print" / "index.html").read_text(encoding="utf-8"))
    assert [url for _, kind, url in found if kind == "page"] == nav_urls(CONFIG)
    assert sorted(system for _, kind, system in found if kind == "sheet") == sorted(s.id for s in builder_systems())


@pytest.mark.parametrize("game", GAMES)
def test_every_table_is_whole_and_equal_to_the_engines_data(site: Path, game: str) -> None:
    printed = registered_tables(_edition(site, game))
    assert printed == [table for source in _sources(site, game) for table in registered_tables(source)]
    assert printed, f"{game} prints no registry table"
    for name, params, rows in printed:
        assert rows == build_table(name, **json.loads(params)).text_rows(), name


@pytest.mark.parametrize("game", GAMES)
def test_every_widget_and_inline_roll_keeps_its_build_time_answer(site: Path, game: str) -> None:
    edition, sources = _edition(site, game), _sources(site, game)
    assert widget_answers(edition) == [answer for source in sources for answer in widget_answers(source)]
    chips = sum(source.count("data-rw-chip=") for source in sources)
    root = parse(edition)
    assert len(root.find_all(lambda e: e.has_class("rw-print-chip"))) == chips
    notes = [note.text() for note in root.find_all(lambda e: e.tag == "li" and e.parent is not None
                                                    and e.parent.has_class("rw-print-odds"))]
    assert len(notes) == chips and all(note.strip() for note in notes)
    for widget in root.find_all(lambda e: bool({"data-rw-widget", "data-rw-print-widget"} & set(e.attrs))):
        assert widget.find(lambda e: e.tag in ("form", "input", "select", "button", "textarea")) is None


@pytest.mark.browser
@pytest.mark.parametrize("edition", ["print", *(all_systems()[game].docs + "/print" for game in GAMES)])
def test_nothing_is_wider_than_an_a4_page_in_print(site: Path, browser, edition: str) -> None:
    assert too_wide(browser, (site / edition / "index.html").as_uri()) == []
