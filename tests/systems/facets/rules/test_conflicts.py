"""Opposed attacks and conflict odds: a hand-solved case, brute force, and a seeded simulation."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.dice.rolling import roll_die
from rollwright.errors import ParameterError
from rollwright.kit.api import call
from facets.rules.attacks import AttackPlan, attack_odds, dice_used
from facets.rules.bands import advantages, band
from facets.rules.conflict import FIRST, MAX_EXCHANGES, Side, conflict_odds, first_chance
from facets.rules.dice import DEPTH, roll_distribution


def test_second_attacks_and_specific_defenses_step_the_dice() -> None:
    assert dice_used(AttackPlan(8, 6, "medium", second_attack=True)) == (4, 6)
    assert dice_used(AttackPlan(12, 6, "medium", second_attack=True)) == (8, 6)
    assert dice_used(AttackPlan(12, 6, "light", second_attack=True)) == (10, 6)
    assert dice_used(AttackPlan(8, 8, "light", defended_with="finesse", specific_defenses=True)) == (8, 6)
    assert dice_used(AttackPlan(8, 8, "heavy", defended_with="finesse", specific_defenses=True)) == (8, 10)
    with pytest.raises(ParameterError, match="heavy"):
        dice_used(AttackPlan(8, 8, "heavy", second_attack=True))


def test_attack_damage_by_brute_force() -> None:
    plan = AttackPlan(4, 4, "medium", armor=1)
    odds = attack_odds(plan)
    # Every pair of (capped) rolls, judged one by one.
    expected: dict[int, Fraction] = {}
    a, d = roll_distribution(4), roll_distribution(4)
    for x, wx in a.items():
        for y, wy in d.items():
            m = x - y
            hurt = max(0, 3 + advantages(m) - 1) if band(m).succeeds else 0
            expected[hurt] = expected.get(hurt, Fraction(0)) + Fraction(wx * wy, a.total_weight * d.total_weight)
    got = odds.damage_one
    assert {v: Fraction(w, got.total_weight) for v, w in got.items()} == expected


def test_armor_never_makes_damage_negative_and_endurance_soaks() -> None:
    heavy_armor = call("facets.attack", {"attack": 4, "defense": 20, "weapon": "light", "armor": 10})
    assert all(row["value"] >= 0 for row in heavy_armor["damage_one"])
    soak = attack_odds(AttackPlan(6, 6, "heavy", defended_with="endurance"))
    assert soak.damage_one.min_outcome == 4  # a miss still hits, less one armor


def test_hand_solved_duel_of_one_health_each() -> None:
    a = Side(attack=6, defense=6, health=1, weapon="light")
    hit = attack_odds(AttackPlan(6, 6, "light")).hit
    # A acts first every exchange: A wins on A's hit, or both miss and the duel starts over.
    expected = hit / (1 - (1 - hit) * (1 - hit))
    odds = conflict_odds(a, a, "a")
    assert odds.a_wins == expected
    assert odds.exchanges[1] == hit + (1 - hit) * hit


def _simulate(a: Side, b: Side, trials: int, seed: int) -> float:
    rng = random.Random(seed)

    def damage(att: Side, dfn: Side) -> int:
        x = roll_die(rng, att.attack, explode=True, depth=DEPTH).value
        y = roll_die(rng, dfn.defense, explode=True, depth=DEPTH).value
        m = x - y
        return max(0, {"light": 1, "medium": 3, "heavy": 5}[att.weapon] + advantages(m) - dfn.armor) \
            if band(m).succeeds else 0

    wins = 0
    for _ in range(trials):
        ha, hb = a.health, b.health
        while True:
            hb -= damage(a, b)
            if hb <= 0:
                wins += 1
                break
            ha -= damage(b, a)
            if ha <= 0:
                break
    return wins / trials


def test_conflict_odds_agree_with_a_seeded_simulation() -> None:
    a = Side(attack=8, defense=6, health=6, weapon="medium", armor=1)
    b = Side(attack=10, defense=8, health=8, weapon="light")
    exact = float(conflict_odds(a, b, "a").a_wins)
    # 3000 duels: the standard error is under 0.01, so 0.04 is four of them.
    assert abs(_simulate(a, b, 3000, seed=5) - exact) < 0.04


def _chain_by_fractions(a: Side, b: Side, first: str) -> tuple[Fraction, dict[int, Fraction], Fraction]:
    """A's win chance, the exchanges and the remainder, state by state over Fractions (one exchange at a time)."""
    p_first = first_chance(a, b, first)

    def damage(att: Side, dfn: Side) -> dict[int, Fraction]:
        dist = attack_odds(AttackPlan(att.attack, dfn.defense, att.weapon, dfn.armor,
                                      defended_with=dfn.defended_with)).damage_action
        return {v: Fraction(w, dist.total_weight) for v, w in dist.items()}

    to_b, to_a = damage(a, b), damage(b, a)
    stay = to_b.get(0, Fraction(0)) * to_a.get(0, Fraction(0))
    wins: dict[tuple[int, int], Fraction] = {}
    for ha in range(1, a.health + 1):
        for hb in range(1, b.health + 1):
            total = Fraction(0)
            for x, px in to_b.items():
                for y, py in to_a.items():
                    if x >= hb:
                        total += px * py * (p_first if y >= ha else 1)
                    elif y < ha and (x, y) != (0, 0):
                        total += px * py * wins[(ha - y, hb - x)]
            wins[(ha, hb)] = total / (1 - stay)
    alive = {(a.health, b.health): Fraction(1)}
    exchanges = {}
    for n in range(1, MAX_EXCHANGES + 1):
        following: dict[tuple[int, int], Fraction] = {}
        for (ha, hb), p in alive.items():
            for x, px in to_b.items():
                for y, py in to_a.items():
                    if x < hb and y < ha:
                        following[(ha - y, hb - x)] = following.get((ha - y, hb - x), Fraction(0)) + p * px * py
        ended = sum(alive.values(), Fraction(0)) - sum(following.values(), Fraction(0))
        if ended:
            exchanges[n] = ended
        alive = following
        if not alive:
            break
    return wins[(a.health, b.health)], exchanges, sum(alive.values(), Fraction(0))


SIDES = st.builds(Side, attack=st.sampled_from([4, 6, 8, 12, 20]), defense=st.sampled_from([4, 6, 10, 20]),
                  health=st.integers(1, 5), weapon=st.sampled_from(["light", "medium", "heavy"]),
                  armor=st.integers(0, 6), initiative=st.sampled_from([4, 8, 20]),
                  defended_with=st.sampled_from(["finesse", "strength", "endurance"]))


@settings(max_examples=40, deadline=None)
@given(a=SIDES, b=SIDES, first=st.sampled_from(FIRST))
def test_conflict_odds_match_a_chain_over_fractions(a: Side, b: Side, first: str) -> None:
    """The whole-number, one-side-at-a-time chain (issue 30: 1.7 s at 20 health a side before it) is exact."""
    odds = conflict_odds(a, b, first)
    assert (odds.a_wins, odds.exchanges, odds.beyond) == _chain_by_fractions(a, b, first)


def test_conflict_call_sums_to_one() -> None:
    out = call("facets.conflict", {"a_health": 5, "b_health": 4, "b_weapon": "heavy"})
    total = sum(Fraction(row["p"]) for row in out["exchanges"]) + Fraction(out["beyond"]["p"])
    assert total == 1
    assert Fraction(out["a_wins"]["p"]) + Fraction(out["b_wins"]["p"]) == 1
