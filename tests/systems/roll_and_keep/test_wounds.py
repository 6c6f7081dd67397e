"""Wound checks, dramatic wounds, thresholds and the soak planner, against direct computation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.dice import roll_and_keep
from roll_and_keep.rules.soak import soak_odds
from roll_and_keep.rules.wounds import DEFAULT_READING, dramatic_wounds_for, state, thresholds, wound_check


def test_seed_examples() -> None:
    assert dramatic_wounds_for(62, 9) == 3   # the bus
    assert dramatic_wounds_for(20, 12) == 1  # the rock
    assert state(3, resolve=2) == "crippled"
    assert state(4, resolve=2, reading="reached") == "knocked out"  # the rock example's own reading


def test_the_engine_follows_the_thresholds_as_worded() -> None:
    """The draft: a character can absorb Resolve dramatic wounds before being crippled and take twice
    Resolve before being knocked out. With Resolve 2 the fourth wound leaves them standing (crippled)."""
    assert thresholds(2) == (3, 5)
    assert [state(n, resolve=2) for n in range(6)] == ["fine"] * 3 + ["crippled"] * 2 + ["knocked out"]


@pytest.mark.parametrize(("missed", "wounds"), [(1, 1), (19, 1), (20, 2), (39, 2), (40, 3)])
def test_one_more_per_full_twenty_missed(missed: int, wounds: int) -> None:
    assert dramatic_wounds_for(30 + missed, 30) == wounds


def test_thresholds_readings() -> None:
    assert thresholds(3, "reached") == (3, 6)
    assert thresholds(3) == thresholds(3, "passed") == (4, 7)
    assert state(1, resolve=2) == "fine"


def test_wound_check_distribution_from_the_roll() -> None:
    roll = roll_and_keep(2, 2, depth=9)
    for flesh in (5, 20, 47, 90):
        expected: dict[int, Fraction] = {}
        for total, weight in roll.items():
            gained = 0 if total >= flesh else 1 + (flesh - total) // 20
            expected[gained] = expected.get(gained, Fraction(0)) + Fraction(weight, roll.total_weight)
        assert wound_check(2, flesh) == dict(sorted(expected.items()))


def _soak_by_recursion(brawn: int, resolve: int, hits: int, damage: tuple[int, int], depth: int, flesh: int = 0,
                      dramatic: int = 0, reading: str = DEFAULT_READING) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(P(crippled), P(knocked out), mean dramatic wounds) after each hit, state by state over Fractions."""
    crippled_at, out_at = thresholds(resolve, reading)
    hurt = roll_and_keep(*damage, depth=depth)

    def probs(crippled: bool) -> dict[int, Fraction]:
        dist = roll_and_keep(brawn, brawn, depth=0 if crippled else depth)
        return {t: Fraction(w, dist.total_weight) for t, w in dist.items()}

    checks = {False: probs(False), True: probs(True)}
    states = {(flesh, min(dramatic, out_at)): Fraction(1)}
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
        out.append((sum((p for (_, dw), p in states.items() if dw >= crippled_at), Fraction(0)),
                    sum((p for (_, dw), p in states.items() if dw >= out_at), Fraction(0)),
                    sum((p * dw for (_, dw), p in states.items()), Fraction(0))))
    return out


def test_soak_planner_matches_a_plain_recursion() -> None:
    rows = soak_odds(brawn=1, resolve=1, flesh=0, dramatic=0, damage=(2, 1), hits=3, depth=1)
    assert [r["knocked_out"] for r in rows] == [o for _, o, _ in _soak_by_recursion(1, 1, 3, (2, 1), depth=1)]


@settings(max_examples=30, deadline=None)
@given(brawn=st.integers(1, 5), resolve=st.integers(1, 5), flesh=st.sampled_from([0, 1, 19, 20, 57, 400]),
       dramatic=st.integers(0, 11), kept=st.integers(1, 3), extra=st.integers(0, 2), hits=st.integers(1, 3),
       depth=st.integers(0, 2), reading=st.sampled_from(["reached", "passed"]))
def test_soak_planner_matches_the_state_by_state_recursion(brawn: int, resolve: int, flesh: int, dramatic: int,
                                                           kept: int, extra: int, hits: int, depth: int,
                                                           reading: str) -> None:
    """The planner's tables (issue 30: 21 s at its largest values before them) give the same exact chances."""
    damage = (kept + extra, kept)
    rows = soak_odds(brawn, resolve, flesh, dramatic, damage, hits, depth, reading)
    expected = _soak_by_recursion(brawn, resolve, hits, damage, depth, flesh, dramatic, reading)
    assert [(r["crippled"], r["knocked_out"], r["mean_dramatic"]) for r in rows] == expected


def test_soak_planner_is_monotone_and_knocked_out_is_absorbing() -> None:
    rows = soak_odds(brawn=2, resolve=2, flesh=10, dramatic=1, damage=(3, 2), hits=4, depth=2)
    outs = [r["knocked_out"] for r in rows]
    assert outs == sorted(outs)
    assert all(r["knocked_out"] <= r["crippled"] <= 1 for r in rows)
    already = soak_odds(brawn=2, resolve=2, flesh=0, dramatic=5, damage=(3, 2), hits=2, depth=1)
    assert [r["knocked_out"] for r in already] == [1, 1]
