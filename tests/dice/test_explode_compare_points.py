"""Exploding dice on any compare point, as Roll20 documents them (``!3`` on a 3 alone, ``!>4`` on 4 and up,
``!<2`` on 2 and down), for ``!``, compounding ``!!`` and penetrating ``!p``: exact values against brute force
(every sequence of faces, to the depth cap) and icepool, in sums, keeps and counted pools, and in seeded rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.dice.notation import distribution, estimate_work, parse, to_text
from rollwright.dice.notation.syntax import Dice
from rollwright.dice.rolling import roll
from rollwright.errors import NotationError

Exact = dict[int, Fraction]
Seq = tuple[int, ...]


def sequences(sides: int, trigger: Collection[int], depth: int) -> list[Seq]:
    """Every sequence of faces of one die exploding on ``trigger``, each repeated to weigh as likely as it is.

    At the depth cap a roll stops whatever its face, so the list has ``sides ** (depth + 1)`` entries.
    """
    if depth == 0:
        return [(face,) for face in range(1, sides + 1)]
    deeper = sequences(sides, trigger, depth - 1)
    out: list[Seq] = []
    for face in range(1, sides + 1):
        out += [(face, *rest) for rest in deeper] if face in trigger else [(face,)] * len(deeper)
    return out


def brute(dice: Iterable[list[Seq]], value: Callable[[tuple[Seq, ...]], int]) -> Exact:
    found: Counter[int] = Counter(value(combo) for combo in itertools.product(*dice))
    total = sum(found.values())
    return {k: Fraction(n, total) for k, n in sorted(found.items())}


def whole(seq: Seq, style: str) -> int:
    """One die's value: its faces added (``!``, ``!!``), 1 less for each extra roll when penetrating (``!p``)."""
    return sum(seq) - (len(seq) - 1 if style == "!p" else 0)


def exact(text: str, depth: int) -> Exact:
    return dict(distribution(text, depth=depth).probabilities())


# (Roll20's text, canonical text, faces that explode, style, dice, depth): the sum of the dice
SUMS = [
    ("2d6!3", "2d6!3", {3}, "!", 2, 2),
    ("2d6!=3", "2d6!3", {3}, "!", 2, 2),
    ("2d6!<2", "2d6!<=2", {1, 2}, "!", 2, 2),
    ("2d6!<=2", "2d6!<=2", {1, 2}, "!", 2, 2),
    ("2d6!>4", "2d6!>=4", {4, 5, 6}, "!", 2, 2),
    ("2d6!1", "2d6!1", {1}, "!", 2, 2),
    ("2d6!<1", "2d6!1", {1}, "!", 2, 2),
    ("2d6!6", "2d6!", {6}, "!", 2, 2),
    ("d8!<5", "d8!<=5", {1, 2, 3, 4, 5}, "!", 1, 3),
    ("2d6!!5", "2d6!!5", {5}, "!!", 2, 2),
    ("2d6!!<2", "2d6!!<=2", {1, 2}, "!!", 2, 2),
    ("2d6!p>4", "2d6!p>=4", {4, 5, 6}, "!p", 2, 2),
    ("2d6!p1", "2d6!p1", {1}, "!p", 2, 2),
    ("2d4!p<3", "2d4!p<=3", {1, 2, 3}, "!p", 2, 3),
]


@pytest.mark.parametrize("text, canonical, trigger, style, count, depth", SUMS, ids=[s[0] for s in SUMS])
def test_a_sum_equals_brute_force_to_the_depth_cap(text: str, canonical: str, trigger: set[int], style: str,
                                                   count: int, depth: int) -> None:
    expr = parse(text)
    assert to_text(expr) == canonical and parse(canonical) == expr
    assert isinstance(expr, Dice) and expr.trigger == frozenset(trigger)
    die = sequences(expr.sides, trigger, depth)
    assert exact(text, depth) == brute([die] * count, lambda c: sum(whole(seq, style) for seq in c))


@pytest.mark.parametrize("text, which, count", [
    ("3d6!3", [3], 3), ("3d6!<2", [1, 2], 3), ("3d6!>4", [4, 5, 6], 3), ("d20!1", [1], 1),
    ("4d10!<=3", [1, 2, 3], 4), ("3d6!!5", [5], 3),
])
def test_roll20s_examples_equal_icepool_at_the_default_depth(text: str, which: list[int], count: int) -> None:
    icepool = pytest.importorskip("icepool")
    expr = parse(text)
    assert isinstance(expr, Dice)
    die = count @ icepool.d(expr.sides).explode(which, depth=9)
    assert exact(text, 9) == {k: Fraction(v, die.denominator()) for k, v in die.items()}


# (text, depth, value of every die's sequence of faces): keeps and counted pools
KEPT_AND_COUNTED = [
    ("3d4!<=1kh2", 2, [{1}] * 3, lambda c: sum(sorted(sum(s) for s in c)[-2:])),
    ("2d6!=3kl1", 2, [{3}] * 2, lambda c: min(sum(s) for s in c)),
    ("{d6!<2,d4!3}kh1", 2, [{1, 2}, {3}], lambda c: max(sum(s) for s in c)),
    # each roll of a '!' or '!p' die is a die of its own in a count; a '!!' die is counted once, whole
    ("{2d6!<2}>=5", 2, [{1, 2}] * 2, lambda c: sum(f >= 5 for s in c for f in s)),
    ("{2d6!3}>=3f1", 2, [{3}] * 2, lambda c: sum(f >= 3 for s in c for f in s) - sum(f == 1 for s in c for f in s)),
    ("{2d6!!<=2}>=6", 2, [{1, 2}] * 2, lambda c: sum(sum(s) >= 6 for s in c)),
    ("{2d4!p>=3}>=3", 2, [{3, 4}] * 2, lambda c: sum((f - (i > 0)) >= 3 for s in c for i, f in enumerate(s))),
    ("{3d6!1}<=2", 2, [{1}] * 3, lambda c: sum(f <= 2 for s in c for f in s)),
]


@pytest.mark.parametrize("text, depth, triggers, value", KEPT_AND_COUNTED, ids=[k[0] for k in KEPT_AND_COUNTED])
def test_keeps_and_counted_pools_equal_brute_force(text: str, depth: int, triggers: list[set[int]],
                                                   value: Callable[[tuple[Seq, ...]], int]) -> None:
    sides = [d.sides for d in _dice(parse(text))]
    assert exact(text, depth) == brute([sequences(s, t, depth) for s, t in zip(sides, triggers)], value)


def _dice(expr: object) -> list[Dice]:
    """Each die of the expression, in order (a term of n dice gives n entries)."""
    if isinstance(expr, Dice):
        return [expr] * expr.count
    found: list[Dice] = []
    for name in getattr(expr, "_fields", ()):
        value = getattr(expr, name)
        for child in value if isinstance(value, tuple) else (value,):
            found += _dice(child)
    return found


def test_a_trigger_on_the_lowest_face_stops_at_the_depth_cap() -> None:
    dist = distribution("d6!1", depth=9)
    # ten 1s in a row stop at the cap: nine 1s and a last face of any value
    assert dist.max_outcome == 9 + 6 and dist.probability(15) == Fraction(1, 6 ** 10)
    assert dist.min_outcome == 2  # a 1 never stands alone: it rolls again
    assert dist.probability(2) == Fraction(1, 6) and dist.probability(3) == Fraction(1, 6) + Fraction(1, 36)


@pytest.mark.parametrize("text", ["d6!>1", "d6!<6", "d6!<=9", "3d4!!>=1", "2d8!p<8", "d6r<=2!>=3", "d6r<=5!",
                                  "{4d6!>1}>=5", "{d8!,d6!<6}kh1"])
def test_a_trigger_on_every_face_is_refused_before_any_work(text: str) -> None:
    with pytest.raises(NotationError, match="would explode on every face and never end"):
        parse(text)
    with pytest.raises(NotationError):
        roll(text, seed=1)


def test_a_hand_built_tree_reads_like_its_text() -> None:
    built = Dice(3, 6, explode=True, threshold=2, explode_op="<=")
    assert to_text(built) == "3d6!<=2" and distribution(built) == distribution("3d6!<2")
    with pytest.raises(NotationError, match="every face"):
        distribution(Dice(1, 6, explode=True, threshold=6, explode_op="<="))


def test_the_planned_work_grows_with_the_faces_that_explode() -> None:
    work = [estimate_work(parse(text), 9) for text in ("6d10!", "6d10!>=8", "6d10!<=9")]
    assert work[0] < work[1] < work[2]


@pytest.mark.parametrize("text", ["4d6!3", "3d6!<2", "2d8!!<=3", "3d6!p1", "{5d6!<2}>=5", "{3d6!!5}>=6",
                                  "{d8!<2,d6!3}kh1"])
def test_a_seeded_roll_shows_which_dice_exploded(text: str) -> None:
    depth = 3
    dice_of = {d.sides: d for d in _dice(parse(text))}
    dist = distribution(text, depth=depth)
    exploded = 0
    for seed in range(80):
        report = roll(text, seed=seed, depth=depth)
        assert dist.weight(report.total) > 0, (text, seed, report.to_dict())
        for term in report.terms:
            for die in term.dice:
                faces, trigger = die.faces, dice_of[die.sides].trigger
                assert all(f in trigger for f in faces[:-1]), (text, seed, faces)
                assert die.capped == (len(faces) == depth + 1 and faces[-1] in trigger)
                assert not (faces[-1] in trigger and not die.capped)
                assert die.exploded == (len(faces) > 1)
                exploded += die.exploded
    assert exploded  # the seeds show explosions at all


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 3), sides=st.integers(1, 10), op=st.sampled_from(["", "=", ">", ">=", "<", "<="]),
       face=st.integers(0, 11), depth=st.integers(0, 3), seed=st.integers(0, 1000))
def test_any_compare_point_is_icepools_explosion_or_refused(count: int, sides: int, op: str, face: int, depth: int,
                                                             seed: int) -> None:
    icepool = pytest.importorskip("icepool")
    text = f"{count}d{sides}!{op}{face}"
    meets = {"": int.__eq__, "=": int.__eq__, ">": int.__ge__, ">=": int.__ge__, "<": int.__le__, "<=": int.__le__}
    which = [f for f in range(1, sides + 1) if meets[op](f, face)]
    try:
        expr = parse(text)
    except NotationError as refused:
        assert not which or len(which) == sides, (text, refused)  # refused: never explodes, or never ends
        return
    assert which and len(which) < sides and isinstance(expr, Dice) and expr.trigger == frozenset(which)
    die = count @ icepool.d(sides).explode(which, depth=depth)
    assert exact(text, depth) == {k: Fraction(v, die.denominator()) for k, v in die.items()}
    assert distribution(text, depth=depth).weight(roll(text, seed=seed, depth=depth).total) > 0
