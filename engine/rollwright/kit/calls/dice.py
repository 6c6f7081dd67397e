"""Registry calls for any dice expression: one seeded roll, the exact distribution, or two compared.

>>> from rollwright.kit.registry import call
>>> call("dice.dist", {"notation": "2d4"})["outcomes"][:2]
[[2, '1/16'], [3, '1/8']]
>>> {key: call("dice.compare", {"a": "d6", "b": "d4"})[key] for key in ("greater", "equal", "less")}
{'greater': '7/12', 'equal': '1/6', 'less': '1/4'}
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rollwright.kit.registry import Param, register
from rollwright.dice import DEFAULT_DEPTH
from rollwright.dice.notation import Expr, distribution, limits, margin, parse, to_text
from rollwright.dice.rolling import roll as roll_notation
from rollwright.errors import LimitError, NotationError
from rollwright.kit.numbers import fraction_text

NOTATION_SAMPLES = ("2d10+d4", "10k5", "od20", "4d6!kh3", "d8!>=7", "5d739", "100d20kh50", "2d536!")
"""Everyday expressions and some at the work cap's edge (see ``bench/caps_sweep.py``), for sweeps of every call."""
NOTATION = Param("notation", str, "dice expression, e.g. 2d10+d4, 4d6kh3, 10k5, od20, d8!>=7",
                 max_length=limits.MAX_INPUT_LENGTH, samples=NOTATION_SAMPLES)
DEPTH = Param("depth", int, "most extra dice one exploding die may add", default=DEFAULT_DEPTH,
              minimum=0, maximum=limits.MAX_DEPTH)
MAX_SEED = 2**32 - 1
SEED = Param("seed", int, "random seed; the same seed gives the same roll", minimum=0, maximum=MAX_SEED)
"""Shared by every call that rolls: any 32-bit seed, so the browser can pick one at random."""


@contextmanager
def notation_field(field: str, prefix: str = "") -> Iterator[None]:
    """Errors about the notation in parameter ``field`` name that field (a form shows them under it).

    ``prefix`` starts the message (``"b: ..."``); the explosion-depth cap names ``depth`` instead.

    >>> with notation_field("b", "b: "):
    ...     parse("2d")
    Traceback (most recent call last):
    ...
    rollwright.errors.NotationError: b: expected a number of sides after 'd' (as in '2d6') at position 3
    """
    try:
        yield
    except NotationError as err:
        raise NotationError(prefix + err.message, text=err.text, position=err.position, field=field) from None
    except LimitError as err:
        where = "depth" if err.limit == "depth" else field
        raise LimitError(prefix + err.message, limit=err.limit, position=err.position, field=where) from None


def distribution_report(notation: str, depth: int = DEFAULT_DEPTH) -> dict[str, Any]:
    """The exact distribution as the stable JSON contract of ``python -m rollwright dist --json``."""
    expr = parse(notation)
    dist = distribution(expr, depth=depth)
    return {
        "notation": to_text(expr),
        "depth": depth,
        "outcomes": [[value, fraction_text(p)] for value, p in dist.probabilities()],
        "mean": float(dist.mean()),
    }


@register("dice.dist", "Exact distribution of a dice expression.", NOTATION, DEPTH)
def dist(notation: str, depth: int) -> dict[str, Any]:
    """``distribution_report`` plus ``stdev`` (a float), ``min`` and ``max`` (the CLI's JSON stays as it was)."""
    with notation_field("notation"):
        report = distribution_report(notation, depth)
        exact = distribution(notation, depth=depth)  # cached: parsed and computed once
    return {**report, "stdev": exact.stdev(), "min": exact.min_outcome, "max": exact.max_outcome}


COMPARE_A = Param("a", str, "first dice expression (A), e.g. 2d10+d4", max_length=limits.MAX_INPUT_LENGTH,
                  samples=NOTATION_SAMPLES)
COMPARE_B = Param("b", str, "second dice expression (B), rolled independently", max_length=limits.MAX_INPUT_LENGTH,
                  samples=NOTATION_SAMPLES)


def _parse_field(name: str, notation: str) -> Expr:
    """Parse one of two notations; its errors start with the field's name (``b: ...``) and name it."""
    with notation_field(name, f"{name}: "):
        return parse(notation)


@register("dice.compare", "Opposed roll: exact P(A > B), P(A = B), P(A < B) and the margin A - B.",
          COMPARE_A, COMPARE_B, DEPTH)
def compare(a: str, b: str, depth: int) -> dict[str, Any]:
    """``{"a", "b", "depth", "greater", "equal", "less", "margin"}``: fractions as ``"p/q"``; ``margin``
    lists ``[value, "p/q"]`` for A - B ascending, like ``dice.dist``'s outcomes."""
    expr_a, expr_b = _parse_field("a", a), _parse_field("b", b)
    difference = margin(expr_a, expr_b, depth=depth)
    return {
        "a": to_text(expr_a),
        "b": to_text(expr_b),
        "depth": depth,
        "greater": fraction_text(difference.at_least(1)),
        "equal": fraction_text(difference.probability(0)),
        "less": fraction_text(difference.at_most(-1)),
        "margin": [[value, fraction_text(p)] for value, p in difference.probabilities()],
    }


@register("dice.roll", "One seeded roll of a dice expression, reporting every die.", NOTATION, SEED, DEPTH)
def roll(notation: str, seed: int, depth: int) -> dict[str, Any]:
    with notation_field("notation"):
        return roll_notation(notation, seed=seed, depth=depth).to_dict()
