"""Conflict odds: two sides trade attacks until one is taken out (health or cool at 0).

A Markov chain over (A's health, B's health). In each exchange both sides act
once, the first actor first; a side taken out before its turn does not act.
The first actor is A, B, or decided by an initiative roll each exchange (the
engine rerolls ties: the draft does not say). Tokens, maneuvers, withdrawal
and deals are left out. Win chances are exact (an exchange with no damage on
either side is solved as a geometric series); the exchange count is exact up to
``MAX_EXCHANGES`` and the rest is reported as one remainder.

>>> side = Side(attack=6, defense=6, health=1, weapon="light")
>>> odds = conflict_odds(side, side, first="a")
>>> odds.a_wins + odds.b_wins == 1 and odds.a_wins > odds.b_wins
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rollwright.dice.distribution import Distribution
from facets.rules.attacks import AttackPlan, attack_odds
from facets.rules.dice import roll_distribution

MAX_HEALTH = 20
MAX_EXCHANGES = 12
FIRST = ("a", "b", "initiative")


@dataclass(frozen=True)
class Side:
    """One side of a conflict: attack and defense dice, health (or cool), weapon and armor."""

    attack: int
    defense: int
    health: int = 10
    weapon: str = "medium"
    armor: int = 0
    initiative: int = 6
    defended_with: str = "finesse"


@dataclass(frozen=True)
class ConflictOdds:
    """Exact win chances, the chance A acts first, and the exchanges taken."""

    a_wins: Fraction
    b_wins: Fraction
    a_first: Fraction
    exchanges: dict[int, Fraction]
    beyond: Fraction


def _damage(attacker: Side, defender: Side) -> Distribution:
    plan = AttackPlan(attack=attacker.attack, defense=defender.defense, weapon=attacker.weapon,
                      armor=defender.armor, defended_with=defender.defended_with)
    return attack_odds(plan).damage_action


def first_chance(a: Side, b: Side, first: str) -> Fraction:
    """The chance A acts first in an exchange.

    >>> first_chance(Side(6, 6, initiative=8), Side(6, 6, initiative=8), "initiative")
    Fraction(1, 2)
    """
    if first != "initiative":
        return Fraction(1 if first == "a" else 0)
    diff = roll_distribution(a.initiative) - roll_distribution(b.initiative)
    ahead, behind = diff.at_least(1), 1 - diff.at_least(0)
    return ahead / (ahead + behind)


def _capped(dist: Distribution, cap: int) -> list[tuple[int, int]]:
    """Integer damage weights, values above ``cap`` merged into ``cap`` (they all take the side out)."""
    merged: dict[int, int] = {}
    for value, weight in dist.items():
        key = min(value, cap)
        merged[key] = merged.get(key, 0) + weight
    return sorted(merged.items())


Step = dict[tuple[int, int], int]


def _exchange(state: tuple[int, int], to_a: list[tuple[int, int]], to_b: list[tuple[int, int]],
              p_first: Fraction) -> tuple[Fraction, Step]:
    """One exchange from ``state`` in integer weights: (A's weight of winning now, next states' weights).

    B's weight of winning now is the total less both. A simultaneous take-out goes to the first actor.
    """
    ha, hb = state
    both, a_only = 0, 0
    nxt: Step = {}
    for dealt_by_a, pa in to_b:
        for dealt_by_b, pb in to_a:
            a_out, b_out = dealt_by_b >= ha, dealt_by_a >= hb
            if b_out:
                if a_out:
                    both += pa * pb
                else:
                    a_only += pa * pb
            elif not a_out:
                key = (ha - dealt_by_b, hb - dealt_by_a)
                nxt[key] = nxt.get(key, 0) + pa * pb
    return a_only + both * p_first, nxt


def conflict_odds(a: Side, b: Side, first: str = "initiative") -> ConflictOdds:
    """Exact odds that each side takes the other out first, and the exchanges it takes."""
    p_first = first_chance(a, b, first)
    to_b = _capped(_damage(a, b), MAX_HEALTH)
    to_a = _capped(_damage(b, a), MAX_HEALTH)
    total = sum(w for _, w in to_a) * sum(w for _, w in to_b)
    memo: dict[tuple[int, int], Fraction] = {}
    steps: dict[tuple[int, int], tuple[Fraction, Step]] = {}
    order = sorted(((ha, hb) for ha in range(1, a.health + 1) for hb in range(1, b.health + 1)), key=sum)
    for state in order:
        won, nxt = _exchange(state, to_a, to_b, p_first)
        steps[state] = (won, nxt)
        stay = nxt.get(state, 0)
        if stay == total:
            memo[state] = Fraction(1, 2)  # unreachable with exploding dice; kept for safety
            continue
        moved = sum((w * memo[s] for s, w in nxt.items() if s != state), Fraction(0))
        memo[state] = (won + moved) / (total - stay)
    a_total = memo[(a.health, b.health)]
    exchanges: dict[int, Fraction] = {}
    current: Step = {(a.health, b.health): 1}
    scale = 1
    for n in range(1, MAX_EXCHANGES + 1):
        scale *= total
        following: Step = {}
        for state, w in current.items():
            for s, q in steps[state][1].items():
                following[s] = following.get(s, 0) + w * q
        ended = Fraction(sum(current.values()) * total - sum(following.values()), scale)
        if ended:
            exchanges[n] = ended
        current = following
        if not current:
            break
    beyond = Fraction(sum(current.values()), scale) if current else Fraction(0)
    return ConflictOdds(a_total, 1 - a_total, p_first, exchanges, beyond)
