"""Façade's computed fields against a brute-force reading of the draft's armor rule, and the JSON and CSV the
site writes against the entries."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from rollwright.things.model import Entry, Measure
from rollwright.things.registry import catalogue, package_kinds
from facade.rules.things import blow_through

MULTIPLIER = {"glancing": Fraction(1, 2), "full": Fraction(1), "strong": Fraction(2)}
TYPES = {"B": "bruising", "C": "crushing", "D": "deadly"}


def _by_hand(damage: int, kind: str, armor: Entry, blow: str) -> tuple[Fraction, str]:
    """The rule read afresh: protection of the type stops levels; at most the Reduction left over turns to B."""
    dealt = damage * MULTIPLIER[blow]
    protection = armor.get(TYPES[kind])
    left = max(Fraction(0), dealt - int(protection))  # type: ignore[arg-type]
    reduction = armor.get("reduction")
    if left and reduction is not None and left <= int(reduction):  # type: ignore[arg-type]
        return left, "B"
    return left, kind


def _text(levels: Fraction, kind: str) -> str:
    if not levels:
        return "nothing"
    whole, half = divmod(levels, 1)
    return f"{int(whole) if whole else ''}{'½' if half else ''}{kind}" if half else f"{int(whole)}{kind}"


def test_every_blow_of_every_weapon_through_every_armor_equals_brute_force() -> None:
    kinds = {k.id: k for k in package_kinds("facade")}
    melee, armors = kinds["melee-weapons"], kinds["armor"]
    checked = 0
    for weapon in melee.entries:
        for armor in armors.entries:
            for blow in MULTIPLIER:
                levels, kind = _by_hand(int(weapon.get("damage")), str(weapon.get("type")), armor, blow)  # type: ignore[arg-type]
                got = blow_through(melee, weapon, armor=armor.id, blow=blow)
                assert got is not None and got.text == _text(levels, kind), (weapon.id, armor.id, blow)
                assert got.value == ("BCD".index(kind) * 100 if levels else 0) + levels
                checked += 1
    assert checked == 16 * 11 * 3


def test_no_answer_where_the_rules_give_none() -> None:
    ranged = next(k for k in package_kinds("facade") if k.id == "ranged-weapons")
    assert blow_through(ranged, ranged.entry("longbow"), armor="leather-armor") is None  # type L
    melee = next(k for k in package_kinds("facade") if k.id == "melee-weapons")
    assert blow_through(melee, melee.entry("broadsword"), armor="leather-armor", blow="savage") is None


def test_the_declared_computed_fields_are_filled_in_the_catalogue() -> None:
    melee = catalogue("facade").kind("melee-weapons")
    assert [s.key for s in melee.fields if s.computed] == ["full_vs_leather", "full_vs_chain", "strong_vs_plate"]
    broadsword = melee.entry("broadsword")
    assert broadsword.get("full_vs_leather") == Measure(Fraction(1), "1B")  # the draft's own worked example
    assert broadsword.get("strong_vs_plate") == Measure(Fraction(2), "2B")
    assert melee.entry("maul").get("full_vs_leather") == Measure(Fraction(105), "5C")


def test_the_files_the_site_writes_equal_the_entries(tmp_path: Path) -> None:
    from rollwright.site.things_files import write_things
    from rollwright.things.export import plain

    count = write_things(tmp_path)
    facade = catalogue("facade")
    assert count == 1 + sum(2 + len(k.entries) for k in facade.kinds)
    index = json.loads((tmp_path / "things" / "index.json").read_text(encoding="utf-8"))
    assert [k["id"] for k in index["games"][0]["kinds"]] == [k.id for k in facade.kinds]
    for kind in facade.kinds:
        whole = json.loads((tmp_path / "things" / "facade" / f"{kind.id}.json").read_text(encoding="utf-8"))
        assert whole["format"] == "rollwright-things/1"
        assert whole["game"]["id"] == "facade" and whole["game"]["licence"] is None
        assert "no licence" in whole["game"]["notice"] and whole["game"]["attribution"]
        assert [f["key"] for f in whole["kind"]["fields"]] == [s.key for s in kind.fields]
        assert whole["entries"] == [{k: plain(v) for k, v in e.as_dict().items()} for e in kind.entries]
        rows = list(csv.DictReader(io.StringIO((tmp_path / "things" / "facade" / f"{kind.id}.csv")
                                               .read_text(encoding="utf-8"))))
        assert [r["id"] for r in rows] == list(kind.ids())
        for entry in kind.entries:
            one = json.loads((tmp_path / "things" / "facade" / kind.id / f"{entry.id}.json").read_text(encoding="utf-8"))
            assert one["entry"] == whole["entries"][kind.ids().index(entry.id)]
            assert one["game"] == whole["game"] and one["kind"] == {"id": kind.id, "title": kind.title,
                                                                   "json": f"../{kind.id}.json"}


@pytest.mark.parametrize("kind_id", ["melee-weapons", "armor"])
def test_the_command_line_prints_a_kind(kind_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    from rollwright.cli import main

    assert main(["things", "facade", kind_id, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["id"] for r in rows] == list(catalogue("facade").kind(kind_id).ids())
    assert main(["things", "facade", kind_id]) == 0
    assert json.loads(capsys.readouterr().out)["kind"]["id"] == kind_id
    assert main(["things", "facade", "swords"]) == 2
    assert "has no kind 'swords'" in capsys.readouterr().err


def test_an_armor_card_lists_exactly_the_errata_the_errata_page_lists() -> None:
    from rollwright.kit.errata import all_errata
    from rollwright.kit.system import all_systems

    armor = catalogue("facade").kind("armor")
    marked = {e.id for e in armor.entries if e.get("errata") is not None}
    listed = {key.removeprefix("armor-") for key in (x.key for x in all_errata(all_systems()["facade"]))
              if key.startswith("armor-")}
    assert marked == {e.id for e in armor.entries if any(key.startswith(f"{e.id}-") for key in listed)}
    assert marked == {"full-plate", "shield-small", "chain-shirt"}
    assert "NA in the armor list; 4 for Thick Wood (Shield)" in armor.entry("shield-small").get("errata").text  # type: ignore[union-attr]
