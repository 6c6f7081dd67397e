"""Syntax tree -> exact :class:`Distribution`, after a cost estimate.

The expression is flattened to signed terms; constants fold into one offset;
each dice term becomes a distribution, and the terms are added narrowest
first. :func:`estimate_work` walks the same plan over outcome ranges only
(no weights), so a too-costly request is refused before any work is done.

>>> evaluate(Dice(2, 6)).probability(7)
Fraction(1, 6)
>>> estimate_work(Dice(100, 1000)) > MAX_WORK
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.distribution import Distribution, repeat_sum, sum_all
from engine.dice.notation.limits import MAX_WORK, check_depth
from engine.dice.notation.syntax import (
    Constant,
    Dice,
    Expr,
    Leaf,
    OpenD20,
    RollKeep,
    signed_terms,
    to_text,
)
from engine.dice.pools import DEFAULT_DEPTH, explode, keep_highest, open_d20
from engine.errors import LimitError

KEEP_STEP_COST = 1
"""Cost of one estimated keep-highest step, in pair additions (measured: about one)."""

EXPLODE_STEP_COST = 4
"""Cost of one outcome built while exploding a die, in pair additions (measured)."""

BIG_INT_BITS = 350
"""Above this many bits of weight, cost grows in proportion to the bits (measured)."""


@dataclass(frozen=True)
class _Shape:
    """What the estimate knows of a distribution: its range and weight size."""

    low: int
    high: int
    bits: float

    @property
    def width(self) -> int:
        return self.high - self.low + 1


def _big(bits: float) -> float:
    """Cost factor for arithmetic on integers of about ``bits`` bits."""
    return max(1.0, bits / BIG_INT_BITS)


def _add(a: _Shape, b: _Shape) -> tuple[_Shape, float]:
    """Shape of ``a + b`` and the cost of the convolution."""
    cost = a.width * b.width * _big(a.bits + b.bits)
    return _Shape(a.low + b.low, a.high + b.high, a.bits + b.bits), cost


def _repeat(part: _Shape, count: int) -> tuple[_Shape, float]:
    """Mirror of :func:`repeat_sum` (binary splitting)."""
    result, power, cost = _Shape(0, 0, 0.0), part, 0.0
    while count:
        if count & 1:
            result, step = _add(result, power)
            cost += step
        count >>= 1
        if count:
            power, step = _add(power, power)
            cost += step
    return result, cost


def _exploded(sides: int, depth: int) -> tuple[_Shape, float]:
    """Shape of a d``sides`` exploding up to ``depth`` times, and the cost of building it."""
    bits = sides.bit_length()
    cost = 0.0
    for level in range(depth):
        cost += EXPLODE_STEP_COST * (sides + sides * (level + 1)) * _big(bits * (level + 2))
    return _Shape(1, sides * (depth + 1), bits * (depth + 1)), cost


def _leaf_plan(leaf: Leaf, depth: int) -> tuple[_Shape, float]:
    """Shape and cost of one non-constant term."""
    if isinstance(leaf, Dice):
        if leaf.explode:
            die, cost = _exploded(leaf.sides, depth)
        else:
            die, cost = _Shape(1, leaf.sides, leaf.sides.bit_length()), float(leaf.sides)
        total, sum_cost = _repeat(die, leaf.count)
        return total, cost + sum_cost
    if isinstance(leaf, RollKeep):
        die, cost = _exploded(10, depth)
        support = 9 * (depth + 1) + 1
        states = sum(kept * (die.width - 1) + 1 for kept in range(leaf.kept))
        steps = support * (leaf.rolled + 1) * states * KEEP_STEP_COST
        cost += steps * _big(die.bits * leaf.rolled)
        return _Shape(leaf.kept, die.high * leaf.kept, die.bits * leaf.rolled), cost
    if isinstance(leaf, OpenD20):
        return _Shape(-19, 40, 9.0), 60.0
    raise TypeError(f"not a dice term: {leaf!r}")


def estimate_work(expr: Expr, depth: int = DEFAULT_DEPTH) -> int:
    """Estimated steps (about one pair addition each) :func:`evaluate` would take."""
    shapes: list[_Shape] = []
    cost = 0.0
    for _, leaf in signed_terms(expr):
        if not isinstance(leaf, Constant):
            shape, leaf_cost = _leaf_plan(leaf, depth)
            shapes.append(shape)
            cost += leaf_cost
    shapes.sort(key=lambda s: s.width)
    total = _Shape(0, 0, 0.0)
    for shape in shapes:
        total, step = _add(total, shape)
        cost += step + shape.width  # the width term covers negation
    return int(cost) + total.width


def check_work(expr: Expr, depth: int = DEFAULT_DEPTH) -> None:
    """Raise LimitError when :func:`estimate_work` is above :data:`MAX_WORK`."""
    work = estimate_work(expr, depth)
    if work > MAX_WORK:
        raise LimitError(
            f"the exact distribution of '{to_text(expr)}' would take about {work:,} steps "
            f"(cap {MAX_WORK:,}); use fewer or smaller dice, a lower explosion depth, "
            "or roll it instead",
            limit="work",
        )


def _leaf_distribution(leaf: Leaf, depth: int) -> Distribution:
    if isinstance(leaf, Dice):
        die = Distribution.die(leaf.sides)
        if leaf.explode:
            die = explode(die, depth=depth)
        return repeat_sum(die, leaf.count)
    if isinstance(leaf, RollKeep):
        return keep_highest(explode(Distribution.die(10), depth=depth), leaf.rolled, leaf.kept)
    if isinstance(leaf, OpenD20):
        return open_d20()
    raise TypeError(f"not a dice term: {leaf!r}")


def evaluate(expr: Expr, depth: int = DEFAULT_DEPTH) -> Distribution:
    """Exact distribution of ``expr``; checks ``depth`` and the work estimate first."""
    depth = check_depth(depth)
    check_work(expr, depth)
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
