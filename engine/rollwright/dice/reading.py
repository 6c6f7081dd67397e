"""Reading the dice of a roll: the exact joint distribution of what a check's outcomes look at.

A roll that is a sum of dice terms and numbers (``d20+5``, ``2d6``, ``d12+d12+3``,
``4d6!kh3-2``) can be read beyond its total. The things read are *features*:

* ``("total",)``: the roll's total, numbers included;
* ``("die", i)``: the value of the ``i``-th dice term (from 1), its kept dice before any number
  is added: the "natural" face of a single die;
* ``("count", op, face)``: how many kept dice show ``face`` (``op`` ``"=="``), ``face`` or more
  (``">="``) or ``face`` or less (``"<="``);
* ``("highest",)`` and ``("lowest",)``: the highest and the lowest kept die;
* ``("largest_set",)``: the most kept dice showing one same face (2 or more: doubles);
* ``("dice",)``: how many dice are kept.

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

from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from math import comb

from rollwright.dice.distribution import Distribution
from rollwright.dice.notation.evaluation import check_work, leaf_distribution
from rollwright.dice.notation.limits import check_depth
from rollwright.dice.notation.compound import FUDGE, one_die
from rollwright.dice.notation.syntax import Constant, Dice, Expr, Fudge, OpenD20, RollKeep, signed_terms, to_text
from rollwright.dice.pools import explode, open_d20
from rollwright.errors import LimitError, NotationError

Feature = tuple[Any, ...]
MAX_STATE_STEPS = 600_000
"""``limit="work"``: most state transitions one reading may take (about 3 us each in CPython: under 2 s)."""

_POOL_FEATURES = frozenset({"count", "highest", "lowest", "largest_set"})
_OPS = {"==": lambda v, f: v == f, ">=": lambda v, f: v >= f, "<=": lambda v, f: v <= f}


class Group:
    """Alike dice of one term: ``count`` copies of ``die``, the positions ``keep`` (from the highest) kept."""

    __slots__ = ("term", "sign", "die", "count", "keep")

    def __init__(self, term: int, sign: int, die: Distribution, count: int, keep: tuple[int, int]) -> None:
        self.term, self.sign, self.die, self.count, self.keep = term, sign, die, count, keep

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
            groups.append(Group(term, sign, one_die(leaf, depth), leaf.count, keep))
        elif isinstance(leaf, Fudge):
            groups.append(Group(term, sign, FUDGE, leaf.count, (0, leaf.count)))
        elif isinstance(leaf, RollKeep):
            groups.append(Group(term, sign, explode(Distribution.die(10), depth=depth), leaf.rolled, (0, leaf.kept)))
        elif isinstance(leaf, OpenD20):
            groups.append(Group(term, sign, open_d20(), 1, (0, 1)))
        else:
            raise NotationError(f"'{to_text(leaf)}' is worked out as a whole, so its dice cannot be read one by one; "
                                "read its total, or roll plain dice", position=leaf.position)
    return groups, offset


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


def _by_terms(expr: Expr, groups: list[Group], offset: int, wanted: list[Feature],
              depth: int) -> dict[tuple[int, ...], int]:
    """Totals and term values only: each term's distribution, combined term by term."""
    kept = sum(g.keep[1] - g.keep[0] for g in groups)
    terms = [(sign, leaf_distribution(leaf, depth)) for sign, leaf in signed_terms(expr)
             if not isinstance(leaf, Constant)]
    states: dict[tuple[int, ...], int] = {tuple(0 for _ in wanted): 1}
    budget = MAX_STATE_STEPS
    for index, (sign, dist) in enumerate(terms, start=1):
        budget -= len(states) * len(dist)
        if budget < 0:
            raise LimitError(f"reading this roll would take more than {MAX_STATE_STEPS:,} steps; "
                             "use fewer or smaller dice", limit="work")
        nxt: dict[tuple[int, ...], int] = {}
        for state, weight in states.items():
            for value, w in dist.items():
                new = tuple(s + sign * value if f[0] == "total" else s + value if f == ("die", index) else s
                            for s, f in zip(state, wanted))
                nxt[new] = nxt.get(new, 0) + weight * w
        states = nxt
    return _finish(states, wanted, offset, kept)


def _finish(states: dict[tuple[int, ...], int], wanted: list[Feature], offset: int,
            kept: int) -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    for state, weight in states.items():
        key = tuple(s + offset if f[0] == "total" else kept if f[0] == "dice" else s for s, f in zip(state, wanted))
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
    kept_total = sum(g.keep[1] - g.keep[0] for g in groups)
    faces = sorted(set().union(*(g.die.outcomes() for g in groups)), reverse=True)
    lowest_of = [g.die.min_outcome for g in groups]
    # state: (dice left per group, total, term values, counts..., highest, lowest, largest set)
    start = (tuple(g.count for g in groups), tuple(0 for _ in wanted), None, None)
    states: dict[tuple[Any, ...], int] = {start: 1}
    budget = MAX_STATE_STEPS
    for face in faces:
        options = []
        for index, group in enumerate(groups):
            w = group.die.weight(face)
            options.append((index, group, w, face == lowest_of[index]))
        nxt: dict[tuple[Any, ...], int] = {}
        for state, weight in states.items():
            left, acc, high, low = state
            branches: list[tuple[tuple[int, ...], int, int, dict[int, int], int]] = [((), weight, 0, {}, 0)]
            for index, group, w, last in options:
                r = left[index]
                if r == 0 or (w == 0 and not last):
                    ks = [0]
                elif last:
                    ks = [r]
                else:
                    ks = list(range(r + 1))
                grown = []
                for done, bw, kept_here, terms, signed in branches:
                    for k in ks:
                        kk = group.kept(group.count - r, k)
                        grown.append((done + (r - k,), bw * comb(r, k) * w ** k, kept_here + kk,
                                      {**terms, group.term: terms.get(group.term, 0) + kk * face} if kk else terms,
                                      signed + group.sign * kk * face))
                branches = grown
            budget -= len(branches)
            if budget < 0:
                raise LimitError(f"reading this roll would take more than {MAX_STATE_STEPS:,} steps; use fewer or "
                                 "smaller dice, or read fewer things at once", limit="work")
            for done, bw, kept_here, terms, signed in branches:
                if not bw:
                    continue
                new_acc = tuple(_step(f, a, face, kept_here, terms, signed) for f, a in zip(wanted, acc))
                new_high = face if high is None and kept_here else high
                new_low = face if kept_here else low
                key = (done, new_acc, new_high, new_low)
                nxt[key] = nxt.get(key, 0) + bw
        states = nxt
    out: dict[tuple[int, ...], int] = {}
    for (_, acc, high, low), weight in states.items():
        values = tuple((high or 0) if f[0] == "highest" else (low or 0) if f[0] == "lowest" else a
                       for f, a in zip(wanted, acc))  # a roll of no dice reads 0 for both
        out[values] = out.get(values, 0) + weight
    return _finish(out, wanted, offset, kept_total)


def _step(feature: Feature, acc: int, face: int, kept_here: int, terms: dict[int, int], signed: int) -> int:
    """One feature's running value after ``kept_here`` kept dice show ``face``."""
    kind = feature[0]
    if kind == "total":
        return acc + signed
    if kind == "die":
        return acc + terms.get(feature[1], 0)
    if kind == "count":
        return acc + kept_here if _OPS[feature[1]](face, feature[2]) else acc
    if kind == "largest_set":
        return max(acc, kept_here)
    return acc
