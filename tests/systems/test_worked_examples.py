"""Every system's worked examples from its draft, kept as data and replayed through the registry.

Each system's test folder may hold ``worked_examples.toml``: one ``[[example]]``
table per example in the draft, so its figures can be reviewed against the
draft in one place::

    [[example]]
    name = "Broadsword against leather armor"      # what the draft works through
    where = "Combat: damage and armor"             # where in the draft (our words)
    call = "facade.armor_damage"                   # a registry call ...
    params = { weapon = "broadsword", armor = "leather" }   # ... and its parameters
    dice = []                                      # scripted dice, in the order rolled; all must be used
    expect = { result = "1B" }                     # the answer (a subset of the call's result)

``expect`` is matched recursively: a table checks only the keys it names, a
list checks every item, anything else must be equal.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rollwright.dice.script import scripted
from rollwright.kit.api import call
from rollwright.kit.discovery import system_packages

HERE = Path(__file__).resolve().parent


def example_files() -> list[Path]:
    return [HERE / package / "worked_examples.toml" for package in system_packages()
            if (HERE / package / "worked_examples.toml").is_file()]


def examples() -> list[Any]:
    found = []
    for path in example_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for example in data.get("example", []):
            found.append(pytest.param(example, id=f"{path.parent.name}: {example['name']}"))
    return found


def mismatches(expected: Any, actual: Any, where: str = "result") -> list[str]:
    """Where ``actual`` differs from ``expected`` (empty: it matches).

    >>> mismatches({"a": 1, "b": [2, {"c": 3}]}, {"a": 1, "b": [2, {"c": 4, "d": 0}], "e": 9})
    ['result.b[1].c: expected 3, got 4']
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a table, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += mismatches(value, actual[key], f"{where}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in mismatches(e, a, f"{where}[{i}]")]
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def test_every_system_keeps_its_worked_examples() -> None:
    assert example_files(), "no system has a worked_examples.toml"


@pytest.mark.parametrize("example", examples())
def test_worked_example(example: dict[str, Any]) -> None:
    assert {"name", "where", "call", "expect"} <= set(example), "an example needs name, where, call and expect"
    with scripted(example.get("dice", [])):
        result = call(example["call"], example.get("params", {}))
    assert mismatches(example["expect"], result) == [], example["where"]
