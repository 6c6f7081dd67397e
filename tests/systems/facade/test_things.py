"""Façade's things against the draft's own tables: every printed figure, cell by cell, in the draft's order.

The rows below are the draft's print (shared/seeds/000_00052c8d2dc1dbe3.txt, "Combat Equipment"), as
printed: abbreviations, dashes, footnote marks on names, feet marks. The entries are read from
``engine/systems/facade/things.toml`` and its CSV files.
"""

from __future__ import annotations

import re

import pytest

from rollwright.things.model import Entry, Kind
from rollwright.things.registry import package_kinds

MELEE = [
    ["Bastard Sword", "4D", "5", "3", "Large"], ["Battleaxe", "3D", "4", "2", "Med."],
    ["Broadsword", "3D", "4", "2", "Med."], ["Greatsword", "5D", "7", "4", "Large"],
    ["Halberd", "5D", "6", "3", "Large"], ["Hatchet", "2D", "2", "-", "Small"],
    ["Knife/Dagger", "1D", "1", "-", "Small"], ["Large Chain", "4C", "5", "2", "Large"],
    ["Mace", "4C", "4", "2", "Med."], ["Maul", "6C", "7", "4", "Large"], ["Nunchuku", "2C", "2", "-", "Med."],
    ["Rapier", "2D", "2", "-", "Med."], ["Shortsword", "2D", "2", "1", "Small"], ["Spear", "3D", "4", "2", "Large"],
    ["Staff", "3C", "2", "-", "Large"], ["Warhammer", "3C", "4", "2", "Med."],
]
RANGED = [
    ["Shortbow", "2L", "2", "-", "60’"], ["Longbow3", "4L", "4", "2", "100’"], ["Comp. Bow", "3L", "2", "-", "100’"],
    ["Crossbow3", "3L", "-", "-", "100’"], ["Knife", "1L", "1", "-", "15’"], ["Big Rock", "3C", "3", "-", "10’"],
    ["Small Handgun3", "2L", "1", "-", "60’"], ["Big Handgun3", "3L", "2", "-", "90’"],
    ["Small SMG3,4", "3L", "2", "-", "70’"], ["Large SMG3,4", "4L", "3", "-", "150’"], ["Rifle3", "3L", "3", "-", "600’"],
    ["Shotgun", "4L", "4", "2", "60’"], ["Assault Rifle3,4", "4L", "5", "2", "450’"],
]
MATERIALS = [
    ["Thick Cloth (Sweater)", "1", "-", "-", "-"], ["Thin Leather (Leather pants)", "2", "-", "-", "1"],
    ["Thick Leather (Leather Jacket)", "3", "1", "1", "2"], ["Kevlar (Bulletproof Vest)", "2", "1", "1", "2*"],
    ["Boiled Leather (Leather Armor)", "2", "1", "2", "3"], ["Boiled Hide (Thick Armor)", "4", "2", "2", "4"],
    ["Thin Wood (Wood banding)", "1", "-", "1", "1"], ["Thick Wood (Shield)", "3", "3", "3", "4"],
    ["Thin Plastic (Reinforcing)", "2", "1", "2", "3"], ["Thick Plastic (PVC Plate)", "5", "3", "3", "5"],
    ["Light Chain (Chainmail)", "3", "1", "3", "6"], ["Heavy Chain (Ringmail)", "4", "2", "4", "6"],
    ["Thin Metal (Light Plate)", "3", "2", "3", "5"], ["Thick Metal (Full Plate)", "6", "3", "5", "7"],
    ["Plasti/Ceramsteel", "7", "4", "6", "8"],
]
MATERIAL_STAR = "16"  # "* 16 vs. Bullets"
ARMOR = [
    ["Leather Jacket", "3B/1C/1D", "2", "T,A"], ["Leather Pants", "2B/0C/0D", "1", "L"],
    ["Leather Armor", "2B/1C/2D", "3", "T,A"], ["Chain Shirt", "3B/1C/3D", "6", "T,A"], ["Flak Vest", "6B/3C/5D", "7", "T"],
    ["Kevlar Vest", "2B/1C/1D", "2", "T"], ["Shield, Small", "3 to all", "NA", "Parry"],
    ["Shield, Large", "4 to all", "NA", "Parry"], ["Tech Clothes", "2B/1C/2D", "3", "T,L,A"],
    ["Footb. Helmet", "5B/3C/3D", "5", "H"], ["Full Plate", "6B/3C/4D", "7", "T,L,A,H"],
]
ABBREVIATED = {"Med.": "Medium", "Footb. Helmet": "Football Helmet"}


def _kind(kind_id: str) -> Kind:
    return next(k for k in package_kinds("facade") if k.id == kind_id)


def _printed(value: object) -> str:
    return "-" if value is None else str(value)


def _name_and_marks(printed: str) -> tuple[str, tuple[str, ...]]:
    found = re.fullmatch(r"(.*?[A-Za-z.])([\d,]*)", printed)
    assert found is not None
    return ABBREVIATED.get(found.group(1), found.group(1)), tuple(found.group(2).split(",")) if found.group(2) else ()


def _entries(kind_id: str, count: int) -> tuple[Entry, ...]:
    entries = _kind(kind_id).entries
    assert len(entries) == count, f"{kind_id}: {len(entries)} entries, the draft prints {count}"
    return entries


@pytest.mark.parametrize("index", range(len(MELEE)))
def test_melee_weapons_equal_the_draft(index: int) -> None:
    name, damage, strength, minimum, reach = MELEE[index]
    entry = _entries("melee-weapons", len(MELEE))[index]
    assert entry.name == name
    assert f"{entry.get('damage')}{entry.get('type')}" == damage
    assert (_printed(entry.get("strength")), _printed(entry.get("minimum"))) == (strength, minimum)
    assert entry.get("reach") == ABBREVIATED.get(reach, reach)


@pytest.mark.parametrize("index", range(len(RANGED)))
def test_ranged_weapons_equal_the_draft(index: int) -> None:
    printed_name, damage, strength, minimum, feet = RANGED[index]
    entry = _entries("ranged-weapons", len(RANGED))[index]
    assert (entry.name, entry.get("notes")) == _name_and_marks(printed_name)
    assert f"{entry.get('damage')}{entry.get('type')}" == damage
    assert (_printed(entry.get("strength")), _printed(entry.get("minimum"))) == (strength, minimum)
    assert f"{entry.get('range')}’" == feet


@pytest.mark.parametrize("index", range(len(MATERIALS)))
def test_armor_materials_equal_the_draft(index: int) -> None:
    label, b, c, d, reduction = MATERIALS[index]
    entry = _entries("armor-materials", len(MATERIALS))[index]
    example = entry.get("example")
    assert (f"{entry.name} ({example})" if example else entry.name) == label
    assert [_printed(entry.get(k)) for k in ("bruising", "crushing", "deadly")] == [b, c, d]
    star = reduction.endswith("*")
    assert _printed(entry.get("reduction")) == reduction.rstrip("*")
    assert entry.get("bullet_reduction") == (int(MATERIAL_STAR) if star else None)


@pytest.mark.parametrize("index", range(len(ARMOR)))
def test_the_armor_list_equals_the_draft(index: int) -> None:
    name, protection, reduction, covers = ARMOR[index]
    entry = _entries("armor", len(ARMOR))[index]
    assert entry.name == ABBREVIATED.get(name, name)
    b, c, d = (entry.get(k) for k in ("bruising", "crushing", "deadly"))
    assert (f"{b} to all" if entry.get("covers") == ("Parry",) and b == c == d else f"{b}B/{c}C/{d}D") == protection
    assert ("NA" if entry.get("reduction") is None else str(entry.get("reduction"))) == reduction
    assert ",".join(entry.get("covers") or ()) == covers  # type: ignore[arg-type]


def test_the_kevlar_vest_keeps_its_reduction_against_guns() -> None:
    """The armor list prints "16 red. vs. guns" among the vest's restrictions; the entry holds it as a field."""
    assert _kind("armor").entry("kevlar-vest").get("bullet_reduction") == 16
    assert [e.id for e in _kind("armor").entries if e.get("bullet_reduction") is not None] == ["kevlar-vest"]


def test_backgrounds_and_liabilities_mirror_each_other() -> None:
    backgrounds, liabilities = _kind("backgrounds"), _kind("liabilities")
    assert [e.name for e in backgrounds.entries] == ["Resources", "Relationships", "Status", "Special circumstances"]
    assert [e.name for e in liabilities.entries] == ["Debts", "Dysfunction", "Notoriety", "Special problems"]
    for background in backgrounds.entries:
        assert liabilities.entry(str(background.get("opposite"))).get("opposite") == background.id


def test_the_rules_and_the_calculators_read_the_entries() -> None:
    """The combat rules' weapons and armor (the tables, the damage calculator's choices) are the entries."""
    from facade.calls.combat import ARMOR_CHOICES, WEAPON_CHOICES
    from facade.rules.combat_equipment import ARMOR_LIST, MELEE_WEAPONS, RANGED_WEAPONS

    assert [w.key for w in MELEE_WEAPONS] == list(_kind("melee-weapons").ids())
    assert [w.key for w in RANGED_WEAPONS] == list(_kind("ranged-weapons").ids())
    assert [a.key for a in ARMOR_LIST] == list(_kind("armor").ids())
    assert WEAPON_CHOICES[:-1] == _kind("melee-weapons").ids() + _kind("ranged-weapons").ids()
    assert ARMOR_CHOICES[1:1 + len(ARMOR_LIST)] == _kind("armor").ids()
