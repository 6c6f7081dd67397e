"""Input limits: what the engine accepts from outside, checked in one place before any work.

Every door into the engine checks here first: the registry's :func:`~rollwright.kit.registry.call`
(macros, tests, the CLI) walks its parameters with :func:`check_params`, and JSON text (the
browser worker's :func:`~rollwright.kit.api.call_json`, ``python -m rollwright call``, a character file)
is read with :func:`load_json`, which measures the text before parsing it. A value over a
limit raises :class:`~rollwright.errors.LimitError` whose ``limit`` is the name beside each
constant and whose message says how to stay under it, so no input reaches a deep recursion
(``json``, ``copy.deepcopy``), Python's 4,300-digit conversion limit or a huge loop.

The limits fit real use with room to spare: the largest real document, a character, is
8 levels deep with its call around it (call > character > skills > skill > focuses > focus >
specialties > specialty), its longest list has 40 entries (modifiers, backgrounds), and at
the builder's own caps (30 skills, 10 focuses each, 10 specialties each) it holds about
15,000 values in under 400,000 characters of JSON. JavaScript writes integers with at
most 21 digits; seeds are 32 bits.

>>> load_json('{"trait": 12, "difficulty": [14]}', "parameters")
{'trait': 12, 'difficulty': [14]}
>>> load_json("[" * 40 + "]" * 40, "parameters")
Traceback (most recent call last):
...
rollwright.errors.LimitError: parameters: lists and objects nested more than 32 levels deep; the cap is 32, so flatten them
>>> check_params("demo.call", {"seed": 10**50})
Traceback (most recent call last):
...
rollwright.errors.LimitError: demo.call: 'seed' holds a whole number of 51 digits; the cap is 40 digits, so use a smaller number
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from rollwright.errors import LimitError

MAX_TEXT = 1_000_000
"""``limit="input-length"``: most characters of JSON text (call parameters, a character file)."""

MAX_NESTING = 32
"""``limit="input-nesting"``: deepest nesting of lists and objects, counting the parameters' own object."""

MAX_ENTRIES = 1_000
"""``limit="input-entries"``: most entries in one list or object (25 times the editor's longest list)."""

MAX_VALUES = 50_000
"""``limit="input-size"``: most values (lists, objects, texts, numbers ...) in all the parameters together."""

MAX_STRING = 100_000
"""``limit="input-string"``: longest text value, in characters (a character's notes are capped at 4,000)."""

MAX_INT_DIGITS = 40
"""``limit="input-integer"``: most digits in a whole number (a 128-bit number has 39)."""

MAX_NAME = 100
"""``limit="name-length"``: longest call name or parameter name, in characters."""

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')  # a whole string (skipped) or one bracket; linear


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with ``...``, for quoting input in a message.

    >>> clip("x" * 100, 8)
    'xxxxx...'
    """
    return text if len(text) <= limit else text[:max(0, limit - 3)] + "..."


def check_text(text: str, what: str, *, whole: bool = True) -> str:
    """Refuse text longer than :data:`MAX_TEXT` characters; return it (``whole``: False if only a first part was read).

    >>> check_text("x" * (MAX_TEXT + 1), "the file")
    Traceback (most recent call last):
    ...
    rollwright.errors.LimitError: the file: 1,000,001 characters of text; the cap is 1,000,000, so send a smaller document
    """
    if len(text) > MAX_TEXT:
        size = f"{len(text):,}" if whole else f"more than {MAX_TEXT:,}"
        raise LimitError(f"{what}: {size} characters of text; the cap is {MAX_TEXT:,}, "
                         f"so send a smaller document", limit="input-length")
    return text


def check_json_nesting(text: str, what: str) -> None:
    """Refuse JSON text nested deeper than :data:`MAX_NESTING`, without parsing it (strings are skipped).

    >>> check_json_nesting('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', "x")
    """
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise LimitError(f"{what}: lists and objects nested more than {MAX_NESTING} levels deep; the cap "
                                 f"is {MAX_NESTING}, so flatten them", limit="input-nesting")
        elif token in "]}":
            depth -= 1


def whole_number(text: str, what: str) -> int:
    """``int(text)``, refusing more than :data:`MAX_INT_DIGITS` digits before converting (ValueError if no number).

    ``what`` (may be empty) starts the message.

    >>> whole_number(" -12 ", "--seed")
    -12
    >>> whole_number("9" * 5000, "--seed")
    Traceback (most recent call last):
    ...
    rollwright.errors.LimitError: --seed: a whole number of 5,000 digits; the cap is 40 digits, so use a smaller number
    """
    count = len(text.strip().lstrip("+-"))
    if count > MAX_INT_DIGITS:
        raise LimitError(f"{what}{': ' if what else ''}a whole number of {count:,} digits; the cap is {MAX_INT_DIGITS} "
                         f"digits, so use a smaller number", limit="input-integer")
    return int(text)


def load_json(text: str, what: str) -> Any:
    """Parse JSON text after checking its length, nesting and integers; LimitError if over a cap.

    ``what`` names the text in messages ("parameters", a file name). Text that is not
    JSON raises :class:`json.JSONDecodeError` for the caller to word.

    >>> load_json("[" + "9" * 50 + "]", "the file")
    Traceback (most recent call last):
    ...
    rollwright.errors.LimitError: the file: a whole number of 50 digits; the cap is 40 digits, so use a smaller number
    """
    check_text(text, what)
    check_json_nesting(text, what)
    return json.loads(text, parse_int=lambda digits: whole_number(digits, what))


def _digits(number: int) -> int:
    """How many decimal digits ``number`` has (past Python's 4,300-digit conversion limit: at most one fewer).

    >>> _digits(-10**40), _digits(7), _digits(2**100_000)
    (41, 1, 30103)
    """
    bits = abs(number).bit_length()
    if bits <= 14_000:  # about 4,200 digits: str() is allowed and cheap
        return len(str(abs(number)))
    return math.floor((bits - 1) * math.log10(2)) + 1


def _where(path: tuple[Any, ...]) -> str:
    return clip(".".join(str(part) for part in path), 80)


def check_value(value: Any, what: str, path: tuple[Any, ...] = (), budget: list[int] | None = None,
                inside: int = 0) -> None:
    """Walk ``value`` (no recursion) and refuse it when it is over a limit.

    ``what`` starts each message; ``path`` names the value (its first part is the
    parameter, used as the error's ``field``); ``budget`` (a one-item list) carries the
    count of values left across several calls; ``inside`` how many lists or objects
    already hold ``value`` (1 for a parameter: the parameters' own object).

    >>> check_value({"skills": [{"name": "x" * 200_000}]}, "demo", ("character",))
    Traceback (most recent call last):
    ...
    rollwright.errors.LimitError: demo: 'character' holds a text of 200,000 characters at character.skills.0.name; the cap is 100,000, so shorten it
    """
    field = str(path[0]) if path else None
    name = f"{what}: '{field}'" if field else what
    left = budget if budget is not None else [MAX_VALUES]
    stack: list[tuple[Any, int, tuple[Any, ...]]] = [(value, inside, path)]
    while stack:
        node, depth, where = stack.pop()
        left[0] -= 1
        if left[0] < 0:
            raise LimitError(f"{what}: the parameters hold more than {MAX_VALUES:,} values in all; the cap is "
                             f"{MAX_VALUES:,}, so send less", limit="input-size", field=field)
        if isinstance(node, str):
            if len(node) > MAX_STRING:
                raise LimitError(f"{name} holds a text of {len(node):,} characters at {_where(where)}; the cap is "
                                 f"{MAX_STRING:,}, so shorten it", limit="input-string", field=field)
        elif isinstance(node, int):
            if node.bit_length() > 128 and _digits(node) > MAX_INT_DIGITS:  # 128 bits: at most 39 digits
                raise LimitError(f"{name} holds a whole number of {_digits(node):,} digits; the cap is "
                                 f"{MAX_INT_DIGITS} digits, so use a smaller number", limit="input-integer", field=field)
        elif isinstance(node, (Mapping, list, tuple)):
            if depth >= MAX_NESTING:
                raise LimitError(f"{name} is nested more than {MAX_NESTING} levels deep (at {_where(where)}); the "
                                 f"cap is {MAX_NESTING}, so flatten it", limit="input-nesting", field=field)
            if len(node) > MAX_ENTRIES:
                raise LimitError(f"{name} has {len(node):,} entries at {_where(where)}; the cap is {MAX_ENTRIES:,} "
                                 f"per list or object, so send fewer", limit="input-entries", field=field)
            items = node.items() if isinstance(node, Mapping) else enumerate(node)
            for key, child in items:
                if isinstance(node, Mapping):
                    stack.append((key, depth + 1, where))
                stack.append((child, depth + 1, (*where, key)))


def check_params(call_name: str, params: Any) -> None:
    """Refuse call parameters over any limit (a non-object is left for the call to refuse).

    >>> check_params("demo.call", {"character": {"name": "Ada"}})
    >>> check_params("demo.call", {"x" * 101: 1})
    Traceback (most recent call last):
    ...
    rollwright.errors.LimitError: demo.call: a parameter name of 101 characters; the cap is 100, so use a declared name
    """
    if not isinstance(params, Mapping):
        return
    if len(params) > MAX_ENTRIES:
        raise LimitError(f"{call_name}: {len(params):,} parameters; the cap is {MAX_ENTRIES:,}, so send only "
                         f"declared ones", limit="input-entries")
    budget = [MAX_VALUES]
    for key, value in params.items():
        if isinstance(key, str) and len(key) > MAX_NAME:
            raise LimitError(f"{call_name}: a parameter name of {len(key):,} characters; the cap is {MAX_NAME}, "
                             f"so use a declared name", limit="name-length")
        check_value(value, call_name, (key,), budget, inside=1)
