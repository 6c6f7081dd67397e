"""Every count field of every builder's document, set to huge values and sent through the builder's calls.

Each count field's path (its indices as ``*``) is taken once, from the smallest sample document that
has it; the field is set to each value, as a number and as digits typed as text, and every call is
made. An answer's work is counted as Python function calls (:func:`work`, not time) and held to a budget
from the same call on the untouched document: a call past it is cut there and counted slow. ``tests/kit/test_document_caps.py`` runs it small,
``bench/document_walk.py`` (``make fuzz``) with every value and call.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.characters import contract_call
from rollwright.kit.document_caps import leaves
from rollwright.kit.system import System

HUGE = (10**3, 10**6, 10**9, 10**12, 10**18)
"""The values a field is set to (each also as text); the suite tries the last two."""
CALLS: tuple[tuple[str, dict[str, Any]], ...] = (("check", {}), ("sheet", {"format": "html"}), ("sheet", {"format": "text"}), ("editor", {}),
         ("picker", {"fields": ["rw-w1-trait", "rw-w2-dramatic", "rw-w3-die"]}))
"""Each contract call with its other parameters."""
SLACK = 20_000
"""Python function calls an answer may make beyond three times the untouched document's."""


class OverBudget(Exception):
    """Raised inside a call that has made more function calls than its budget (the call is cut there)."""


def work(fn: Callable[[], Any], limit: int | None = None) -> tuple[Any, int]:
    """``fn()`` and the number of Python function calls it made; OverBudget past ``limit`` (so nothing hangs)."""
    count = [0]

    def tally(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            count[0] += 1
            if limit is not None and count[0] > limit:
                raise OverBudget(f"more than {limit:,} function calls")

    sys.settrace(tally)
    try:
        result = fn()
    finally:
        sys.settrace(None)
    return result, count[0]


def documents(system: System) -> list[dict[str, Any]]:
    """The system's sample documents (else its blank one) and each with its lists cut short, the smallest first."""
    param = REGISTRY[contract_call(system, "check")].param("character")
    found = list(param.sample_values()) or [call(contract_call(system, "new"))["character"]]
    return sorted([*found, *map(trimmed, found)], key=lambda d: len(json.dumps(d)))


def trimmed(document: Any) -> Any:
    """``document`` with every list cut to its first item: every field, a small document.

    >>> trimmed({"a": [{"b": [1, 2]}, {"b": [3]}], "c": 4})
    {'a': [{'b': [1]}], 'c': 4}
    """
    if isinstance(document, dict):
        return {key: trimmed(value) for key, value in document.items()}
    if isinstance(document, list):
        return [trimmed(item) for item in document[:1]]
    return document


def fields(system: System) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each field once (a path with its indices as ``*``) and the smallest document holding it."""
    seen: set[str] = set()
    for document in documents(system):
        for path, _ in leaves(document):
            pattern = re.sub(r"\.\d+(?=\.|$)", ".*", path)
            if pattern not in seen:
                seen.add(pattern)
                yield path, document


def set_at(document: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``document`` with ``value`` at ``path``."""
    out = copy.deepcopy(document)
    node: Any = out
    parts = path.split(".")
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    node[int(last) if isinstance(node, list) else last] = value
    return out


@dataclass
class Outcome:
    """One call on one altered document: refused (our own error), answered (with its work) or crashed."""

    system: str
    path: str
    value: Any
    operation: str
    verdict: str
    work: int = 0
    budget: int = 0
    message: str = ""


def walk(system: System, values: tuple[Any, ...] = HUGE, calls: tuple[tuple[str, dict[str, Any]], ...] = CALLS,
         as_text: bool = True) -> Iterator[Outcome]:
    """Every count field of ``system``'s documents at every value, through every call."""
    bases: dict[tuple[int, str, str], int] = {}
    for path, document in fields(system):
        for operation, extra in calls:
            name = contract_call(system, operation)
            key = (id(document), operation, json.dumps(extra))
            if key not in bases:
                bases[key] = work(lambda: call(name, {"character": document, **extra}))[1]
            budget = 3 * bases[key] + SLACK
            for value in values:
                for sent in (value, str(value)) if as_text else (value,):
                    altered = set_at(document, path, sent)
                    try:
                        _, spent = work(lambda: call(name, {"character": altered, **extra}), budget)
                    except OverBudget:
                        yield Outcome(system.id, path, sent, operation, "slow", budget + 1, budget)
                        continue
                    except RollwrightError as error:
                        yield Outcome(system.id, path, sent, operation, "refused", message=str(error))
                        continue
                    except Exception as error:  # noqa: BLE001: a crash is what the walk looks for
                        yield Outcome(system.id, path, sent, operation, "crashed", message=repr(error))
                        continue
                    verdict = "answered" if spent <= budget else "slow"
                    yield Outcome(system.id, path, sent, operation, verdict, spent, budget)
