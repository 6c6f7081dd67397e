"""The built Systems page: one section per system, a live widget beside each, tables from the engine."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from rollwright.kit.api import call
from rollwright.kit.numbers import percent
from tests.support.site_build import page
from tests.support.html_reader import read

SECTIONS = ("first-aid", "healing", "enduring-pain", "carrying-capacity", "feats-of-strength", "running", "stunts",
            "inspiring-passion")
WIDGETS = ["facade-first-aid", "facade-healing", "facade-pain", "facade-carrying", "facade-running",
           "facade-stunts", "facade-passion"]


def _systems(site: Path) -> str:
    return page(site, "facade/systems")


def test_every_system_has_an_anchored_section_in_order(site: Path) -> None:
    html = _systems(site)
    positions = [html.find(f'id="{anchor}"') for anchor in SECTIONS]
    assert all(p > 0 for p in positions), dict(zip(SECTIONS, positions))
    assert positions == sorted(positions)


def test_each_system_has_its_widget_in_its_section(site: Path) -> None:
    html = _systems(site)
    assert re.findall(r'data-rw-widget="([a-z-]+)"', html) == WIDGETS
    starts = [html.find(f'id="{a}"') for a in SECTIONS if a != "feats-of-strength"]
    for widget, start, end in zip(WIDGETS, starts, starts[1:] + [len(html)]):
        assert start < html.find(f'data-rw-widget="{widget}"') < end, widget


def test_widgets_show_the_seed_examples_at_build_time(site: Path) -> None:
    html = _systems(site)
    assert 'data-rw-effective-health="11"' in html  # Health 3 + 3 x 2 + 2
    healing = call("facade.healing", {"health": 3, "bruising": 4, "crushing": 1, "deadly": 2,
                                      "activity": "bed-rest", "doctor_level": 3, "complete_care": True})
    assert f'data-rw-totals="{" ".join(t["total"] for t in healing["types"])}"' in html
    aid = call("facade.first_aid", {"damage": 8, "health": 3, "trait": 9})
    assert f'data-rw-difficulty="5" data-rw-p-success="{aid["p_success"]}"' in html
    stunts = call("facade.stunts", {"trait": 7, "difficulty": 16, "rolled": 12})
    assert f'data-rw-p-extra="{" ".join(ln["p_success"] for ln in stunts["lines"])}"' in html


def test_reference_tables_read_like_the_seed(site: Path) -> None:
    tables = read(_systems(site)).tables
    carrying = tables["facade-carrying"]
    assert carrying[0] == ["Strength", "Light", "Comfortable", "Heavy", "Unbearable"]
    assert carrying[4] == ["3", "12%", "25%", "50%", "100%"]
    assert not any("printed" in cell for row in carrying for cell in row)  # the doubling rule holds everywhere
    running = tables["facade-running-speeds"]
    assert [r[1] for r in running[1:]] == ["1", "3", "6", "12", "18", "24", "32"]
    assert [r[5] for r in running[1:]] == [str(a + 1) for a in range(7)]
    assert tables["facade-healing-times"][3][1] == "1/3 day (8 hours)"


def test_calculator_tables_equal_engine_values(site: Path) -> None:
    tables = read(_systems(site)).tables
    passion = call("facade.passion", {"trait": 10, "persona": 9})["passive"]
    rows = tables["facade-passion-levels"][1:]
    assert rows[0][1] == percent(Fraction(passion["p_fail"]))
    assert [r[2] for r in rows[1:]] == [p for lv, p in passion["levels"]][: len(rows) - 1]
    carrying = tables["facade-carrying-result"]
    # 60 lbs on a 155 lb Strength 3 body: over Comfortable (25% = 38.75 lbs), within Heavy (50% = 77.5 lbs).
    assert carrying[2][2:] == ["up to 38.75 lbs", ""] and carrying[3][2:] == ["up to 77.5 lbs", "◀ this load"]
    assert [r[0] for r in carrying[1:]] == ["Light", "Comfortable", "Heavy", "Unbearable"]


def test_gaps_and_readings_are_designer_notes(site: Path) -> None:
    html = _systems(site)
    assert len(re.findall(r'class="admonition designer"', html)) >= 7
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for phrase in ("no rate given", "beyond the table", "no interval given", "no speed left", "heaviest"):
        assert phrase in text, phrase


def test_errata_page_lists_the_running_claim(site: Path) -> None:
    rows = read(page(site, "facade/errata")).tables["facade-errata"]
    running = [r for r in rows if r[0] == "Running"]
    assert len(running) == 1 and "Agility 0" in running[0][1]
    assert '../systems/#running' in page(site, "facade/errata")
