"""The built Combat page: anchors, engine tables, pre-rendered widgets and designer's notes."""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.kit.api import call
from rollwright.kit.tables import build_table
from tests.support.site_build import page
from tests.support.html_reader import read

ANCHORS = ("weapons", "armor", "damage-against-armor", "health-and-damage", "wound-penalties", "simple-combat",
           "blows-and-damage", "dramatic-combat", "initiative", "active-and-passive-actions",
           "attacks-and-hit-locations", "combat-equipment", "melee-weapons", "martial-arts", "ranged-weapons",
           "armor-materials", "armor-list")
TABLES = ("facade-health-levels", "facade-wound-penalties", "facade-simple-blows", "facade-hit-locations",
          "facade-melee-weapons", "facade-martial-arts", "facade-ranged-weapons", "facade-armor-materials",
          "facade-armor")


def test_combat_page_has_every_section(site: Path) -> None:
    html = page(site, "facade/combat")
    for anchor in ANCHORS:
        assert f'id="{anchor}"' in html, anchor


def test_combat_tables_equal_engine_data(site: Path) -> None:
    tables = read(page(site, "facade/combat")).tables
    for name in TABLES:
        assert tables[name] == build_table(name).text_rows(), name
    assert tables["facade-hit-locations"][6] == ["9-11", "3", "Full", "Full", "Glancing", "Glancing", "Scratch"]


def test_combat_widgets_are_prerendered_with_engine_results(site: Path) -> None:
    html = page(site, "facade/combat")
    assert re.findall(r'data-rw-widget="([a-z-]+)"', html) == ["facade-armor", "facade-blow", "facade-attack"]
    assert 'data-rw-taken="1B"' in html and 'data-rw-incoming="3D"' in html  # the broadsword example
    blow = call("facade.blow", {"trait_a": 10, "trait_b": 10, "roll_a": 10, "roll_b": 6})
    assert blow["given"]["blow"] == "full" and 'data-rw-blow="full"' in html
    assert f'data-rw-p-a="{blow["p_a"]}"' in html
    attack = call("facade.attack", {"trait": 12, "action": 10, "defense": "none"})
    assert f'data-rw-p-hit="{attack["p_hit"]}"' in html


def test_combat_gaps_are_designers_notes(site: Path) -> None:
    html = page(site, "facade/combat")
    notes = re.findall(r'<p class="admonition-title">Designer(?:&rsquo;|\'|’)s note: ([^<]+)</p>', html)
    for topic in ("Str. and Min.", "protection and Reduction", "health levels", "ties", "Savage",
                  "action rules are missing", "active defense", "L damage type", "armor tables disagree",
                  "halving Strength"):
        assert any(topic in n for n in notes), (topic, notes)


def test_combat_errata_link_to_the_page(site: Path) -> None:
    rows = read(page(site, "facade/errata")).tables["facade-errata"]
    items = [r[1] for r in rows[1:]]
    assert "Full Plate: protection against D" in items and "Shield, Small: Reduction" in items
    assert "Chain Shirt: −1 Dex" in items
