"""Façade odds and contests against brute force and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from facade import contest_odds, judge, outcome_odds, trait_dice, trait_distribution
from facade.rules.success import OUTCOME_KEYS


def _faces(rating: int) -> list[range]:
    dice = trait_dice(rating)
    return [range(1, 11)] * dice.d10s + [range(1, dice.extra_sides + 1)]


def _icepool_trait(rating: int) -> icepool.Die:
    dice = trait_dice(rating)
    return dice.d10s @ icepool.d10 + icepool.d(dice.extra_sides) if dice.d10s else icepool.d(dice.extra_sides)


@pytest.mark.parametrize("trait, difficulty", [(1, 1), (6, 9), (10, 10), (12, 14), (14, 3), (18, 30), (3, 7)])
def test_outcome_odds_match_brute_force(trait: int, difficulty: int) -> None:
    counts = dict.fromkeys(OUTCOME_KEYS, 0)
    combos = list(itertools.product(*_faces(trait)))
    for combo in combos:
        counts[judge(sum(combo), difficulty).key] += 1
    odds = outcome_odds(trait, difficulty)
    assert dict(odds.by_key) == {k: Fraction(v, len(combos)) for k, v in counts.items()}
    assert sum(p for _, p in odds.by_key) == 1


@pytest.mark.parametrize("rating", [7, 12, 18])
def test_trait_distribution_matches_icepool(rating: int) -> None:
    ice = _icepool_trait(rating)
    mine = trait_distribution(rating)
    assert {o: Fraction(w, mine.total_weight) for o, w in mine.items()} == {
        o: Fraction(q, ice.denominator()) for o, q in ice.items()}


def test_automatic_failure_and_success_flags() -> None:
    assert outcome_odds(3, 7).automatic_failure  # d6 cannot reach 7
    assert not outcome_odds(3, 6).automatic_failure
    assert outcome_odds(10, 7).automatic_success == "minimal"  # beats difficulty by 3
    assert outcome_odds(10, 3).automatic_success == "minor"  # by 7
    assert outcome_odds(10, 8).automatic_success is None


@pytest.mark.parametrize("a, b", [(4, 6), (7, 7), (9, 5)])
def test_contest_matches_brute_force(a: int, b: int) -> None:
    rolls_a = [sum(c) for c in itertools.product(*_faces(a))]
    rolls_b = [sum(c) for c in itertools.product(*_faces(b))]
    pairs = len(rolls_a) * len(rolls_b)
    wins_a = sum(1 for x in rolls_a for y in rolls_b if x > y)
    ties = sum(1 for x in rolls_a for y in rolls_b if x == y)
    result = contest_odds(a, b)
    assert (result.p_a_wins, result.p_tie) == (Fraction(wins_a, pairs), Fraction(ties, pairs))
    assert result.p_a_wins + result.p_b_wins + result.p_tie == 1
    # Winner's level: the loser's roll acts as the difficulty.
    level_2_for_a = sum(1 for x in rolls_a for y in rolls_b if x > y and (x - y) // 3 == 2)
    assert dict(result.level_odds("a"))[2] == Fraction(level_2_for_a, pairs)
    assert sum(p for _, p in result.level_odds("a")) == result.p_a_wins


def test_contest_against_icepool() -> None:
    diff = _icepool_trait(12) - _icepool_trait(9)
    mine = contest_odds(12, 9).margin
    assert {o: Fraction(w, mine.total_weight) for o, w in mine.items()} == {
        o: Fraction(q, diff.denominator()) for o, q in diff.items()}
