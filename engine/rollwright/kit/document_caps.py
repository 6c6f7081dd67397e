"""Caps on the counts in a document, checked where the document enters, before any work.

A character document can come from the builder's form, a share link, a file, the browser's store
or the command line; every one of those doors is a registry call, and the call's ``character``
parameter declares one cap per count field (:class:`~rollwright.kit.registry.Param`'s ``caps``).
The registry checks them before the call runs, so a count no form could type (ten million dramatic
wounds, a level of 10^18) is refused with the field and its cap named, and never reaches a loop.

A cap is not the rules' range: a value past the range but under the cap is read and reported as
a rule problem the player can fix in the form; a value past the cap is refused whole. A field is
named by its path with ``*`` for any list index or object key (``skills.*.level``). A whole number,
a whole number with a fraction part of zero, and digits typed as text all count.

>>> caps = {"wounds.dramatic": 1_000, "skills.*.level": 100}
>>> check_caps({"wounds": {"dramatic": 12}, "skills": [{"level": 3}]}, caps)
>>> check_caps({"wounds": {"dramatic": 10**7}}, caps)
Traceback (most recent call last):
...
rollwright.errors.LimitError: character: Wounds, dramatic (wounds.dramatic) is 10,000,000; the cap is 1,000, so this document cannot be opened (lower it)
>>> check_caps({"skills": [{"level": 1}, {"level": "9" * 30}]}, caps, "char")
Traceback (most recent call last):
...
rollwright.errors.LimitError: char: Skill 2, level (skills.1.level) is a number of 30 digits; the cap is 100, so this document cannot be opened (lower it)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

from rollwright.errors import LimitError

Caps = Mapping[str, int]
"""Each count field's path (``*`` for any index or key) and the largest size its value may have."""

_DIGITS = re.compile(r"\s*[+-]?(\d+)\s*")


def values_at(document: Any, pattern: str) -> Iterator[tuple[str, Any]]:
    """Every ``(path, value)`` in ``document`` whose path matches ``pattern`` (no recursion).

    >>> list(values_at({"a": [{"b": 1}, {"b": 2}, 3]}, "a.*.b"))
    [('a.0.b', 1), ('a.1.b', 2)]
    """
    found: list[tuple[tuple[str, ...], Any]] = [((), document)]
    for part in pattern.split("."):
        step: list[tuple[tuple[str, ...], Any]] = []
        for where, node in found:
            if isinstance(node, Mapping):
                keys = list(node) if part == "*" else [part] if part in node else []
                step += [((*where, str(key)), node[key]) for key in keys]
            elif isinstance(node, list):
                if part == "*":
                    step += [((*where, str(i)), item) for i, item in enumerate(node)]
                elif part.isdigit() and int(part) < len(node):
                    step.append(((*where, part), node[int(part)]))
        found = step
    for where, value in found:
        yield ".".join(where), value


def size_over(value: Any, cap: int) -> str | None:
    """How ``value`` reads in a refusal when it is a count whose size is over ``cap``; else None.

    >>> size_over(12, 100), size_over(-101, 100), size_over("  250 ", 100), size_over(2e300, 100)
    (None, '-101', '250', 'a number of 301 digits')
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        if abs(value) > 10**21:
            return f"a number of {int(math.log10(abs(value))) + 1} digits"
        value = int(value)
    if isinstance(value, str):
        match = _DIGITS.fullmatch(value) if len(value) < 200_000 else None
        if match is None:
            return None
        digits = match.group(1).lstrip("0")
        if len(digits) > 20:
            return f"a number of {len(digits):,} digits" if len(digits) > len(str(cap)) else None
        value = int(value)
    if isinstance(value, int):
        if abs(value) <= cap:
            return None
        if value.bit_length() > 70:
            return f"a number of {len(str(abs(value))):,} digits"
        return f"{value:,}"
    return None


def check_caps(document: Any, caps: Caps, what: str = "character") -> None:
    """Refuse ``document`` when a count field holds a value over its cap (LimitError naming field and cap)."""
    from rollwright.kit.characters import place_words

    for pattern, cap in caps.items():
        for path, value in values_at(document, pattern):
            shown = size_over(value, cap)
            if shown is not None:
                raise LimitError(f"{what}: {place_words(path)} ({path}) is {shown}; the cap is {cap:,}, so this "
                                 f"document cannot be opened (lower it)", limit="document-cap", field=what)


def leaves(document: Any) -> list[tuple[str, Any]]:
    """Every ``(path, value)`` in ``document`` whose value is not a list or an object, by path (no recursion).

    >>> leaves({"b": [{"c": 2}], "a": "x"})
    [('a', 'x'), ('b.0.c', 2)]
    """
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = [("", document)]
    while stack:
        where, node = stack.pop()
        items = node.items() if isinstance(node, Mapping) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            path = f"{where}.{key}" if where else str(key)
            if isinstance(child, (Mapping, list)):
                stack.append((path, child))
            else:
                out.append((path, child))
    return sorted(out, key=lambda leaf: leaf[0])


def uncapped(document: Any, caps: Caps) -> list[str]:
    """The paths of whole numbers in ``document`` that no cap covers (for tests: every count is capped).

    >>> uncapped({"a": 1, "b": [{"c": 2, "d": "x"}]}, {"a": 5})
    ['b.0.c']
    """
    covered = {path for pattern in caps for path, _ in values_at(document, pattern)}
    return [path for path, value in leaves(document)
            if isinstance(value, int) and not isinstance(value, bool) and path not in covered]
