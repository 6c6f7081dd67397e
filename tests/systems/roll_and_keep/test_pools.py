"""XkY against icepool and brute force; explode first, then keep."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from rollwright.dice import roll_and_keep
from roll_and_keep.rules.combat import defended_chance, passive_tn
from roll_and_keep.rules.pools import DEPTH, chance_at_least, pool


def _as_fractions(dist: object) -> dict[int, Fraction]:
    items = list(dist.items())  # type: ignore[attr-defined]
    total = sum(w for _, w in items)
    return {int(k): Fraction(w, total) for k, w in items}


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 6), (10, 3)])
def test_pool_matches_icepool_explode_then_keep(rolled: int, kept: int) -> None:
    ours = _as_fractions(pool(rolled, kept))
    theirs = _as_fractions(icepool.d10.explode(depth=DEPTH).highest(rolled, kept))
    assert ours == theirs


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (3, 2), (4, 2), (5, 1)])
def test_crippled_pool_matches_icepool_without_explosions(rolled: int, kept: int) -> None:
    assert _as_fractions(pool(rolled, kept, crippled=True)) == _as_fractions(icepool.d10.highest(rolled, kept))


def _exploded_faces(depth: int) -> dict[int, Fraction]:
    """One d10 exploding on 10, at most ``depth`` extra rolls, by following every face."""
    out: dict[int, Fraction] = {}
    for face in range(1, 11):
        if face == 10 and depth > 0:
            for rest, p in _exploded_faces(depth - 1).items():
                out[10 + rest] = out.get(10 + rest, Fraction(0)) + p / 10
        else:
            out[face] = out.get(face, Fraction(0)) + Fraction(1, 10)
    return out


@pytest.mark.parametrize(("rolled", "kept"), [(2, 1), (3, 2), (3, 1)])
def test_pool_matches_brute_force_explode_then_keep(rolled: int, kept: int) -> None:
    die = _exploded_faces(2)
    brute: dict[int, Fraction] = {}
    for dice in itertools.product(die.items(), repeat=rolled):
        total = sum(sorted((v for v, _ in dice), reverse=True)[:kept])
        p = Fraction(1)
        for _, q in dice:
            p *= q
        brute[total] = brute.get(total, Fraction(0)) + p
    assert _as_fractions(roll_and_keep(rolled, kept, depth=2)) == brute


def test_keep_then_explode_would_differ() -> None:
    """Keeping the best die of two, then exploding it, is not the rule: the odds differ."""
    explode_then_keep = pool(2, 1).at_least(15)
    keep_then_explode = sum((p * (Fraction(1, 10) * Fraction(6, 10) if v == 10 else 0)
                             for v, p in _as_fractions(icepool.d10.highest(2, 1)).items()), Fraction(0))
    assert explode_then_keep != keep_then_explode


def test_chance_at_least_meets_the_tn() -> None:
    assert chance_at_least(1, 1, 10) == Fraction(1, 10)
    assert chance_at_least(1, 1, 1) == 1
    assert chance_at_least(1, 1, 10, crippled=True) == Fraction(1, 10)
    assert chance_at_least(1, 1, 11, crippled=True) == 0


def test_passive_tn_formula() -> None:
    assert [passive_tn(r) for r in range(4)] == [5, 10, 15, 20]
    assert passive_tn(4, can_defend=False) == 5


def test_active_defense_matches_brute_force_for_plain_dice() -> None:
    out = defended_chance((2, 1), (1, 1), tn=5, attacker_crippled=True, defender_crippled=True)
    miss = defended = Fraction(0)
    for a, b, d in itertools.product(range(1, 11), repeat=3):
        attack = max(a, b)
        if attack < 5:
            miss += Fraction(1, 1000)
        elif d >= attack:
            defended += Fraction(1, 1000)
    assert out == {"miss": miss, "defended": defended, "hit": 1 - miss - defended}
