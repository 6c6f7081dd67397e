"""What an exact distribution costs, estimated from outcome ranges and weight sizes before any work.

:func:`leaf_cost` and :func:`add_cost` follow the plan :mod:`~rollwright.dice.notation.evaluation`
carries out (a die, exploded if asked, summed by binary splitting or kept by
:func:`~rollwright.dice.pools.keep_highest`, then the terms added narrowest first), over
:class:`Shape` only: an outcome range and the bits of its weights. Sizes are counted in
CPython's 30-bit digits; a product of ``a`` and ``b`` digits costs as :func:`product_cost`.

One step is about 0.1 us of CPython 3.11. Every constant below was fitted to timings of
keep pools split into their three passes and of notations along the work cap's boundary,
then checked by ``bench/caps_sweep.py`` (the sweep's table is in the note of issue 16):
along the boundary the estimate is within about 0.7x to 2x of the measured time.

>>> shape, cost = leaf_cost(Dice(2, 6), depth=9)
>>> (shape.low, shape.high), round(cost)
((2, 12), 37)
"""

from __future__ import annotations

import math

from rollwright.dice.notation.syntax import Dice, Leaf, OpenD20, RollKeep

DIGIT_BITS = 30
"""Bits in one CPython integer digit."""

SUM_PAIR = 0.84
"""Adding two distributions: cost of one pair of outcomes (a dict update and a product)."""

SUM_PAIR_DIGIT = 0.054
"""... and more per digit of the two weights' product."""

EXPLODE_PAIR = 0.98
"""Exploding a die, each level: cost of one exploding face with one outcome of the die so far."""

EXPLODE_PAIR_DIGIT = 0.018
"""... and more per digit of those weights."""

EXPLODE_OUTCOME = 3.6
"""Exploding a die, each level: cost of one outcome of the new level's distribution."""

KEEP_POWER = 1.23
"""Keep pass, each outcome: cost of one power of a face's weight or of the weight below it."""

KEEP_POWER_DIGIT = 0.0093
"""... and more per ``digits ** 1.585`` of that power (Karatsuba)."""

KEEP_FINISH_TERM = 0.98
"""Keep pass: cost of one term of the weight that closes the kept set at an outcome."""

KEEP_FINISH_DIGIT = 0.042
"""... and more per digit of the sum of those terms."""

KEEP_FINISH_PRODUCT = 0.0033
"""Keep pass: cost per digit product of one open state times that weight (see :func:`product_cost`), when
the weight has at most :data:`KARATSUBA_CUTOFF` digits (schoolbook: every digit of the state is worked)."""

KEEP_FINISH_PRODUCT_WIDE = 0.0012
"""... when the weight has twice :data:`KARATSUBA_CUTOFF` digits or more (Karatsuba skips the zero blocks
between the slots of a state); between the two, the cost moves from one to the other."""

KEEP_STATE_DIGIT = 0.016
"""Keep pass: cost per digit of an open state, each outcome (shifts, copies, additions)."""

KEEP_RESULT_DIGIT = 0.0023
"""Keep pass: cost per digit of the result, each outcome and open state (shifting into it, adding)."""

KEEP_OPEN = 2.2
"""Keep pass: cost of one step that keeps a set open (a die showing this outcome, not closing it)."""

KEEP_OPEN_PRODUCT = 0.002
"""... and per digit product of the open state times its count of ways."""

KEEP_OPEN_DIGIT = 0.0078
"""... and per digit of the state it is shifted and added into."""

OPEN_D20_COST = 60.0
"""The open-ended d20: a fixed 60 outcomes."""

KARATSUBA_CUTOFF = 70
"""CPython multiplies schoolbook below this many digits in the smaller factor, by Karatsuba above."""


class Shape:
    """What the estimate knows of a distribution: its outcome range and the bits of its total weight.

    A plain class (not a dataclass: see :class:`~rollwright.dice.notation.syntax._Node`).
    """

    __slots__ = ("low", "high", "bits")

    def __init__(self, low: int, high: int, bits: float) -> None:
        self.low = low
        self.high = high
        self.bits = bits

    def __repr__(self) -> str:
        return f"Shape({self.low}, {self.high}, {self.bits})"

    @property
    def width(self) -> int:
        return self.high - self.low + 1


def product_cost(a: float, b: float) -> float:
    """Digit products of one CPython multiplication of ``a``- and ``b``-digit integers.

    >>> product_cost(3, 1000), round(product_cost(700, 1000))
    (3000, 269214)
    """
    small, big = min(a, b), max(a, b)
    if small <= KARATSUBA_CUTOFF:
        return small * big
    return float(big * small**0.585 * KARATSUBA_CUTOFF**0.415)


def add_cost(a: Shape, b: Shape) -> tuple[Shape, float]:
    """Shape of ``a + b`` and the cost of the convolution."""
    pairs = a.width * b.width
    bits = a.bits + b.bits
    return Shape(a.low + b.low, a.high + b.high, bits), pairs * (SUM_PAIR + SUM_PAIR_DIGIT * bits / DIGIT_BITS)


def repeat_cost(part: Shape, count: int) -> tuple[Shape, float]:
    """Mirror of :func:`~rollwright.dice.distribution.repeat_sum` (binary splitting)."""
    result: Shape | None = None
    power, cost = part, 0.0
    while count:
        if count & 1:
            if result is None:
                result = power
            else:
                result, step = add_cost(result, power)
                cost += step
        count >>= 1
        if count:
            power, step = add_cost(power, power)
            cost += step
    return result or Shape(0, 0, 0.0), cost


def explode_cost(sides: int, depth: int, exploding: int = 1) -> tuple[Shape, float]:
    """Shape of a d``sides`` with ``exploding`` faces that explode (default: its top face) ``depth`` times, and its cost.

    The shape holds for any faces: each roll adds 1 to ``sides``.
    """
    bits = math.log2(sides)
    cost = 0.0
    for level in range(depth):
        built = sides * (level + 1)  # outcomes of the die so far, about
        digits = bits * (level + 2) / DIGIT_BITS
        cost += exploding * built * (EXPLODE_PAIR + EXPLODE_PAIR_DIGIT * digits) + EXPLODE_OUTCOME * (sides + built)
    return Shape(1, sides * (depth + 1), bits * (depth + 1)), cost


def keep_cost(die: Shape, count: int, keep: int) -> tuple[Shape, float]:
    """Mirror of :func:`~rollwright.dice.pools.keep_dice`: a plain sum when every die is kept, else the keep pass.

    For each of the die's ``W`` outcomes the pass raises weights to every power up to
    ``count``; then, for each of ``keep`` open states (``placed`` dice so far, a polynomial of
    ``placed x W`` slots), sums the terms of the weight that closes the kept set there,
    multiplies the state by it into the result, and moves the state on by each number of
    dice that may show this outcome.
    """
    if keep == count:
        return repeat_cost(die, count)
    width, total_bits = die.width, die.bits
    face_bits = max(0.0, die.bits - math.log2(die.width))  # the weight of one outcome, at most
    slot = (count * total_bits + count + 8) / DIGIT_BITS  # digits of one slot of a state
    powers = sum((k * total_bits / DIGIT_BITS) ** 1.585 + (k * face_bits / DIGIT_BITS) ** 1.585
                 for k in range(count + 1))
    cost = KEEP_POWER * 2 * (count + 1) + KEEP_POWER_DIGIT * powers
    for placed in range(keep):
        rest = count - placed
        state = (placed * (width - 1) + 1) * slot
        terms = rest - keep + placed + 1
        finish = (rest * max(total_bits, face_bits) + rest) / DIGIT_BITS + 1
        wide = min(1.0, max(0.0, finish / KARATSUBA_CUTOFF - 1))
        per_product = KEEP_FINISH_PRODUCT * (1 - wide) + KEEP_FINISH_PRODUCT_WIDE * wide
        cost += (KEEP_FINISH_TERM * terms + KEEP_FINISH_DIGIT * terms * (1 + rest * total_bits / DIGIT_BITS)
                 + per_product * product_cost(state, finish) + KEEP_STATE_DIGIT * state
                 + KEEP_RESULT_DIGIT * keep * width * slot + KEEP_OPEN * (keep - placed))
        for here in range(1, keep - placed):
            cost += (KEEP_OPEN_PRODUCT * product_cost(state, 1 + (rest + here * face_bits) / DIGIT_BITS)
                     + KEEP_OPEN_DIGIT * (placed + here) * width * slot)
    return Shape(die.low * keep, die.high * keep, total_bits * count), cost * width


def leaf_cost(leaf: Leaf, depth: int) -> tuple[Shape, float]:
    """Shape and cost of one dice term."""
    if isinstance(leaf, Dice):
        if leaf.explode:
            die, cost = explode_cost(leaf.sides, depth, len(leaf.trigger))
        else:
            die, cost = Shape(1, leaf.sides, math.log2(leaf.sides)), float(leaf.sides)
        kept = leaf.count if leaf.select is None else leaf.select.kept(leaf.count)[1]
        total, keep = keep_cost(die, leaf.count, kept)
        return total, cost + keep
    if isinstance(leaf, RollKeep):
        die, cost = explode_cost(10, depth)
        total, keep = keep_cost(die, leaf.rolled, leaf.kept)
        return total, cost + keep
    if isinstance(leaf, OpenD20):
        return Shape(-19, 40, math.log2(400)), OPEN_D20_COST
    raise TypeError(f"not a dice term: {leaf!r}")
