"""Any input to Facets's calls gives a result or our own error, never another exception."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import ParameterError
from rollwright.kit.api import call

ANY_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-50, 80), st.text(max_size=8))
JSON = st.recursive(ANY_VALUE, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=10), inner, max_size=5)),
                    max_leaves=20)


def answers_or_refuses(name: str, params: dict[str, Any]) -> None:
    try:
        call(name, params)
    except ParameterError:
        pass


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 25), st.integers(-5, 70), st.one_of(st.none(), st.integers(0, 25)), st.booleans())
def test_check_answers_or_refuses(die: int, tn: int, explode_on: int | None, pressure: bool) -> None:
    answers_or_refuses("facets.check", {"die": die, "tn": tn, "explode_on": explode_on, "pressure": pressure})


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 21), st.integers(3, 21), st.sampled_from(["light", "medium", "heavy", "huge"]),
       st.booleans(), st.sampled_from(["finesse", "strength", "endurance"]), st.booleans())
def test_attack_answers_or_refuses(attack: int, defense: int, weapon: str, second: bool, defended: str,
                                   specific: bool) -> None:
    answers_or_refuses("facets.attack", {"attack": attack, "defense": defense, "weapon": weapon,
                                         "second_attack": second, "defended_with": defended,
                                         "specific_defenses": specific})


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "attributes", "facets", "health", "penalties", "physical", "effort"]),
                       JSON, max_size=6))
def test_any_document_is_checked_or_refused(document: dict[str, Any]) -> None:
    for operation in ("check", "sheet", "editor"):
        answers_or_refuses(f"facets.character.{operation}", {"character": document})
    answers_or_refuses("facets.character.picker", {"character": document, "fields": ["rw-w1-die"]})
