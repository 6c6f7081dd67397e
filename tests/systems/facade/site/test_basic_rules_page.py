"""The Façade pages as built: engine tables in the HTML, widgets pre-rendered, bad macros fail the build."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from rollwright.kit.api import call
from rollwright.kit.numbers import percent
from tests.support.html_reader import read
from tests.support.site_build import build, page


def test_trait_chart_in_html_equals_engine_data(site: Path) -> None:
    rows = read(page(site, "facade/basic-rules")).tables["facade-traits"]
    expected = [[str(r["rating"]), r["dice"], r["label"]] for r in call("facade.traits")["rows"]]
    assert rows[0] == ["Trait rating", "Dice rolled", "Description"]
    assert rows[1:] == expected and len(expected) == 18


def test_success_chart_in_html_equals_engine_data(site: Path) -> None:
    rows = read(page(site, "facade/basic-rules")).tables["facade-success"]
    expected = [[r["result"], "–" if r["level"] is None else str(r["level"]), r["name"]]
                for r in call("facade.success_levels")["rows"]]
    assert rows[1:] == expected


def test_equal_difficulty_table_equals_engine_odds(site: Path) -> None:
    rows = read(page(site, "facade/basic-rules")).tables["facade-equal-odds"][1:]
    for trait, row in enumerate(rows, start=1):
        odds = call("facade.odds", {"trait": trait, "difficulty": trait})
        assert row[3:] == [percent(Fraction(odds["p_success"])), odds["p_success"]]


def test_widgets_are_prerendered_with_engine_results(site: Path) -> None:
    html = page(site, "facade/basic-rules")
    widgets = re.findall(r'data-rw-widget="([a-z-]+)"', html)
    assert widgets == ["facade-roller", "facade-odds", "facade-automatic", "facade-contest", "facade-cooperation"]
    odds = call("facade.odds", {"trait": 12, "difficulty": 14})
    assert f'data-rw-p-success="{odds["p_success"]}"' in html
    roll = call("facade.roll", {"trait": 10, "difficulty": 10, "seed": 1})
    assert f'data-rw-total="{roll["total"]}"' in html
    assert "<fieldset class=\"rw-fields\" disabled>" in html  # inert until Python is live


def test_designer_notes_are_visible(site: Path) -> None:
    html = page(site, "facade/basic-rules")
    assert html.count('class="admonition designer"') == 4




@pytest.mark.parametrize("macro, cause", [
    ('{{ widget("facade-odds", trait=30, difficulty=1) }}', "Trait: enter a whole number from 1 to 18 (got 30)"),
    ('{{ widget("facade-rollr", trait=3) }}', "no widget named 'facade-rollr'"),
    ('{{ facade_chance(10) }}', "missing 1 required positional argument"),
])
def test_bad_macro_call_fails_the_build_naming_page_and_cause(scratch_project: Path, macro: str, cause: str) -> None:
    for name in ("basic-rules.md",):
        (scratch_project / "docs" / "facade" / name).write_text(f"# Broken\n\n{macro}\n", encoding="utf-8")
    result = build(scratch_project / "mkdocs.yml", scratch_project / "out")
    assert result.returncode != 0
    assert "facade/basic-rules.md" in result.stderr and cause in result.stderr
