"""Reading the dice of a roll: the exact joint distribution of what a check's outcomes look at.

A roll that is a sum of dice terms and numbers (``d20+5``, ``2d6``, ``d12+d12+3``,
``4d6!kh3-2``) can be read beyond its total. The things read are *features*:

* ``("total",)``: the roll's total, numbers included;
* ``("die", i)``: the value of the ``i``-th dice term (from 1), its kept dice before any number
  is added: the "natural" face of a single die; in a group of whole rolls that are each one die
  (``{d8!,d6!}kh1``) each die is a term of its own (:func:`one_die_each`);
* ``("count", op, face)``: how many kept dice show ``face`` (``op`` ``"=="``), ``face`` or more
  (``">="``) or ``face`` or less (``"<="``);
* ``("highest",)`` and ``("lowest",)``: the highest and the lowest kept die;
* ``("largest_set",)``: the most kept dice showing one same face (2 or more: doubles);
* ``("dice",)``: how many dice are kept;
* ``("effect",)``: the most sides of a die neither kept nor set aside (0 for none): an "effect die".

A die is read by its value as rolled (an exploding die by its whole value, a die after a minus
sign by its face); only the total carries signs. :func:`joint` works like a multiset evaluator:
it walks the faces from the highest down, and at each face decides how many of each group of
alike dice show it, keeping a small state (the dice still to place, and each feature so far).
Its work grows with the states, never with ``faces ** dice``; it is bounded before it starts
and counted while it runs, against :data:`MAX_STATE_STEPS`.

>>> from rollwright.dice.notation import parse
>>> crit = joint(parse("d20+5"), [("total",), ("die", 1)])
>>> sum(w for (total, natural), w in crit.items() if natural == 20), sum(crit.values())
(1, 20)
>>> doubles = joint(parse("2d6"), [("largest_set",)])
>>> doubles[(2,)], doubles[(1,)]
(6, 30)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any
from math import comb

from rollwright.dice.distribution import Distribution
from rollwright.dice.notation.evaluation import check_work, leaf_distribution
from rollwright.dice.notation.limits import check_depth
from rollwright.dice.notation.compound import FUDGE, one_die
from rollwright.dice.notation.syntax import (
    Constant,
    Dice,
    Expr,
    Fudge,
    GroupRoll,
    OpenD20,
    RollKeep,
    signed_terms,
    to_text,
)
from rollwright.dice.pools import explode, open_d20
from rollwright.errors import LimitError, NotationError

Feature = tuple[Any, ...]
MAX_STATE_STEPS = 600_000
"""``limit="work"``: most state transitions one reading may take (about 3 us each in CPython: under 2 s)."""

_POOL_FEATURES = frozenset({"count", "highest", "lowest", "largest_set", "effect"})
FACE_TESTS: dict[str, Callable[[int, int], bool]] = {
    "==": lambda v, f: v == f, ">=": lambda v, f: v >= f, "<=": lambda v, f: v <= f}
"""How a count compares a die's value with its face."""


class Group:
    """Alike dice of one term: ``count`` copies of ``die``, the positions ``keep`` (from the highest) kept.

    A group of a pool in braces (``{2d8+d6}s1kh2``) has ``pool`` (its term) and the pool's ``keep``: the
    positions are counted over the whole pool, and at equal faces the smaller dice (``sides``) are kept
    first. ``aside``: its face 0 stands for a die set aside, never kept.
    """

    __slots__ = ("term", "sign", "die", "count", "keep", "pool", "sides", "aside")

    def __init__(self, term: int, sign: int, die: Distribution, count: int, keep: tuple[int, int],
                 pool: int | None = None, sides: int = 0, aside: bool = False) -> None:
        self.term, self.sign, self.die, self.count, self.keep = term, sign, die, count, keep
        self.pool, self.sides, self.aside = pool, sides, aside

    def kept(self, seen: int, landing: int) -> int:
        """How many of ``landing`` dice, after ``seen`` higher ones, fall in the kept positions.

        >>> Group(1, 1, Distribution.die(6), 4, (0, 3)).kept(2, 2)
        1
        """
        low, high = self.keep
        return max(0, min(seen + landing, high) - max(seen, low))


def groups_of(expr: Expr, depth: int) -> tuple[list[Group], int]:
    """The roll's groups of alike dice (one per dice term, numbered from 1) and the sum of its numbers.

    >>> from rollwright.dice.notation import parse
    >>> groups, offset = groups_of(parse("4d6kl3 + d8 - 2"), 9)
    >>> [(g.term, g.count, g.keep) for g in groups], offset
    ([(1, 4, (1, 4)), (2, 1, (0, 1))], -2)
    """
    groups: list[Group] = []
    offset = 0
    for sign, leaf in signed_terms(expr):
        term = len(groups) + 1
        if isinstance(leaf, Constant):
            offset += sign * leaf.value
        elif isinstance(leaf, Dice):
            keep = (0, leaf.count)
            if leaf.select is not None:
                highest, kept = leaf.select.kept(leaf.count)
                keep = (0, kept) if highest else (leaf.count - kept, leaf.count)
            groups.append(Group(term, sign, one_die(leaf, depth), leaf.count, keep, sides=leaf.sides))
        elif isinstance(leaf, Fudge):
            groups.append(Group(term, sign, FUDGE, leaf.count, (0, leaf.count), sides=3))
        elif isinstance(leaf, RollKeep):
            groups.append(Group(term, sign, explode(Distribution.die(10), depth=depth), leaf.rolled, (0, leaf.kept),
                                sides=10))
        elif isinstance(leaf, OpenD20):
            groups.append(Group(term, sign, open_d20(), 1, (0, 1), sides=20))
        elif isinstance(leaf, GroupRoll) and len(leaf.items) == 1 and (leaf.select or leaf.aside is not None):
            groups += _pool_groups(term, sign, leaf, depth)
        else:
            raise NotationError(f"'{to_text(leaf)}' is worked out as a whole, so its dice cannot be read one by one; "
                                "read its total, or roll plain dice", position=leaf.position)
    return groups, offset


def _pool_groups(term: int, sign: int, leaf: GroupRoll, depth: int) -> list[Group]:
    """The groups of one roll in braces whose dice are kept or set aside together (the parser checked its form)."""
    aside = leaf.aside
    members = []
    for _, inner in signed_terms(leaf.items[0]):
        die = FUDGE if isinstance(inner, Fudge) else one_die(inner, depth)  # type: ignore[arg-type]
        if aside is not None:
            die = die.map(lambda value: 0 if leaf.sets_aside(value) else value)
        members.append((die, inner.count, inner.sides if isinstance(inner, Dice) else 3))  # type: ignore[union-attr]
    dice = sum(count for _, count, _ in members)
    keep = (0, dice)
    if leaf.select is not None:
        highest, kept = leaf.select.kept(dice)
        keep = (0, kept) if highest else (dice - kept, dice)
    return [Group(term, sign, die, count, keep, pool=term, sides=sides, aside=aside is not None)
            for die, count, sides in members]


def joint(expr: Expr, features: Sequence[Feature], depth: int = 9) -> dict[tuple[int, ...], int]:
    """Integer weights of every combination of ``features`` (in that order) the roll can show.

    >>> sorted(joint(__import__("rollwright.dice.notation", fromlist=["parse"]).parse("3d6"),
    ...              [("count", ">=", 5)]).items())
    [((0,), 64), ((1,), 96), ((2,), 48), ((3,), 8)]
    """
    return dict(_joint(expr, tuple(features), check_depth(depth)))


@lru_cache(maxsize=64)
def _joint(expr: Expr, features: tuple[Feature, ...], depth: int) -> dict[tuple[int, ...], int]:
    """:func:`joint`, kept for reuse: a reader flipping between inputs often asks for the same roll again."""
    check_work(expr, depth)
    wanted = list(features)
    if not any(f[0] in _POOL_FEATURES or f[0] == "dice" for f in wanted):
        return _by_terms(expr, [], _offset(expr), wanted, depth)
    groups, offset = groups_of(expr, depth)
    check_bound(groups)
    return _multiset(groups, offset, wanted)


def _offset(expr: Expr) -> int:
    return sum(sign * leaf.value for sign, leaf in signed_terms(expr) if isinstance(leaf, Constant))


def one_die_each(leaf: Expr) -> bool:
    """Whether ``leaf`` is a group of whole rolls that are each one die (``{d8!,d6!}kh1``): each is then read as a
    dice term of its own by ``die(n)``, in order (the wild die beside the trait die).

    >>> from rollwright.dice.notation import parse
    >>> one_die_each(parse("{d8!, d6!}kh1")), one_die_each(parse("{2d6, d10}kh1")), one_die_each(parse("{4d6}kh3"))
    (True, False, False)
    """
    return (isinstance(leaf, GroupRoll) and len(leaf.items) > 1 and leaf.aside is None
            and all((isinstance(item, Dice) and item.count == 1 and item.select is None) or isinstance(item, OpenD20)
                    or (isinstance(item, Fudge) and item.count == 1) for item in leaf.items))


def _each_die(leaf: GroupRoll, depth: int, budget: int) -> dict[tuple[int, ...], int]:
    """(the group's value, each die's value...) -> weight, for a group of whole rolls that are each one die."""
    found: dict[tuple[int, ...], int] = {(): 1}
    for item in leaf.items:
        assert isinstance(item, (Dice, OpenD20, Fudge))  # one_die_each
        dist = leaf_distribution(item, depth)
        budget -= len(found) * len(dist)
        if budget < 0:
            raise LimitError(f"reading this roll would take more than {MAX_STATE_STEPS:,} steps; "
                             "use fewer or smaller dice", limit="work")
        found = {(*values, value): weight * w for values, weight in found.items() for value, w in dist.items()}
    out: dict[tuple[int, ...], int] = {}
    for values, weight in found.items():
        if leaf.select is None:
            whole = sum(values)
        else:
            highest, kept = leaf.select.kept(len(values))
            whole = sum(sorted(values, reverse=highest)[:kept])
        out[(whole, *values)] = out.get((whole, *values), 0) + weight
    return out


def _by_terms(expr: Expr, groups: list[Group], offset: int, wanted: list[Feature],
              depth: int) -> dict[tuple[int, ...], int]:
    """Totals and term values only: each term's distribution, combined term by term (a group of whole rolls that
    are each one die gives each die its own ``die(n)``, see :func:`one_die_each`)."""
    kept = sum(g.keep[1] - g.keep[0] for g in groups)
    states: dict[tuple[int, ...], int] = {tuple(0 for _ in wanted): 1}
    budget = MAX_STATE_STEPS
    index = 0
    for sign, leaf in signed_terms(expr):
        if isinstance(leaf, Constant):
            continue
        if one_die_each(leaf):
            assert isinstance(leaf, GroupRoll)
            rows = _each_die(leaf, depth, budget)
            first, index = index + 1, index + len(leaf.items)
        else:
            index += 1
            rows = {(value, value): w for value, w in leaf_distribution(leaf, depth).items()}
            first = index
        budget -= len(states) * len(rows)
        if budget < 0:
            raise LimitError(f"reading this roll would take more than {MAX_STATE_STEPS:,} steps; "
                             "use fewer or smaller dice", limit="work")
        nxt: dict[tuple[int, ...], int] = {}
        for state, weight in states.items():
            for row, w in rows.items():
                new = tuple(s + sign * row[0] if f[0] == "total"
                            else s + row[f[1] - first + 1] if f[0] == "die" and first <= f[1] <= index else s
                            for s, f in zip(state, wanted))
                nxt[new] = nxt.get(new, 0) + weight * w
        states = nxt
    return _finish(states, wanted, offset, kept)


def _finish(states: dict[tuple[int, ...], int], wanted: list[Feature], offset: int,
            kept: int | None) -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    for state, weight in states.items():
        key = tuple(s + offset if f[0] == "total" else kept if f[0] == "dice" and kept is not None else s
                    for s, f in zip(state, wanted))
        out[key] = out.get(key, 0) + weight
    return out


def check_bound(groups: list[Group]) -> None:
    """Refuse before any work when even the number of dice and faces puts the reading past the cap."""
    faces = len(set().union(*(g.die.outcomes() for g in groups))) if groups else 0
    dice = sum(g.count for g in groups)
    if dice * faces > 20_000 or dice > 100:
        raise LimitError(f"reading {dice} dice of {faces} faces one by one is past the cap; use fewer or smaller "
                         "dice", limit="work")


def _multiset(groups: list[Group], offset: int, wanted: list[Feature]) -> dict[tuple[int, ...], int]:
    """The walk over faces from the highest down (see the module's docstring)."""
    faces = sorted(set().union(*(g.die.outcomes() for g in groups)), reverse=True)
    lowest_of = [g.die.min_outcome for g in groups]
    pools: dict[int, list[int]] = {}
    for index, group in enumerate(groups):
        if group.pool is not None:
            pools.setdefault(group.pool, []).append(index)
    for members in pools.values():
        members.sort(key=lambda i: groups[i].sides)  # at equal faces the smaller dice are kept first
    effect = any(f[0] == "effect" for f in wanted)
    # state: (dice left per group, each feature so far, highest, lowest, effect die so far)
    states: dict[tuple[Any, ...], int] = {(tuple(g.count for g in groups), tuple(0 for _ in wanted), None, None, 0): 1}
    budget = MAX_STATE_STEPS
    for face in faces:
        tables = []
        for index, group in enumerate(groups):
            w = group.die.weight(face)
            last = face == lowest_of[index]
            tables.append([[(r, w**r)] if r and last else [(k, comb(r, k) * w**k) for k in range(r + 1)] if r and w
                           else [(0, 1)] for r in range(group.count + 1)])
        nxt: dict[tuple[Any, ...], int] = {}
        for (left, acc, high, low, most), weight in states.items():
            combos: list[tuple[tuple[int, ...], int]] = [((), weight)]
            for index, r in enumerate(left):
                combos = [(ks + (k,), w * ways) for ks, w in combos for k, ways in tables[index][r]]
            budget -= len(combos)
            if budget < 0:
                raise LimitError(f"reading this roll would take more than {MAX_STATE_STEPS:,} steps; use fewer or "
                                 "smaller dice, or read fewer things at once", limit="work")
            for ks, w in combos:
                if not w:
                    continue
                kk = _kept_here(groups, pools, left, ks, face)
                terms: dict[int, int] = {}
                kept_here, signed, new_most = sum(kk), 0, most
                for index, group in enumerate(groups):
                    if kk[index]:
                        terms[group.term] = terms.get(group.term, 0) + kk[index] * face
                        signed += group.sign * kk[index] * face
                    if effect and ks[index] > kk[index] and not (group.aside and face == 0):
                        new_most = max(new_most, group.sides)
                new_acc = tuple(_step(f, a, face, kept_here, terms, signed) for f, a in zip(wanted, acc))
                key = (tuple(r - k for r, k in zip(left, ks)), new_acc, face if high is None and kept_here else high,
                       face if kept_here else low, new_most)
                nxt[key] = nxt.get(key, 0) + w
        states = nxt
    out: dict[tuple[int, ...], int] = {}
    for (_, acc, high, low, most), weight in states.items():
        values = tuple((high or 0) if f[0] == "highest" else (low or 0) if f[0] == "lowest" else most
                       if f[0] == "effect" else a for f, a in zip(wanted, acc))  # a roll of no dice reads 0
        out[values] = out.get(values, 0) + weight
    return _finish(out, wanted, offset, None)


def _kept_here(groups: list[Group], pools: dict[int, list[int]], left: tuple[int, ...], ks: tuple[int, ...],
               face: int) -> list[int]:
    """How many of the dice landing on ``face`` each group keeps (a pool shares its kept positions out)."""
    kept = [0 if g.pool is not None else g.kept(g.count - r, k) for g, r, k in zip(groups, left, ks)]
    for members in pools.values():
        first = groups[members[0]]
        if first.aside and face == 0:
            continue  # dice set aside are never kept
        seen = sum(groups[i].count - left[i] for i in members)
        slots = first.kept(seen, sum(ks[i] for i in members))
        for i in members:
            kept[i] = min(ks[i], slots)
            slots -= kept[i]
    return kept


def _step(feature: Feature, acc: int, face: int, kept_here: int, terms: dict[int, int], signed: int) -> int:
    """One feature's running value after ``kept_here`` kept dice show ``face``."""
    kind = feature[0]
    if kind == "total":
        return acc + signed
    if kind == "die":
        return acc + terms.get(feature[1], 0)
    if kind == "count":
        return acc + kept_here if FACE_TESTS[feature[1]](face, feature[2]) else acc
    if kind == "largest_set":
        return max(acc, kept_here)
    if kind == "dice":
        return acc + kept_here
    return acc
