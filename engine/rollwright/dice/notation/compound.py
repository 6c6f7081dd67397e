"""Exact distributions, and their costs before any work, of the newer terms: Fudge dice, rerolled and
penetrating dice, counted pools, group rolls, ``min``/``max`` and products or quotients.

A term made of whole rolls (a group, a call, ``*`` or ``/``) works each roll out with the
``whole`` function it is given (:func:`~rollwright.dice.notation.evaluation.evaluate` without its
checks), so the plan and the work follow the same tree.

>>> from rollwright.dice.notation.parser import parse
>>> from rollwright.dice.notation.evaluation import evaluate
>>> evaluate(parse("4dF")).probability(0)
Fraction(19, 81)
>>> evaluate(parse("{d8,d6}kh1")).probability(8), evaluate(parse("2d8r<2")).probability(2)
(Fraction(1, 8), Fraction(0, 1))
>>> evaluate(parse("{5d10!}>=8"), depth=1).mean()
Fraction(33, 20)
>>> evaluate(parse("(d10-1)*10+d10")) == evaluate(parse("d100"))
True
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rollwright.dice.distribution import Distribution, repeat_sum
from rollwright.dice.notation.cost import SUM_PAIR, Shape, add_cost, explode_cost, repeat_cost
from rollwright.dice.notation.syntax import BinOp, Call, Count, Dice, Expr, Fudge, GroupRoll, Reroll, dice_count
from rollwright.dice.pools import explode, keep_dice, keep_mixed, keep_of
from rollwright.errors import NotationError

FUDGE = Distribution({-1: 1, 0: 1, 1: 1})
"""One Fudge die."""

Whole = Callable[[Expr], Distribution]
Plan = Callable[[Expr], "tuple[Shape, float]"]


def rerolled(die: Distribution, reroll: Reroll | None) -> Distribution:
    """A die after its reroll: ``r`` rolls again while the face matches, ``ro`` once.

    >>> rerolled(Distribution.die(4), Reroll(True, "=", 1)).probabilities()[0]
    (1, Fraction(1, 16))
    """
    if reroll is None:
        return die
    matched = sum(w for face, w in die.items() if reroll.matches(face))
    if not reroll.once:
        return Distribution({face: w for face, w in die.items() if not reroll.matches(face)})
    total = die.total_weight
    return Distribution({face: w * ((0 if reroll.matches(face) else total) + matched) for face, w in die.items()})


def one_die(leaf: Dice, depth: int) -> Distribution:
    """One die of a dice term: rerolled, then exploded (``!`` and ``!!`` add the same; ``!p`` 1 less per extra)."""
    die = rerolled(Distribution.die(leaf.sides), leaf.reroll)
    if leaf.explode:
        die = explode(die, depth=depth, penetrate=leaf.style == "!p", on=leaf.trigger)
    return die


def dice_distribution(leaf: Dice, depth: int) -> Distribution:
    """A dice term's total."""
    die = one_die(leaf, depth)
    if leaf.select is None:
        return repeat_sum(die, leaf.count)
    highest, kept = leaf.select.kept(leaf.count)
    return keep_dice(die, leaf.count, kept, highest)


def _meets(op: str, value: int, target: int) -> bool:
    return value >= target if op == ">=" else value <= target if op == "<=" else value == target


def count_distribution(leaf: Count, depth: int) -> Distribution:
    """Successes minus failures of a counted pool; with ``!`` (or ``!p``) each extra roll is a die of its own."""
    pool = leaf.pool

    def score(value: int) -> int:
        hit = 1 if _meets(leaf.op, value, leaf.target) else 0
        miss = 1 if leaf.fail_op is not None and _meets(leaf.fail_op, value, leaf.fail_target or 0) else 0
        return hit - miss

    if isinstance(pool, Fudge):
        return repeat_sum(FUDGE.map(score), pool.count)
    if not pool.explode or pool.style == "!!":
        return repeat_sum(one_die(pool, depth).map(score), pool.count)
    base = rerolled(Distribution.die(pool.sides), pool.reroll)
    less = 1 if pool.style == "!p" else 0
    first = _chain(base, pool.explodes_on, depth, score, lambda face: score(face - less))
    return repeat_sum(first, pool.count)


def _chain(base: Distribution, explodes: Callable[[int], bool], depth: int, first: Callable[[int], int],
           extra: Callable[[int], int]) -> Distribution:
    """What one exploding die adds to a count, each of its rolls scored alone (``extra`` for the extra rolls).

    Built from the deepest extra roll up: at the cap a roll stops, whatever its face.

    >>> _chain(Distribution.die(10), lambda f: f == 10, 1, lambda f: int(f >= 8), lambda f: int(f >= 8)).probabilities()[-1]
    (2, Fraction(3, 100))
    """
    chain: Distribution | None = None
    for level in range(depth + 1):
        score = first if level == depth else extra
        weights: dict[int, int] = {}
        for face, w in base.items():
            if explodes(face) and chain is not None:
                for rest, rw in chain.items():
                    weights[score(face) + rest] = weights.get(score(face) + rest, 0) + w * rw
            else:
                key = score(face)
                weights[key] = weights.get(key, 0) + w * (1 if chain is None else chain.total_weight)
        chain = Distribution(weights)
    assert chain is not None
    return chain


def pool_dice(item: Expr, depth: int) -> list[Distribution]:
    """Each die of a mixed pool written as a sum of dice (``4d6+3d8``), for a keep across all of them."""
    from rollwright.dice.notation.syntax import signed_terms

    found: list[Distribution] = []
    for sign, leaf in signed_terms(item):
        if sign < 0 or not isinstance(leaf, (Dice, Fudge)) or (isinstance(leaf, Dice) and leaf.select is not None):
            raise NotationError("a keep on one roll in braces keeps its dice, so the roll is dice added together, "
                                "as in '{4d6+3d8}kh4'", position=getattr(leaf, "position", 0))
        found += [FUDGE if isinstance(leaf, Fudge) else one_die(leaf, depth)] * leaf.count
    return found


def whole_distribution(leaf: GroupRoll | Call | BinOp, whole: Whole, depth: int) -> Distribution:
    """A term made of whole rolls: a group, ``min``/``max``, or ``*`` and ``/``."""
    if isinstance(leaf, GroupRoll):
        if len(leaf.items) == 1 and (leaf.select is not None or leaf.aside is not None):  # its dice kept, as Roll20
            dice = pool_dice(leaf.items[0], depth)
            if leaf.aside is not None:  # a die set aside adds nothing, and is the last to be kept
                dice = [die.map(lambda value: 0 if leaf.sets_aside(value) else value) for die in dice]
            if leaf.select is None:
                return _sum(dice)
            highest, kept = leaf.select.kept(len(dice))
            return keep_mixed(dice, kept, highest)
        parts = [whole(item) for item in leaf.items]
        if leaf.select is None:
            return _sum(parts)
        highest, kept = leaf.select.kept(len(parts))
        return keep_of(parts, kept, highest)
    if isinstance(leaf, Call):
        result = whole(leaf.args[0])
        pick = min if leaf.name == "min" else max
        for arg in leaf.args[1:]:
            result = result.combine(whole(arg), lambda a, b: pick(a, b))
        return result
    left, right = whole(leaf.left), whole(leaf.right)
    if leaf.op == "*":
        return left.combine(right, lambda a, b: a * b)
    if right.weight(0):
        raise NotationError("division by a roll that can come to 0; add to the divisor so that it cannot",
                            position=leaf.right.position)
    return left.combine(right, lambda a, b: a // b)


def _sum(parts: list[Distribution]) -> Distribution:
    result = parts[0]
    for part in parts[1:]:
        result = result + part
    return result


# --- costs, before any work --------------------------------------------------------
def fudge_cost(count: int) -> tuple[Shape, float]:
    return repeat_cost(Shape(-1, 1, math.log2(3)), count)


def count_cost(leaf: Count, depth: int) -> tuple[Shape, float]:
    pool = leaf.pool
    rolls = 1 if isinstance(pool, Fudge) or not pool.explode else depth + 1
    sides = 3 if isinstance(pool, Fudge) else pool.sides
    one = Shape(-rolls, rolls, math.log2(sides) * rolls)
    shape, cost = repeat_cost(one, pool.count)
    build = 0.0 if rolls == 1 else 2.0 * depth * depth * sides * one.width
    if isinstance(pool, Dice) and pool.explode and pool.style == "!!":
        build = explode_cost(sides, depth, len(pool.trigger))[1]
    return shape, cost + build + sides


def whole_cost(leaf: GroupRoll | Call | BinOp, plan: Plan) -> tuple[Shape, float]:
    """Shape and cost of a term of whole rolls, from the plans of its rolls."""
    items = leaf.items if isinstance(leaf, GroupRoll) else leaf.args if isinstance(leaf, Call) else (
        leaf.left, leaf.right)
    plans = [plan(item) for item in items]
    cost = sum(c for _, c in plans)
    shapes = [s for s, _ in plans]
    if isinstance(leaf, GroupRoll) and (leaf.select is not None or leaf.aside is not None) and len(items) == 1:
        dice = dice_count(items[0])
        kept = leaf.select.kept(dice)[1] if leaf.select else dice
        width = shapes[0].width // max(dice, 1) + 1
        states = math.comb(width + kept, kept)
        return Shape(shapes[0].low, shapes[0].high, shapes[0].bits), cost + 3 * SUM_PAIR * states * width * dice
    if isinstance(leaf, GroupRoll) and leaf.select is None:
        total = shapes[0]
        for shape in shapes[1:]:
            total, step = add_cost(total, shape)
            cost += step
        return total, cost
    if isinstance(leaf, GroupRoll):
        kept = leaf.select.kept(len(shapes))[1] if leaf.select else len(shapes)
        width = max(s.width for s in shapes)
        states = math.comb(width + kept, kept)
        low, high = sum(sorted(s.low for s in shapes)[:kept]), sum(sorted(s.high for s in shapes)[-kept:])
        return Shape(low, high, sum(s.bits for s in shapes)), cost + 3 * SUM_PAIR * states * width * len(shapes)
    result = shapes[0]
    for shape in shapes[1:]:
        corners = [a * b for a in (result.low, result.high) for b in (shape.low, shape.high)]
        if isinstance(leaf, BinOp) and leaf.op == "/":
            corners = [result.low, result.high, -result.low, -result.high]
        elif not isinstance(leaf, BinOp):
            corners = [min(result.low, shape.low), max(result.high, shape.high)]
        cost += result.width * shape.width * SUM_PAIR
        result = Shape(min(corners), max(corners), result.bits + shape.bits)
    return result, cost
