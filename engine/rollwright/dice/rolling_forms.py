"""Seeded rolls of the newer terms: Fudge dice, counted pools, group rolls, ``min``/``max``, ``*`` and ``/``.

Each is one term of the report (see :mod:`~rollwright.dice.rolling`) whose ``value`` is what it
adds and whose ``dice`` are every die rolled inside it: a group's dropped rolls have their dice
marked ``kept: false``; a count's value is its successes minus its failures.

>>> from rollwright.dice.rolling import roll
>>> report = roll("{d8!,d6!}kh1+4dF", seed=3)
>>> [t.kind for t in report.terms], report.total == sum(t.sign * t.value for t in report.terms)
(['group', 'fudge'], True)
>>> counted = roll("{10d10!}>=8", seed=1).terms[0]
>>> counted.value == sum(f >= 8 for d in counted.dice for f in d.faces)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rollwright.dice.notation.syntax import BinOp, Call, Count, Dice, Expr, Fudge, GroupRoll, to_text
from rollwright.dice.rolling import DieRoll, TermRoll, mark_kept, roll_die
from rollwright.dice.script import DiceSource
from rollwright.errors import NotationError


def roll_fudge(rng: DiceSource) -> DieRoll:
    """One Fudge die: a 1 to 3 rolled, shown as -1, 0 or +1."""
    return DieRoll(3, (rng.randint(1, 3) - 2,), label="dF")


def _meets(op: str, value: int, target: int) -> bool:
    return value >= target if op == ">=" else value <= target if op == "<=" else value == target


def count_of(leaf: Count, dice: Sequence[DieRoll]) -> int:
    """Successes minus failures: each roll alone, save a compounding die (``!!``), read as one value."""
    def score(value: int) -> int:
        hit = _meets(leaf.op, value, leaf.target)
        miss = leaf.fail_op is not None and _meets(leaf.fail_op, value, leaf.fail_target or 0)
        return int(hit) - int(miss)

    pool = leaf.pool
    if isinstance(pool, Dice) and pool.explode and pool.style != "!!":
        less = 1 if pool.style == "!p" else 0
        return sum(score(face - (less if index else 0)) for die in dice for index, face in enumerate(die.faces))
    return sum(score(die.value) for die in dice)


def roll_form(rng: DiceSource, leaf: Fudge | Count | GroupRoll | Call | BinOp, sign: int, depth: int) -> TermRoll:
    """One newer term, rolled."""
    from rollwright.dice.rolling import _roll_dice, _roll_terms

    if isinstance(leaf, Fudge):
        dice = tuple(roll_fudge(rng) for _ in range(leaf.count))
        return TermRoll("fudge", to_text(leaf), sign, sum(d.value for d in dice), dice)
    if isinstance(leaf, Count):
        pool = leaf.pool
        dice = (tuple(roll_fudge(rng) for _ in range(pool.count)) if isinstance(pool, Fudge)
                else _roll_dice(rng, pool, depth))
        return TermRoll("count", to_text(leaf), sign, count_of(leaf, dice), dice)
    value, dice = roll_whole(rng, leaf, lambda item: _roll_terms(rng, item, depth))
    return TermRoll("group" if isinstance(leaf, GroupRoll) else "math", to_text(leaf), sign, value, dice)


def roll_whole(rng: DiceSource, leaf: GroupRoll | Call | BinOp,
               terms_of: Callable[[Expr], tuple[TermRoll, ...]]) -> tuple[int, tuple[DieRoll, ...]]:
    """A term of whole rolls: each roll in order, then kept, capped or multiplied."""
    items = leaf.items if isinstance(leaf, GroupRoll) else leaf.args if isinstance(leaf, Call) else (
        leaf.left, leaf.right)
    if isinstance(leaf, BinOp) and leaf.op == "/":
        from rollwright.dice.notation import distribution

        if distribution(leaf.right).weight(0):  # refused before rolling, as its distribution is
            raise NotationError("division by a roll that can come to 0; add to the divisor so that it cannot",
                                text=to_text(leaf), position=leaf.right.position)
    rolled = [terms_of(item) for item in items]
    values = [sum(t.sign * t.value for t in terms) for terms in rolled]
    dice = [[die for t in terms for die in t.dice] for terms in rolled]
    if isinstance(leaf, GroupRoll):
        if len(items) == 1 and (leaf.select is not None or leaf.aside is not None):  # its dice kept or dropped
            pool = dice[0]
            eligible = [i for i, d in enumerate(pool) if not leaf.sets_aside(d.value)]
            highest, kept = leaf.select.kept(len(pool)) if leaf.select else (True, len(pool))
            # the best first; at equal values the smaller dice first (a larger one left is the better effect die)
            order = sorted(eligible, key=lambda i: ((-1 if highest else 1) * pool[i].value, pool[i].sides, i))
            keep = set(order[:kept])
            marked = tuple(d if i in keep else replace(d, kept=False) for i, d in enumerate(pool))
            return sum(d.value for d in marked if d.kept), marked
        if leaf.select is None:
            return sum(values), tuple(d for group in dice for d in group)
        highest, kept = leaf.select.kept(len(values))
        marks = mark_kept([DieRoll(1, (v,)) for v in values], kept, highest)
        chosen = [m.kept for m in marks]
        shown = tuple(d if keep else replace(d, kept=False) for keep, group in zip(chosen, dice) for d in group)
        return sum(v for v, keep in zip(values, chosen) if keep), shown
    flat = tuple(d for group in dice for d in group)
    if isinstance(leaf, Call):
        return (min(values) if leaf.name == "min" else max(values)), flat
    if leaf.op == "*":
        return values[0] * values[1], flat
    return values[0] // values[1], flat


__all__ = ["count_of", "roll_die", "roll_fudge", "roll_form", "roll_whole"]
