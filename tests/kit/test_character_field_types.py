"""A wrong type at any path of a valid character: every character call of every system answers or refuses
with the engine's own error (never a TypeError or KeyError), and the check names the field.

Issue 30: a Roll & Keep attack whose ``trait`` was a list or an object raised ``TypeError: unhashable type``
in ``character.check`` and ``character.sheet``. Here each system's sample characters (the ones the sweep of
every call uses: blank and at their largest) get any JSON value at any of their paths, or lose a field, and
go through check, sheet (every format), editor and picker.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollwright.errors import RollwrightError
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.characters import builder_systems, contract_call
from rollwright.kit.system import System

SYSTEMS = builder_systems()
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                    | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=5)
Path = tuple[str | int, ...]


def documents(system: System) -> tuple[dict[str, Any], ...]:
    """The system's first two sample characters (blank and full, or its examples; not the largest ones)."""
    return tuple(REGISTRY[contract_call(system, "check")].param("character").sample_values())[:2]


def paths(node: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every path below the document's root, parents before children."""
    if isinstance(node, dict):
        items: list[tuple[str | int, Any]] = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return
    for key, child in items:
        yield (*prefix, key)
        yield from paths(child, (*prefix, key))


def at(doc: Any, path: Path) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def replaced(doc: dict[str, Any], path: Path, value: Any, *, delete: bool = False) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    parent = at(out, path[:-1])
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


def answers(system: System, document: dict[str, Any]) -> dict[str, Any] | None:
    """Every contract call on ``document``; the check's result (None if it refused the document)."""
    fields = list(REGISTRY[contract_call(system, "picker")].param("fields").sample_values()[0])
    checked = None
    for operation, extra in (("check", {}), ("sheet", {"format": "text"}), ("sheet", {"format": "markdown"}),
                             ("sheet", {"format": "html"}), ("editor", {}), ("picker", {"fields": fields})):
        try:
            result = call(contract_call(system, operation), {"character": document, **extra})
        except RollwrightError:
            continue
        json.dumps(result)
        if operation == "check":
            checked = result
    return checked


def _shape(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return "scalar"


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_wrong_type_anywhere_is_answered_and_named(system: System, data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(documents(system)), label="document")
    path = data.draw(st.sampled_from([p for p in paths(doc) if p != ("schema",)]), label="path")
    value = data.draw(JSON, label="value")
    checked = answers(system, replaced(doc, path, value))
    before = at(doc, path)
    if checked is not None and value is not None and _shape(value) != _shape(before):
        dotted = ".".join(str(part) for part in path)
        named = [m["path"] for m in checked["messages"] if m["severity"] == "error"]
        assert any(p == dotted or dotted.startswith(p + ".") or p.startswith(dotted + ".") for p in named), (
            f"{dotted}: {before!r} -> {value!r}: no error names it ({named})")


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_missing_field_anywhere_is_answered(system: System) -> None:
    for doc in documents(system):
        for path in paths(doc):
            answers(system, replaced(doc, path, None, delete=True))


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@pytest.mark.parametrize("value", [[], {}, ["finesse"], {"a": 1}, True, 2.5, None], ids=repr)
def test_every_field_of_a_blank_character_holding_a_wrong_type(system: System, value: Any) -> None:
    """The deterministic core of the property above: each path of the blank character, each of these values."""
    doc = documents(system)[0]
    for path in paths(doc):
        if path != ("schema",):
            answers(system, replaced(doc, path, value))
