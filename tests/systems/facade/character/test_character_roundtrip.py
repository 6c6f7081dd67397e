"""Hypothesis: JSON round trips of random characters, and check on random (often broken) documents."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollwright.errors import ParameterError
from facade.character.check import check_character
from facade.character.model import (
    ATTRIBUTES, DEFAULT_BUDGETS, GRADES, POOLS, Background, Character, Focus, Modifier, Settings, Skill, Specialty,
    serialize)
from facade.character.parse import TOP_KEYS, parse, read

TEXT = st.text(max_size=90)
LEVEL = st.integers(min_value=-3, max_value=14)
CHOICE = st.one_of(st.sampled_from(GRADES), st.sampled_from(["", "huge", "standard", "exponential"]), TEXT)
SP = st.builds(Fraction, st.integers(min_value=-2, max_value=14), st.sampled_from([1, 2, 3, 4]))

specialties = st.builds(Specialty, TEXT, LEVEL, SP)
focuses = st.builds(Focus, TEXT, LEVEL, st.lists(specialties, max_size=3))
skills = st.builds(Skill, TEXT, LEVEL, st.lists(focuses, max_size=3))
modifiers = st.builds(Modifier, TEXT, st.sampled_from(["body", "action", "mind", "persona", "soul", "heart"]),
                      CHOICE, LEVEL, st.booleans())
backgrounds = st.builds(Background, TEXT, st.sampled_from(["standard", "exponential", "individual", "odd"]),
                        CHOICE, LEVEL, st.booleans(),
                        st.sampled_from(["resources", "relationships", "status", "special", "debts",
                                         "dysfunction", "notoriety", "problems", "gossip"]))
NUMBER = st.integers(min_value=-20, max_value=400)


@st.composite
def characters(draw: Any) -> Character:
    method = draw(st.sampled_from(["point-buy", "pool-buy", "other"]))
    keys = DEFAULT_BUDGETS.get(method, DEFAULT_BUDGETS["point-buy"])
    s = Settings(skills=draw(st.sampled_from(["standard", "cascade", "mixed"])),
                 liabilities=draw(st.sampled_from(["bonus", "own-area", "never"])),
                 formula=draw(st.sampled_from(["female", "male", "elf"])),
                 budget={k: draw(NUMBER) for k in keys},
                 age=draw(st.none() | st.integers(min_value=-5, max_value=2000)),
                 bp_from_age=draw(st.none() | st.sampled_from(["square-root", "double", "cube"])))
    return Character(
        id=draw(st.text(max_size=20)), name=draw(TEXT), player=draw(TEXT), concept=draw(TEXT),
        notes=draw(st.text(max_size=200)), method=method, settings=s,
        attributes={a: draw(st.integers(min_value=-2, max_value=9)) for a in ATTRIBUTES},
        bodyweight=draw(st.none() | st.integers(min_value=-10, max_value=3000)),
        modifiers=draw(st.lists(modifiers, max_size=4)), skills=draw(st.lists(skills, max_size=3)),
        backgrounds=draw(st.lists(backgrounds, max_size=4)),
        conversions={p: draw(st.integers(min_value=-5, max_value=80)) for p in POOLS})


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(characters())
def test_parse_of_serialize_is_the_identity(character: Character) -> None:
    document = serialize(character)
    assert parse(json.loads(json.dumps(document))) == character
    result = check_character(document)
    assert result["character"] == document  # check keeps every value, valid or not
    assert result["valid"] == (not any(m["severity"] == "error" for m in result["messages"]))
    assert json.loads(json.dumps(result)) == result


JSON_LEAF = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**6, max_value=10**6),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                      st.sampled_from(["2.5", "1/2", "x", "-3", "standard", "cascade", "pool-buy", "minor"]))
JSON = st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["name", "level", "sp", "grade", "kind", "focuses",
                                                       "specialties", "AP", "EP", "luck", "negative", "x"]),
                                      inner, max_size=5), max_leaves=20)
KEYS = st.sampled_from([*TOP_KEYS, "extra", "speed"])


@st.composite
def documents(draw: Any) -> Any:
    """Mostly character-shaped objects with random values, sometimes anything at all."""
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        return draw(JSON)
    base = serialize(draw(characters())) if draw(st.booleans()) else {}
    for key in draw(st.lists(KEYS, max_size=5)):
        base[key] = draw(JSON)
    return base


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_check_answers_or_raises_only_parameter_error(data: Any) -> None:
    try:
        result = check_character(data)
    except ParameterError as error:
        assert error.field == "character" and error.message.startswith("character: ")
        return
    assert json.loads(json.dumps(result)) == result
    normalized = result["character"]
    # the normalized document reads without a single note but the unknown keys it keeps (issue 30)
    assert [n.text for n in read(normalized).notes if n.code != "unknown-keys"] == []
    again = check_character(normalized)
    assert again["character"] == normalized
    assert {m["code"] for m in again["messages"]} <= {m["code"] for m in result["messages"]} | {"over-budget"}
