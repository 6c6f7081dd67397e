"""Version 1 documents are read, migrated to version 2 and checked like any other."""

from __future__ import annotations

import pytest

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.character.check import check_character
from facade.character.parse import parse

V1 = {
    "version": 1, "name": "Old Hand", "method": "pool",
    "attributes": [4, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 2, 2, 4],
    "skills": [
        {"broad": "Athletics", "level": 2},
        {"broad": "Athletics", "focus": "Dodge", "level": 1},
        {"broad": "Athletics", "focus": "Dodge", "specialty": "Roll", "level": 3},
        {"broad": "Alertness", "focus": "Empathy", "specialty": "Sense Motive", "level": 1},
        {"broad": "Athletics", "focus": "Climb", "level": 2},
    ],
    "modifiers": [{"name": "Good at Puzzles", "category": "mind", "grade": "minor", "level": 1},
                  {"name": "Easily Strained", "category": "body", "grade": "minor", "level": -1}],
    "backgrounds": [{"name": "Savings", "kind": "standard", "grade": "minor", "level": 2, "liability": False,
                     "classification": "resources"}],
}


def test_v1_is_migrated_to_v2() -> None:
    result = check_character(V1)
    doc = result["character"]
    assert result["migrated_from"] == 1
    assert (doc["version"], doc["method"], doc["settings"]["skills"]) == (2, "pool-buy", "standard")
    assert doc["settings"]["budget"] == {"AP": 90, "SP": 20, "BP": 0, "WP": 100}
    assert doc["attributes"]["strength"] == 4 and doc["attributes"]["will"] == 4 and doc["attributes"]["luck"] == 2
    athletics = doc["skills"][0]
    assert (athletics["name"], athletics["level"]) == ("Athletics", 2)
    assert [(f["name"], f["level"]) for f in athletics["focuses"]] == [("Dodge", 1), ("Climb", 2)]
    assert athletics["focuses"][0]["specialties"] == [{"name": "Roll", "level": 3, "sp": 0}]
    alertness = doc["skills"][1]
    assert (alertness["level"], alertness["focuses"][0]["level"]) == (0, 0)
    assert alertness["focuses"][0]["specialties"][0]["level"] == 1
    assert [m["negative"] for m in doc["modifiers"]] == [False, True] and doc["modifiers"][1]["level"] == 1
    assert [m for m in result["messages"] if m["code"] in ("unreadable", "unknown-keys", "migrated-row")] == []
    assert parse(doc) is not None  # the migrated document is a clean version 2 document
    again = check_character(doc)
    assert again["migrated_from"] is None and again["character"] == doc


def test_v1_without_a_version_number_is_recognised() -> None:
    old = {k: v for k, v in V1.items() if k != "version"}
    assert check_character(old)["migrated_from"] == 1


def test_v1_oddities_are_reported() -> None:
    odd = dict(V1, attributes=[3] * 14, skills=[{"broad": "A", "specialty": "S", "level": 1},
                                                 {"broad": "A", "specialty": "S", "level": 2}, "junk",
                                                 {"broad": "B", "level": 1, "attribute": "wits"}])
    result = check_character(odd)
    found = {(m["code"], m["path"]) for m in result["messages"]}
    assert ("migrated-attributes", "attributes") in found
    assert ("migrated-row", "skills.0") in found and ("migrated-row", "skills.1") in found
    assert ("unreadable", "skills.2") in found and ("unknown-keys", "skills.3") in found
    assert result["character"]["attributes"]["will"] == 3  # the missing fifteenth takes the default
    assert result["character"]["skills"][0]["focuses"][0]["specialties"][0]["level"] == 2


def test_v1_through_the_registry() -> None:
    out = call("facade.character.check", {"character": V1})
    assert out["migrated_from"] == 1 and "older file" in out["html"]["report"]
    with pytest.raises(ParameterError):
        call("facade.character.check", {"character": {"version": 0, "name": "x"}})
