"""Dice notation: parse text to a syntax tree, print it back, compute it exactly.

Grammar, tree and evaluation live apart (``lexer``, ``parser``, ``syntax``,
``evaluation``); the caps are in ``limits``.

>>> to_text(parse(" 2D10 + d4 "))
'2d10+d4'
>>> distribution("2d6").probability(7)
Fraction(1, 6)
>>> distribution("od20").max_outcome
40
>>> distribution("4d6kh3").probability(18)
Fraction(7, 432)
>>> margin("d20", "d20").probability(0)
Fraction(1, 20)
"""

from __future__ import annotations

from functools import lru_cache

from rollwright.dice.distribution import Distribution
from rollwright.dice.notation.evaluation import (
    check_margin_work,
    check_work,
    estimate_margin_work,
    estimate_work,
    evaluate,
)
from rollwright.dice.notation.limits import check_depth
from rollwright.dice.notation.parser import parse
from rollwright.dice.notation.syntax import (
    EXPR_TYPES,
    BinOp,
    Call,
    Constant,
    Count,
    Dice,
    Expr,
    Fudge,
    Group,
    GroupRoll,
    Reroll,
    Leaf,
    Neg,
    OpenD20,
    RollKeep,
    Select,
    dice_count,
    signed_terms,
    to_text,
)
from rollwright.dice.pools import DEFAULT_DEPTH
from rollwright.errors import NotationError

DISTRIBUTION_CACHE_SIZE = 64
"""Most exact distributions kept for reuse (keyed by syntax tree and depth)."""


def as_expr(text_or_expr: str | Expr) -> Expr:
    """Parse text; re-check a ready-made tree against the grammar and caps.

    >>> as_expr(Dice(1, 1, explode=True))
    Traceback (most recent call last):
    ...
    rollwright.errors.NotationError: 'd1!' would explode forever (its only face is its top face); drop the '!' at position 3
    """
    if isinstance(text_or_expr, str):
        return parse(text_or_expr)
    if isinstance(text_or_expr, EXPR_TYPES):
        _check_thresholds(text_or_expr)
        return parse(to_text(text_or_expr))
    raise NotationError(f"expected dice notation text or a parsed expression, not {type(text_or_expr).__name__}")


def _check_thresholds(node: object) -> None:
    """A hand-built tree's dice with an explosion threshold but no explosion (text cannot say it)."""
    if isinstance(node, Dice) and node.threshold is not None and not node.explode:
        raise NotationError(f"'d{node.sides}' has an explosion threshold but does not explode; add explode=True")
    for name in getattr(node, "_fields", ()):
        value = getattr(node, name)
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, EXPR_TYPES):
                _check_thresholds(child)


def distribution(text_or_expr: str | Expr, depth: int = DEFAULT_DEPTH) -> Distribution:
    """Exact distribution of a dice expression, explosions capped at ``depth`` extra dice.

    >>> distribution("d4!", depth=1).probability(8)
    Fraction(1, 16)
    """
    return _evaluate_cached(as_expr(text_or_expr), check_depth(depth))


def margin(a: str | Expr, b: str | Expr, depth: int = DEFAULT_DEPTH) -> Distribution:
    """Exact distribution of ``a - b`` for two independent rolls (an opposed roll).

    The work for both and their difference is checked against the cap first.

    >>> opposed = margin("2d6", "d12")
    >>> opposed.at_least(1), opposed.probability(0), opposed.at_most(-1)
    (Fraction(1, 2), Fraction(1, 12), Fraction(5, 12))
    """
    expr_a, expr_b = as_expr(a), as_expr(b)
    depth = check_depth(depth)
    check_margin_work(expr_a, expr_b, depth)
    return _evaluate_cached(expr_a, depth) - _evaluate_cached(expr_b, depth)


@lru_cache(maxsize=DISTRIBUTION_CACHE_SIZE)
def _evaluate_cached(expr: Expr, depth: int) -> Distribution:
    """Distributions are immutable, so a reader flipping between values reuses them."""
    return evaluate(expr, depth)


__all__ = [
    "BinOp",
    "Call",
    "Constant",
    "Count",
    "Fudge",
    "GroupRoll",
    "Reroll",
    "DEFAULT_DEPTH",
    "Dice",
    "Expr",
    "Group",
    "Leaf",
    "Neg",
    "OpenD20",
    "RollKeep",
    "Select",
    "as_expr",
    "check_depth",
    "check_margin_work",
    "check_work",
    "dice_count",
    "distribution",
    "estimate_margin_work",
    "estimate_work",
    "evaluate",
    "margin",
    "parse",
    "signed_terms",
    "to_text",
]
