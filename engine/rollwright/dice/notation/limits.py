"""Hard caps on dice notation, checked before any work is done.

Every cap raises :class:`~rollwright.errors.LimitError` whose ``limit`` is the
short name given beside each constant, so callers can tell them apart.

>>> check_depth(9)
9
>>> check_depth(21)
Traceback (most recent call last):
...
rollwright.errors.LimitError: explosion depth 21 is above the cap of 20; ask for 20 or fewer extra dice per die
"""

from __future__ import annotations

from rollwright.errors import LimitError, ParameterError

MAX_INPUT_LENGTH = 200
"""``limit="length"``: longest notation accepted, in characters; checked before lexing."""

MAX_NESTING = 8
"""``limit="nesting"``: deepest nesting of parentheses."""

MAX_DICE = 100
"""``limit="dice"``: most dice in one expression (XkY counts X, od20 counts 1, explosion rolls not counted)."""

MAX_SIDES = 1000
"""``limit="sides"``: most sides on one die."""

MAX_DEPTH = 20
"""``limit="depth"``: most extra dice one exploding die may add (the ``depth`` argument)."""

MAX_CONSTANT = 10**6
"""``limit="constant"``: largest integer constant written in an expression."""

MAX_WORK = 4_500_000
"""``limit="work"``: estimated steps (:mod:`~rollwright.dice.notation.cost`, about 0.1 us each in CPython 3.11)
for one exact distribution. Calibrated by ``bench/caps_sweep.py``: along the cap's boundary the slowest
accepted notation answers in under 1 s in CPython (about 2 s in Pyodide), while everyday pools such as
``100d20kh50`` (about 0.3 s) stay well inside it."""


def check_length(text: str) -> None:
    """Reject notation longer than :data:`MAX_INPUT_LENGTH` (before it is even lexed)."""
    if len(text) > MAX_INPUT_LENGTH:
        raise LimitError(
            f"notation is {len(text)} characters long; the cap is {MAX_INPUT_LENGTH}, so shorten it",
            limit="length",
        )


def check_depth(depth: object) -> int:
    """Validate an explosion depth (0..:data:`MAX_DEPTH`) and return it."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise ParameterError(f"explosion depth must be a whole number (got {depth!r})", field="depth")
    if depth < 0:
        raise ParameterError(f"explosion depth must be 0 or more (got {depth})", field="depth")
    if depth > MAX_DEPTH:
        raise LimitError(
            f"explosion depth {depth} is above the cap of {MAX_DEPTH}; "
            f"ask for {MAX_DEPTH} or fewer extra dice per die",
            limit="depth",
        )
    return depth
