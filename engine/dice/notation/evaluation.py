"""Syntax tree -> exact :class:`Distribution`, after a cost estimate.

The expression is flattened to signed terms; constants fold into one offset;
each dice term becomes a distribution (a die, exploded if asked, then summed,
or kept/dropped by :func:`~engine.dice.pools.keep_dice`), and the terms are
added narrowest first. :func:`estimate_work` walks the same plan over
outcome ranges only (no weights), so a too-costly request is refused before
any work is done; :func:`estimate_margin_work` does the same for one
expression minus another (an opposed roll).

>>> evaluate(Dice(2, 6)).probability(7)
Fraction(1, 6)
>>> estimate_work(Dice(100, 1000)) > MAX_WORK
True
>>> estimate_margin_work(Dice(1, 6), Dice(1, 6)) > 2 * estimate_work(Dice(1, 6))
True
"""

from __future__ import annotations

import math
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
from engine.dice.pools import DEFAULT_DEPTH, explode, keep_dice, open_d20
from engine.errors import LimitError

KEEP_OP_COST = 1.0
"""Cost of one big-integer operation of the keep pass, before its size (measured: about one)."""

KEEP_WORD_COST = 1 / 80
"""Cost per 30-bit digit those operations touch (measured)."""

KEEP_SCALAR_BITS = 300
"""Digits cost more by ``1 + bits x keep / KEEP_SCALAR_BITS`` when face weights are ``bits`` wide (measured)."""

KEEP_FINISH_COST = 2.0
"""Cost of one term of the weight that closes the kept set at an outcome (measured)."""

EXPLODE_STEP_COST = 4
"""Cost of one outcome built while exploding a die, in pair additions (measured)."""

EXPLODE_PAIR_COST = 0.6
"""Cost of adding one exploding face to one outcome of the die so far (measured: about 0.1 us)."""

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


def _exploded(sides: int, depth: int, at_least: int | None = None) -> tuple[_Shape, float]:
    """Shape of a d``sides`` exploding (on ``at_least`` or more) up to ``depth`` times, and its cost."""
    bits = sides.bit_length()
    exploding_faces = 1 if at_least is None else sides - at_least + 1
    cost = 0.0
    for level in range(depth):
        built = sides * (level + 1)  # outcomes of the die so far, about
        steps = EXPLODE_STEP_COST * (sides + built) + EXPLODE_PAIR_COST * exploding_faces * built
        cost += steps * _big(bits * (level + 2))
    return _Shape(1, sides * (depth + 1), bits * (depth + 1)), cost


def _kept(die: _Shape, count: int, keep: int) -> tuple[_Shape, float]:
    """Mirror of :func:`keep_dice`: a plain sum when every die is kept, else the keep pass.

    The keep pass visits each outcome once and, for each of ``keep`` open states,
    makes about ``keep - placed`` big-integer operations on a state of
    ``placed x width`` slots of about ``count x bits`` bits each, multiplied by
    powers of face weights (wide for an exploded die, 1 for a plain one).
    """
    if keep == count:
        return _repeat(die, count)
    face_weight_bits = max(0.0, die.bits - math.log2(die.width))
    slot_digits = (count * die.bits + count + 8) / 30 * (1 + face_weight_bits * keep / KEEP_SCALAR_BITS)
    ops = digits = 0.0
    for placed in range(keep):
        operations = keep - placed + 1
        ops += operations
        digits += operations * (placed * (die.width - 1) + 1) * slot_digits
    finish = keep * (count - keep + 1)
    cost = die.width * (ops * KEEP_OP_COST + digits * KEEP_WORD_COST + finish * KEEP_FINISH_COST)
    return _Shape(die.low * keep, die.high * keep, die.bits * count), cost


def _leaf_plan(leaf: Leaf, depth: int) -> tuple[_Shape, float]:
    """Shape and cost of one non-constant term."""
    if isinstance(leaf, Dice):
        if leaf.explode:
            die, cost = _exploded(leaf.sides, depth, leaf.threshold)
        else:
            die, cost = _Shape(1, leaf.sides, leaf.sides.bit_length()), float(leaf.sides)
        kept = leaf.count if leaf.select is None else leaf.select.kept(leaf.count)[1]
        total, keep_cost = _kept(die, leaf.count, kept)
        return total, cost + keep_cost
    if isinstance(leaf, RollKeep):
        die, cost = _exploded(10, depth)
        total, keep_cost = _kept(die, leaf.rolled, leaf.kept)
        return total, cost + keep_cost
    if isinstance(leaf, OpenD20):
        return _Shape(-19, 40, 9.0), 60.0
    raise TypeError(f"not a dice term: {leaf!r}")


def _plan(expr: Expr, depth: int) -> tuple[_Shape, float]:
    """Shape of the whole expression's distribution and the cost of building it."""
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
    return total, cost + total.width


def estimate_work(expr: Expr, depth: int = DEFAULT_DEPTH) -> int:
    """Estimated steps (about one pair addition each) :func:`evaluate` would take."""
    return int(_plan(expr, depth)[1])


def estimate_margin_work(a: Expr, b: Expr, depth: int = DEFAULT_DEPTH) -> int:
    """Estimated steps for :func:`margin`: both distributions, then their difference."""
    shape_a, cost_a = _plan(a, depth)
    shape_b, cost_b = _plan(b, depth)
    total, step = _add(shape_a, shape_b)
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
        die = Distribution.die(leaf.sides)
        if leaf.explode:
            die = explode(die, depth=depth, at_least=leaf.explodes_at)
        if leaf.select is None:
            return repeat_sum(die, leaf.count)
        highest, kept = leaf.select.kept(leaf.count)
        return keep_dice(die, leaf.count, kept, highest)
    if isinstance(leaf, RollKeep):
        return keep_dice(explode(Distribution.die(10), depth=depth), leaf.rolled, leaf.kept)
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
