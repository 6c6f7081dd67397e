"""The Characters page: headings the builder links to, engine tables, pre-rendered widgets, notes."""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.kit.api import call
from rollwright.kit.tables import build_table
from tests.support.site_build import page
from tests.support.html_reader import read

ANCHORS = ("attributes", "categories-and-specific-attributes", "height-and-weight", "limit-pools", "strain",
           "fatigue", "stress", "passion", "exhaustion", "modifiers", "skills", "defaulting", "backgrounds",
           "liabilities", "derived-statistics")
TABLES = ("facade-attributes", "facade-attribute-meanings", "facade-height-weight", "facade-limit-pools",
          "facade-pool-thresholds")


def test_headings_carry_the_anchors_the_builder_links_to(site: Path) -> None:
    html = page(site, "facade/characters")
    ids = re.findall(r'<h[2-4] id="([^"]+)"', html)
    assert [a for a in ids if a in ANCHORS] == list(ANCHORS)
    assert len(ids) == len(set(ids))


def test_registered_tables_equal_engine_data(site: Path) -> None:
    tables = read(page(site, "facade/characters")).tables
    for name in TABLES:
        assert tables[name] == build_table(name).text_rows(), name


def test_widgets_are_prerendered_with_the_engines_answers(site: Path) -> None:
    html = page(site, "facade/characters")
    for name in ("facade-height-weight", "facade-limit-pool", "facade-trait-total"):
        assert f'data-rw-widget="{name}"' in html
    strain = call("facade.limit_pool", {"pool": "Strain", "category": 10, "level": 22, "will": 4,
                                        "paying_exhaustion": True})
    assert f'data-rw-pool-status="{strain["status"]}"' in html and strain["status"] == "must-rest"
    assert 'data-rw-trait-total="6" data-rw-defaulted-difficulty="14"' in html
    assert 'data-rw-height-inches="63" data-rw-weight-lbs="117"' in html


def test_designers_notes_cover_the_gaps(site: Path) -> None:
    html = page(site, "facade/characters")
    notes = re.findall(r'<p class="admonition-title">([^<]+)</p>', html)
    for phrase in ("pool rules", "missing modifier lists", "defaulting when the trait total is higher",
                   "missing example lists"):
        assert any(phrase in n for n in notes), (phrase, notes)
    assert 'href="../creation/#attributes"' in html
