"""The built site: strict build, engine tables in the HTML, widgets pre-rendered, nothing remote."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from engine.api import call
from engine.present.numbers import percent
from tests.site.conftest import build, page
from tests.site.html_reader import read

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


LOADING_LINK_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "manifest", "import"}


def remote_loads(html: str) -> list[str]:
    """Every URL on another host that the page would fetch (not mere links like rel=canonical)."""
    found = []
    for tag, attrs in read(html).attributes:
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed"):
            url = attrs.get("src") or ""
        elif tag == "link" and set((attrs.get("rel") or "").split()) & LOADING_LINK_RELS:
            url = attrs.get("href") or ""
        else:
            continue
        if re.match(r"(https?:)?//", url, re.I):
            found.append(url)
    return found


def test_remote_load_detector_catches_remote_assets() -> None:
    page_html = ('<link rel="canonical" href="https://example.org/"><link rel="stylesheet" '
                 'href="https://fonts.example/x.css"><script src="//cdn.example/a.js"></script>')
    assert remote_loads(page_html) == ["https://fonts.example/x.css", "//cdn.example/a.js"]


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    css_remote = re.compile(r'(?:@import|url\()\s*["\']?(https?:)?//', re.I)
    pages = list(site.rglob("*.html"))
    assert len(pages) >= 3
    for path in pages:
        assert remote_loads(path.read_text(encoding="utf-8")) == [], path
    for path in site.rglob("*.css"):
        assert not css_remote.search(path.read_text(encoding="utf-8")), path


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
