"""Distributions against brute-force enumeration and against icepool (dev-only oracle)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import pytest

from rollwright.dice import Distribution, explode, keep_highest, open_d20, repeat_sum, roll_and_keep, sum_all
from rollwright.dice.notation import distribution

Exact = dict[int, Fraction]


def exact(dist: Distribution) -> Exact:
    return dict(dist.probabilities())


# --- brute force ------------------------------------------------------------
def brute_die(sides: int, explodes: bool = False, depth: int = 9) -> Exact:
    """One die, enumerated face by face; an explosion recurses with one less depth."""
    out: Exact = {}
    for face in range(1, sides + 1):
        p = Fraction(1, sides)
        if explodes and face == sides and depth > 0:
            for rest, q in brute_die(sides, True, depth - 1).items():
                out[face + rest] = out.get(face + rest, 0) + p * q
        else:
            out[face] = out.get(face, 0) + p
    return out


def brute_combine(parts: Sequence[Exact], combine=sum) -> Exact:
    """Every combination of outcomes (itertools.product), reduced by ``combine``."""
    out: Exact = {}
    for combo in itertools.product(*(list(p.items()) for p in parts)):
        value = combine([v for v, _ in combo])
        prob = Fraction(1)
        for _, q in combo:
            prob *= q
        out[value] = out.get(value, 0) + prob
    return out


def brute_keep(rolled: int, kept: int, depth: int) -> Exact:
    die = brute_die(10, True, depth)
    return brute_combine([die] * rolled, lambda values: sum(sorted(values, reverse=True)[:kept]))


def brute_open_d20() -> Exact:
    out: Exact = {}
    for first, second in itertools.product(range(1, 21), repeat=2):
        value = 1 - second if first == 1 else 20 + second if first == 20 else first
        out[value] = out.get(value, 0) + Fraction(1, 400)
    return out


@pytest.mark.parametrize(
    ("notation", "parts"),
    [
        ("3d4", [(4, False)] * 3),
        ("2d6+d4", [(6, False), (6, False), (4, False)]),
        ("d3+d5+d7", [(3, False), (5, False), (7, False)]),
        ("d2", [(2, False)]),
        ("4d3", [(3, False)] * 4),
    ],
)
def test_sums_match_brute_force(notation: str, parts: list[tuple[int, bool]]) -> None:
    assert exact(distribution(notation)) == brute_combine([brute_die(s) for s, _ in parts])


def test_difference_matches_brute_force() -> None:
    expected = brute_combine([brute_die(6), brute_die(6), brute_die(4)], lambda v: v[0] + v[1] - v[2])
    assert exact(distribution("2d6-d4")) == expected


@pytest.mark.parametrize(("sides", "depth"), [(2, 0), (2, 1), (2, 5), (4, 3), (6, 2), (8, 1), (10, 2)])
def test_exploding_die_matches_recursion(sides: int, depth: int) -> None:
    assert exact(explode(Distribution.die(sides), depth=depth)) == brute_die(sides, True, depth)
    assert exact(distribution(f"d{sides}!", depth=depth)) == brute_die(sides, True, depth)


def test_exploding_sum_matches_brute_force() -> None:
    expected = brute_combine([brute_die(4, True, 2), brute_die(4, True, 2), brute_die(3)])
    assert exact(distribution("2d4!+d3", depth=2)) == expected


@pytest.mark.parametrize(("rolled", "kept", "depth"), [(1, 1, 0), (2, 1, 1), (3, 2, 1), (3, 3, 1), (3, 1, 2), (4, 2, 0)])
def test_roll_and_keep_matches_brute_force(rolled: int, kept: int, depth: int) -> None:
    assert exact(roll_and_keep(rolled, kept, depth)) == brute_keep(rolled, kept, depth)
    assert exact(distribution(f"{rolled}k{kept}", depth=depth)) == brute_keep(rolled, kept, depth)


def test_keep_highest_of_plain_dice() -> None:
    expected = brute_combine([brute_die(6)] * 4, lambda v: sum(sorted(v)[-3:]))
    assert exact(keep_highest(Distribution.die(6), 4, 3)) == expected


def test_open_d20_matches_brute_force() -> None:
    assert exact(open_d20()) == brute_open_d20()
    assert exact(distribution("od20")) == brute_open_d20()


def test_repeat_sum_equals_sum_all() -> None:
    for count in range(0, 9):
        assert repeat_sum(Distribution.die(5), count) == sum_all([Distribution.die(5)] * count)


def test_constants_shift_and_negation() -> None:
    assert exact(distribution("-d4+3")) == {2: Fraction(1, 4), 1: Fraction(1, 4), 0: Fraction(1, 4), -1: Fraction(1, 4)}
    assert exact(distribution("5")) == {5: Fraction(1)}
    assert exact(distribution("2-(3-1)")) == {0: Fraction(1)}


# --- icepool ------------------------------------------------------------------
icepool = pytest.importorskip("icepool")


def from_icepool(die: object) -> Exact:
    denominator = die.denominator()  # type: ignore[attr-defined]
    return {int(value): Fraction(count, denominator) for value, count in die.items()}  # type: ignore[attr-defined]


def _icepool_open_d20() -> object:
    d20 = icepool.d20
    return d20.map(lambda x: 1 - d20 if x == 1 else (20 + d20 if x == 20 else x))


ICEPOOL_CASES = [
    ("3d10+d6", 9, lambda: 3 @ icepool.d10 + icepool.d6),
    ("2d10+d4", 9, lambda: 2 @ icepool.d10 + icepool.d4),
    ("10k5", 9, lambda: icepool.Pool([icepool.d10.explode(depth=9)] * 10).highest(5).sum()),
    ("od20", 9, _icepool_open_d20),
    ("d8!", 9, lambda: icepool.d8.explode(depth=9)),
    ("d6!", 3, lambda: icepool.d6.explode(depth=3)),
    ("4k2", 9, lambda: icepool.Pool([icepool.d10.explode(depth=9)] * 4).highest(2).sum()),
    ("2d6-d4", 9, lambda: 2 @ icepool.d6 - icepool.d4),
    ("3k3", 4, lambda: icepool.Pool([icepool.d10.explode(depth=4)] * 3).highest(3).sum()),
    ("d12!+2d4!-3", 2, lambda: icepool.d12.explode(depth=2) + 2 @ icepool.d4.explode(depth=2) - 3),
    ("od20+od20", 9, lambda: _icepool_open_d20() + _icepool_open_d20()),
    ("-(d20+5)", 9, lambda: -(icepool.d20 + 5)),
]


@pytest.mark.parametrize(("notation", "depth", "oracle"), ICEPOOL_CASES, ids=[c[0] for c in ICEPOOL_CASES])
def test_matches_icepool(notation: str, depth: int, oracle) -> None:
    assert exact(distribution(notation, depth=depth)) == from_icepool(oracle())
