"""Check messages name their place once, in the player's words (issue 15: "Strength: Strength 18 ...")."""

from __future__ import annotations

import pytest

from rollwright.kit import api
from rollwright.kit.characters import builder_systems, contract_call, place_words, readable_message


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("attributes.strength: Strength 18 is above the allowed 0-6.", "attributes.strength",
     "Strength 18 is above the allowed 0-6."),
    ("bodyweight: bodyweight (lbs) 5000 is above the allowed 1-2000.", "bodyweight",
     "Bodyweight (lbs) 5000 is above the allowed 1-2000."),
    ("modifiers.0.level: modifier level 9 is above the allowed 0-6.", "modifiers.0.level",
     "Modifier 1, level: 9 is above the allowed 0-6."),
    ("skills.1.level: skill level -1 is below the allowed 0-4.", "skills.1.level",
     "Skill 2, level: -1 is below the allowed 0-4."),
    # a place named once stays as it was
    ("modifiers.0.name: this modifier has no name yet.", "modifiers.0.name",
     "Modifier 1, name: this modifier has no name yet."),
    ("skills.0.name: the name is 90 characters long; keep it to 60.", "skills.0.name",
     "Skill 1, name: the name is 90 characters long; keep it to 60."),
    ("strengthen: Strength 18 is odd.", "strengthen", "Strengthen: Strength 18 is odd."),
    ("A message with no path.", "", "A message with no path."),
])
def test_a_message_names_its_place_once(text: str, path: str, expected: str) -> None:
    assert readable_message(text, path) == expected


def test_no_builder_check_message_repeats_its_place() -> None:
    """Every system's check, on a character with every number far out of range."""
    for system in builder_systems():
        character = api.call(contract_call(system, "new"), {})["character"]
        broken = _out_of_range(character)
        messages = api.call(contract_call(system, "check"), {"character": broken})["messages"]
        assert messages, system.id
        for message in messages:
            place = place_words(message.get("path") or "").lower()
            assert not (place and message["text"].lower().startswith(f"{place}: {place}")), message


def _out_of_range(value: object, key: str = "") -> object:
    """Every whole number but the document's own version set to 99."""
    if isinstance(value, dict):
        return {k: _out_of_range(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_out_of_range(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and key not in ("version", "schema_version"):
        return 99
    return value
