"""The Character creation page: builder anchors, generated cost tables with errata marked, widgets, notes."""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.kit.api import call
from rollwright.kit.tables import build_table
from tests.support.site_build import page
from tests.support.html_reader import read

ANCHORS = ("weighted-point-buy", "attributes", "modifiers", "skills", "standard-skills", "cascade-skills",
           "backgrounds", "standard-backgrounds", "exponential-backgrounds", "extra-points", "weighted-pool-buy",
           "advancement")
TABLES = ("facade-creation-budgets", "facade-creation-attributes", "facade-creation-modifiers",
          "facade-creation-standard-skills", "facade-creation-cascade-skills", "facade-creation-age-points",
          "facade-creation-background-rates", "facade-creation-standard-backgrounds",
          "facade-creation-exponential-backgrounds")


def test_headings_carry_the_anchors_the_builder_links_to(site: Path) -> None:
    ids = re.findall(r'<h[2-4] id="([^"]+)"', page(site, "facade/creation"))
    assert [a for a in ids if a in ANCHORS] == list(ANCHORS)
    assert len(ids) == len(set(ids))


def test_cost_tables_equal_engine_data(site: Path) -> None:
    tables = read(page(site, "facade/creation")).tables
    for name in TABLES:
        assert tables[name] == build_table(name).text_rows(), name


def test_errata_cells_are_marked(site: Path) -> None:
    html = page(site, "facade/creation")
    tables = read(html).tables
    assert tables["facade-creation-cascade-skills"][5][1] == "15 / 45 (printed: 15 / 35)"
    exponential = tables["facade-creation-exponential-backgrounds"]
    assert exponential[10][3] == "10 / 55 (printed: 10 / 35)"
    assert exponential[12][3] == "12 / 78 (printed: 12 / 88)"
    assert html.count('class="rw-errata"') == 3
    errata = read(page(site, "facade/errata")).tables["facade-errata"]
    flat = [" | ".join(row) for row in errata]
    for printed, computed in (("35", "45"), ("35", "55"), ("88", "78"), ("5 AP into Athletics", "5 SP into Athletics"),
                              ("Specific", "Specialty")):
        assert any(f"| {printed} | {computed} |" in row for row in flat), (printed, computed)


def test_widgets_are_prerendered_with_the_engines_answers(site: Path) -> None:
    html = page(site, "facade/creation")
    assert 'data-rw-widget="facade-cost"' in html and 'data-rw-widget="facade-cascade"' in html
    cost = call("facade.creation_cost", {"what": "modifier-medium", "from_level": 0, "to_level": 3})
    assert f'data-rw-total="{cost["total"]}" data-rw-pool="AP" data-rw-ep="5" data-rw-wp="2.5"' in html
    cascade = call("facade.cascade", {"specialty_a": 5, "specialty_b": 5, "specialty_c": 4, "other_focuses": 0})
    assert (cascade["levels"]["broad"], cascade["levels"]["focus"]) == (1, 3)
    assert 'data-rw-broad="1" data-rw-focus="3" data-rw-specialties="4 4 3"' in html


def test_designers_notes_cover_the_readings_and_gaps(site: Path) -> None:
    html = page(site, "facade/creation")
    notes = re.findall(r'<p class="admonition-title">([^<]+)</p>', html)
    for phrase in ("how much a drawback gives back", "modifiers above 6", "specialty or specific",
                   "how the engine works out a cascade tree", "really equal", "rounding the age award",
                   "odd levels and the level range"):
        assert any(phrase in n for n in notes), (phrase, notes)
