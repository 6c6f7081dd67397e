"""Syntax tree -> exact :class:`Distribution`, after a cost estimate.

The expression is flattened to signed terms; constants fold into one offset;
each dice term becomes a distribution (a die, exploded if asked, then summed,
or kept/dropped by :func:`~rollwright.dice.pools.keep_dice`), and the terms are
added narrowest first. :func:`estimate_work` walks the same plan over
outcome ranges and weight sizes only (:mod:`~rollwright.dice.notation.cost`), so a
too-costly request is refused before any work is done; :func:`estimate_margin_work` does the same for one
expression minus another (an opposed roll).

>>> evaluate(Dice(2, 6)).probability(7)
Fraction(1, 6)
>>> estimate_work(Dice(100, 1000)) > MAX_WORK
True
>>> estimate_margin_work(Dice(1, 6), Dice(1, 6)) > 2 * estimate_work(Dice(1, 6))
True
"""

from __future__ import annotations

from rollwright.dice.distribution import Distribution, repeat_sum, sum_all
from rollwright.dice.notation.cost import Shape, add_cost, leaf_cost
from rollwright.dice.notation.limits import MAX_WORK, check_depth
from rollwright.dice.notation.compound import (
    FUDGE,
    count_cost,
    count_distribution,
    dice_distribution,
    fudge_cost,
    whole_cost,
    whole_distribution,
)
from rollwright.dice.notation.syntax import (
    BinOp,
    Call,
    Constant,
    Count,
    Fudge,
    GroupRoll,
    Dice,
    Expr,
    Leaf,
    OpenD20,
    RollKeep,
    signed_terms,
    to_text,
)
from rollwright.dice.pools import DEFAULT_DEPTH, explode, keep_dice, open_d20
from rollwright.errors import LimitError


def _plan(expr: Expr, depth: int) -> tuple[Shape, float]:
    """Shape of the whole expression's distribution and the cost of building it (see :mod:`.cost`)."""
    shapes: list[Shape] = []
    cost = 0.0
    offset = 0
    for sign, leaf in signed_terms(expr):
        if isinstance(leaf, Constant):
            offset += sign * leaf.value
            continue
        shape, leaf_work = _leaf_plan(leaf, depth)
        shapes.append(shape if sign > 0 else Shape(-shape.high, -shape.low, shape.bits))
        cost += leaf_work
    shapes.sort(key=lambda s: s.width)
    total = Shape(0, 0, 0.0)
    for shape in shapes:
        total, step = add_cost(total, shape)
        cost += step + shape.width  # the width term covers negation
    return Shape(total.low + offset, total.high + offset, total.bits), cost + total.width


def _leaf_plan(leaf: Leaf, depth: int) -> tuple[Shape, float]:
    """Shape and cost of one term, the newer forms included (:mod:`.compound`)."""
    if isinstance(leaf, Fudge):
        return fudge_cost(leaf.count)
    if isinstance(leaf, Count):
        return count_cost(leaf, depth)
    if isinstance(leaf, (GroupRoll, Call, BinOp)):
        return whole_cost(leaf, lambda item: _plan(item, depth))
    return leaf_cost(leaf, depth)


def estimate_work(expr: Expr, depth: int = DEFAULT_DEPTH) -> int:
    """Estimated steps (about one pair addition each) :func:`evaluate` would take."""
    return int(_plan(expr, depth)[1])


def estimate_margin_work(a: Expr, b: Expr, depth: int = DEFAULT_DEPTH) -> int:
    """Estimated steps for :func:`margin`: both distributions, then their difference."""
    shape_a, cost_a = _plan(a, depth)
    shape_b, cost_b = _plan(b, depth)
    total, step = add_cost(shape_a, shape_b)
    return int(cost_a + cost_b + step + shape_b.width + total.width)


_HOW_TO_FIT = "use fewer or smaller dice, a lower explosion depth, or roll it instead"


def check_work(expr: Expr, depth: int = DEFAULT_DEPTH) -> None:
    """Raise LimitError when :func:`estimate_work` is above :data:`MAX_WORK`."""
    work = estimate_work(expr, depth)
    if work > MAX_WORK:
        raise LimitError(
            f"the exact distribution of '{to_text(expr)}' would take about {work:,} steps "
            f"(cap {MAX_WORK:,}); {_HOW_TO_FIT}",
            limit="work",
        )


def check_margin_work(a: Expr, b: Expr, depth: int = DEFAULT_DEPTH) -> None:
    """Raise LimitError when :func:`estimate_margin_work` is above :data:`MAX_WORK`."""
    work = estimate_margin_work(a, b, depth)
    if work > MAX_WORK:
        raise LimitError(
            f"comparing '{to_text(a)}' with '{to_text(b)}' would take about {work:,} steps "
            f"(cap {MAX_WORK:,}, for both together); {_HOW_TO_FIT}",
            limit="work",
        )


def _leaf_distribution(leaf: Leaf, depth: int) -> Distribution:
    if isinstance(leaf, Dice):
        return dice_distribution(leaf, depth)
    if isinstance(leaf, Fudge):
        return repeat_sum(FUDGE, leaf.count)
    if isinstance(leaf, Count):
        return count_distribution(leaf, depth)
    if isinstance(leaf, (GroupRoll, Call, BinOp)):
        return whole_distribution(leaf, lambda item: _sum_of(item, depth), depth)
    if isinstance(leaf, RollKeep):
        return keep_dice(explode(Distribution.die(10), depth=depth), leaf.rolled, leaf.kept)
    if isinstance(leaf, OpenD20):
        return open_d20()
    raise TypeError(f"not a dice term: {leaf!r}")


def leaf_distribution(leaf: Leaf, depth: int) -> Distribution:
    """The exact distribution of one dice term (no cap checked here: the caller checked its expression).

    >>> leaf_distribution(Dice(2, 6), 9).probability(12)
    Fraction(1, 36)
    """
    return _leaf_distribution(leaf, depth)


def evaluate(expr: Expr, depth: int = DEFAULT_DEPTH) -> Distribution:
    """Exact distribution of ``expr``; checks ``depth`` and the work estimate first."""
    depth = check_depth(depth)
    check_work(expr, depth)
    return _sum_of(expr, depth)


def _sum_of(expr: Expr, depth: int) -> Distribution:
    """The work of :func:`evaluate`, after its checks (also for the rolls inside a group or a call)."""
    offset = 0
    parts: list[Distribution] = []
    for sign, leaf in signed_terms(expr):
        if isinstance(leaf, Constant):
            offset += sign * leaf.value
        else:
            part = _leaf_distribution(leaf, depth)
            parts.append(part if sign > 0 else -part)
    parts.sort(key=lambda d: d.max_outcome - d.min_outcome)
    return sum_all(parts) + offset
