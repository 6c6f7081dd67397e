"""The worked-examples check: each system's examples from its draft, replayed through the registry.

A system keeps them next to its package, in ``worked_examples.toml`` (a test's data: the browser's
wheel leaves it out), one ``[[example]]`` table per example in the draft::

    [[example]]
    name = "Three dice against a hard task"        # what the draft works through
    where = "Rolling: the draft's example"         # where in the draft (your words)
    call = "pips.odds"                             # a registry call ...
    params = { dice = 3, need = 2 }                # ... and its parameters
    dice = []                                      # scripted dice, in the order rolled; all must be used
    expect = { p = "7/27", percent = "25.9%" }     # the answer (a subset of the call's result)

``expect`` is matched recursively: a table checks only the keys it names, a list checks every item,
anything else must be equal; two fractions written as text are equal by value (``26/36`` is ``13/18``).
"""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import SystemPackage
from rollwright.dice.script import ScriptError, scripted
from rollwright.data.toml_limits import check_toml
from rollwright.errors import DeclarationError, RollwrightError
from rollwright.kit.api import call

CHECK = "worked examples"
FILENAME = "worked_examples.toml"
REQUIRED = ("name", "where", "call", "expect")


def mismatches(expected: Any, actual: Any, where: str = "result") -> list[str]:
    """Where ``actual`` differs from ``expected`` (empty: it matches).

    >>> mismatches({"a": 1, "b": [2, {"c": 3}]}, {"a": 1, "b": [2, {"c": 4, "d": 0}], "e": 9})
    ['result.b[1].c: expected 3, got 4']
    >>> mismatches({"a": {"b": 1}}, {"a": 2}), mismatches({"z": 1}, {})
    (['result.a: expected a table, got 2'], ['result.z: missing'])
    >>> mismatches({"p": "26/36"}, {"p": "13/18"}), mismatches({"p": "1/2"}, {"p": "13/18"})
    ([], ["result.p: expected '1/2', got '13/18'"])
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
    if expected == actual or _same_fraction(expected, actual):
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


_FRACTION = re.compile(r"^-?\d+/\d+$")


def _same_fraction(expected: Any, actual: Any) -> bool:
    """Two texts that are both fractions (``p/q``) of the same value."""
    if not (isinstance(expected, str) and isinstance(actual, str) and _FRACTION.match(expected.strip())
            and _FRACTION.match(actual.strip())):
        return False
    try:
        return Fraction(expected.strip()) == Fraction(actual.strip())
    except ZeroDivisionError:
        return False


def load_examples(path: Path) -> list[dict[str, Any]]:
    """The ``[[example]]`` tables of a worked-examples file (ValueError naming the file if it is not TOML)."""
    try:
        text = path.read_text(encoding="utf-8")
        check_toml(text, str(path))
        data = tomllib.loads(text)
    except DeclarationError as error:
        raise ValueError(str(error)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: not valid TOML ({error})") from None
    examples = data.get("example", [])
    if not isinstance(examples, list) or not all(isinstance(e, dict) for e in examples):
        raise ValueError(f"{path}: 'example' must be a list of tables ([[example]])")
    return examples


def replay(example: dict[str, Any]) -> list[str]:
    """What is wrong with one example's answer (empty: the engine gives what the draft works out)."""
    missing = [key for key in REQUIRED if key not in example]
    if missing:
        return [f"lacks {', '.join(missing)} (an example needs {', '.join(REQUIRED)})"]
    params, dice = example.get("params", {}), example.get("dice", [])
    try:
        with scripted(dice):
            result = call(str(example["call"]), params)
    except ScriptError as error:
        return [f"its scripted dice {dice} do not fit the roll: {error}"]
    except RollwrightError as error:
        return [f"the call is refused: {error}"]
    except Exception as error:  # the system's own code failed: that is the finding
        return [f"the call failed ({type(error).__name__}: {error})"]
    return mismatches(example["expect"], result)


def _shown(params: Any) -> str:
    text = json.dumps(params, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def check_worked_examples(package: SystemPackage, site_root: Path | None = None) -> CheckResult:
    """Replay every worked example of one system; each failure names the file, the example and the mismatch."""
    system, path = package.system, package.folder / FILENAME
    shown = str(path.relative_to(site_root)) if site_root and path.is_relative_to(site_root) else str(path)
    if not path.is_file():
        return outcome(system.id, CHECK, [
            f"{shown} is missing: keep the draft's worked examples there ([[example]] with name, where, call, "
            "params, dice and expect), so every check replays them"])
    try:
        examples = load_examples(path)
    except ValueError as error:
        return outcome(system.id, CHECK, [str(error)])
    problems, wrong = [], 0
    for index, example in enumerate(examples, 1):
        name = example.get("name", f"number {index}")
        found = replay(example)
        wrong += bool(found)
        problems += [f"{shown}, example {name!r} ({example.get('call', '?')} {_shown(example.get('params', {}))}): "
                     f"{mismatch}" for mismatch in found]
    count = f"{len(examples)} example{'' if len(examples) == 1 else 's'}"
    return outcome(system.id, CHECK, problems, f"{wrong} of {count} wrong" if problems else count)
