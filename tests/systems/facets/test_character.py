"""The Facets character: the four-trait rule, open and closed facets and traits, penalties, contract."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rollwright.errors import ParameterError
from rollwright.kit.api import call

HERE = Path(__file__).resolve().parent


def wren() -> dict[str, Any]:
    """The valid character of parity_calls.toml."""
    data = tomllib.loads((HERE / "parity_calls.toml").read_text(encoding="utf-8"))
    return copy.deepcopy(next(c for c in data["call"] if c["name"] == "facets.character.check")["params"]["character"])


def codes(character: dict[str, Any]) -> list[str]:
    return [m["code"] for m in call("facets.character.check", {"character": character})["messages"]]


def test_a_full_character_is_valid() -> None:
    out = call("facets.character.check", {"character": wren()})
    assert out["valid"] and out["messages"] == []


def test_new_characters_start_with_ten_health_and_cool() -> None:
    blank = call("facets.character.new")["character"]
    assert (blank["health"], blank["cool"], blank["effort"]) == (10, 10, 0)


def test_exactly_four_traits() -> None:
    c = wren()
    c["facets"]["background"]["traits"].append({"name": "Salt", "picked": True, "requires": 0})
    assert "facets-trait-count" in codes(c)
    c = wren()
    c["facets"]["trait"]["traits"][1]["picked"] = False
    assert "facets-trait-count" in codes(c)


def test_one_trait_from_each_facet() -> None:
    c = wren()
    c["facets"]["background"]["traits"][0]["picked"] = False
    c["facets"]["trait"]["traits"].append({"name": "Third", "picked": True, "requires": 0})
    found = codes(c)
    assert "facets-trait-per-facet" in found and "facets-trait-count" not in found


def test_closed_facet_needs_its_attribute_die() -> None:
    c = wren()
    c["attributes"]["guile"] = 8
    out = call("facets.character.check", {"character": c})
    problem = next(m for m in out["messages"] if m["code"] == "facets-closed-facet")
    assert "Guile d10" in problem["text"] and problem["href"].endswith("#open-and-closed")
    c["attributes"]["guile"] = 20
    assert codes(c) == []


def test_closed_facet_needing_another_facet() -> None:
    c = wren()
    c["facets"]["calling"].update(requires_attribute="", requires_facet="dockside")
    assert codes(c) == []
    c["facets"]["calling"]["requires_facet"] = "Noble"
    assert codes(c) == ["facets-closed-facet"]


def test_closed_trait_needs_its_trait_first() -> None:
    c = wren()
    c["facets"]["trait"]["traits"][0]["picked"] = False
    c["facets"]["background"]["traits"].append({"name": "Salt", "picked": True, "requires": 0})
    assert codes(c) == ["facets-closed-trait"]
    c["facets"]["trait"]["traits"][1]["requires"] = 2
    assert "facets-trait-requires" in codes(c)


def test_bad_values_are_messages_not_exceptions() -> None:
    c = wren()
    c["attributes"]["wit"] = 7
    c["health"] = "lots"
    c["penalties"]["wit"] = 9
    assert {"facets-die", "facets-pool", "facets-penalty"} <= set(codes(c))
    with pytest.raises(ParameterError, match="not a Facets character"):
        call("facets.character.check", {"character": {"schema": "rollwright/pips"}})


def test_penalties_shrink_the_dice_the_picker_offers() -> None:
    pickers = call("facets.character.picker", {"character": wren(), "fields": ["rw-w1-die"]})["pickers"]
    assert "Endurance (d4, penalised from d8) = 4" in pickers["rw-w1-die"]
    assert "Guile (d12) = 12" in pickers["rw-w1-die"]


def test_sheet_and_editor() -> None:
    text = call("facets.character.sheet", {"character": wren()})["sheet"]
    assert "Calling: Smuggler (closed); traits: False bottom" in text
    assert "Endurance: d4 (d8 before penalties)" in text
    html = call("facets.character.editor", {"character": wren()})["html"]
    assert 'data-rw-path="facets.calling.requires_die"' in html and 'data-rw-path="penalties.endurance"' in html
    again = call("facets.character.check", {"character": call("facets.character.check",
                                                               {"character": wren()})["character"]})
    assert again["valid"]
