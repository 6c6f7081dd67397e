"""Wound checks, dramatic wounds, thresholds and the soak planner, against direct computation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwright.dice import roll_and_keep
from roll_and_keep.rules.soak import soak_odds
from roll_and_keep.rules.wounds import dramatic_wounds_for, state, thresholds, wound_check


def test_seed_examples() -> None:
    assert dramatic_wounds_for(62, 9) == 3   # the bus
    assert dramatic_wounds_for(20, 12) == 1  # the rock
    assert state(3, resolve=2) == "crippled" and state(4, resolve=2) == "knocked out"


@pytest.mark.parametrize(("missed", "wounds"), [(1, 1), (19, 1), (20, 2), (39, 2), (40, 3)])
def test_one_more_per_full_twenty_missed(missed: int, wounds: int) -> None:
    assert dramatic_wounds_for(30 + missed, 30) == wounds


def test_thresholds_readings() -> None:
    assert thresholds(3) == (3, 6)
    assert thresholds(3, "passed") == (4, 7)
    assert state(1, resolve=2) == "fine"


def test_wound_check_distribution_from_the_roll() -> None:
    roll = roll_and_keep(2, 2, depth=9)
    for flesh in (5, 20, 47, 90):
        expected: dict[int, Fraction] = {}
        for total, weight in roll.items():
            gained = 0 if total >= flesh else 1 + (flesh - total) // 20
            expected[gained] = expected.get(gained, Fraction(0)) + Fraction(weight, roll.total_weight)
        assert wound_check(2, flesh) == dict(sorted(expected.items()))


def _soak_by_recursion(brawn: int, resolve: int, hits: int, damage: tuple[int, int], depth: int) -> list[Fraction]:
    """P(knocked out) after each hit, by a plain recursion over Fractions."""
    crippled_at, out_at = thresholds(resolve)
    hurt = roll_and_keep(*damage, depth=depth)

    def probs(crippled: bool) -> dict[int, Fraction]:
        dist = roll_and_keep(brawn, brawn, depth=0 if crippled else depth)
        return {t: Fraction(w, dist.total_weight) for t, w in dist.items()}

    checks = {False: probs(False), True: probs(True)}
    states = {(0, 0): Fraction(1)}
    out = []
    for _ in range(hits):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (fw, dw), p in states.items():
            if dw >= out_at:
                nxt[(fw, dw)] = nxt.get((fw, dw), Fraction(0)) + p
                continue
            for amount, w in hurt.items():
                total = fw + amount
                for rolled, q in checks[dw >= crippled_at].items():
                    gained = dramatic_wounds_for(total, rolled)
                    key = (total, dw) if not gained else (0, min(dw + gained, out_at))
                    nxt[key] = nxt.get(key, Fraction(0)) + p * Fraction(w, hurt.total_weight) * q
        states = nxt
        out.append(sum((p for (_, dw), p in states.items() if dw >= out_at), Fraction(0)))
    return out


def test_soak_planner_matches_a_plain_recursion() -> None:
    rows = soak_odds(brawn=1, resolve=1, flesh=0, dramatic=0, damage=(2, 1), hits=3, depth=1)
    assert [r["knocked_out"] for r in rows] == _soak_by_recursion(1, 1, 3, (2, 1), depth=1)


def test_soak_planner_is_monotone_and_knocked_out_is_absorbing() -> None:
    rows = soak_odds(brawn=2, resolve=2, flesh=10, dramatic=1, damage=(3, 2), hits=4, depth=2)
    outs = [r["knocked_out"] for r in rows]
    assert outs == sorted(outs)
    assert all(r["knocked_out"] <= r["crippled"] <= 1 for r in rows)
    already = soak_odds(brawn=2, resolve=2, flesh=0, dramatic=4, damage=(3, 2), hits=2, depth=1)
    assert [r["knocked_out"] for r in already] == [1, 1]
