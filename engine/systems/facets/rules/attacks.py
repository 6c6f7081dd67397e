"""Opposed attacks: the attacker's roll against the defender's, bands, damage and armor.

The defender's roll is the attacker's TN, so the bands are those of any check:
success with advantage (and one extra damage per full 5 over), success, success
at a cost (the hit still lands; the defender earns a token), failure, failure
with a cost (the defender earns a token). A hit deals the weapon's (or social
approach's) damage, less armor, never below 0.

>>> plan = AttackPlan(attack=8, defense=6, weapon="medium")
>>> odds = attack_odds(plan)
>>> odds.hit == odds.bands["advantage"] + odds.bands["success"] + odds.bands["cost"]
True
>>> DAMAGE["light"], DAMAGE["medium"], DAMAGE["heavy"]
(1, 3, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rollwright.dice.distribution import Distribution
from rollwright.errors import ParameterError
from facets.rules.bands import advantages, band
from facets.rules.dice import roll_distribution, step_die

DAMAGE = {"light": 1, "medium": 3, "heavy": 5}
"""Damage of a weapon, or loss of Cool from a social approach, by weight."""
DEFENSES = ("finesse", "strength", "endurance")
SPECIFIC_STEPS = {("light", "strength"): 1, ("light", "finesse"): -1,
                  ("heavy", "strength"): -1, ("heavy", "finesse"): 1}
"""The optional specific-defenses rule: the defender's die change, by weapon and defense."""


@dataclass(frozen=True)
class AttackPlan:
    """One attack action: the dice, bonuses and choices of both sides."""

    attack: int
    defense: int
    weapon: str = "medium"
    armor: int = 0
    attack_bonus: int = 0
    defense_bonus: int = 0
    defended_with: str = "finesse"
    specific_defenses: bool = False
    second_attack: bool = False
    positioning: bool = False


@dataclass(frozen=True)
class AttackOdds:
    """The exact answer for one attack: dice used, bands, hit chance and damage per action."""

    attack_die: int
    defense_die: int
    bands: dict[str, Fraction]
    hit: Fraction
    defender_token: Fraction
    damage_one: Distribution
    damage_action: Distribution
    attacks: int


def dice_used(plan: AttackPlan) -> tuple[int, int]:
    """The attacker's and defender's dice after second-attack and specific-defense steps.

    >>> dice_used(AttackPlan(attack=8, defense=8, weapon="medium", second_attack=True))
    (4, 8)
    >>> dice_used(AttackPlan(attack=12, defense=8, weapon="light", second_attack=True,
    ...                      defended_with="strength", specific_defenses=True))
    (10, 10)
    """
    if plan.second_attack and plan.weapon == "heavy":
        raise ParameterError("second_attack: a heavy weapon or approach cannot make a second attack",
                             field="second_attack")
    attack = step_die(plan.attack, -(1 if plan.weapon == "light" else 2)) if plan.second_attack else plan.attack
    defense = plan.defense
    if plan.specific_defenses:
        defense = step_die(defense, SPECIFIC_STEPS.get((plan.weapon, plan.defended_with), 0))
    return attack, defense


def _damage(margin: int, plan: AttackPlan) -> int:
    """Damage one attack deals at this margin (after armor)."""
    kind = band(margin)
    armor = plan.armor
    if not kind.succeeds:
        if plan.defended_with != "endurance":
            return 0
        armor += 1  # Endurance: the defender's success gives armor instead of a miss
    return max(0, DAMAGE[plan.weapon] + advantages(margin) - armor)


def attack_odds(plan: AttackPlan) -> AttackOdds:
    """Exact bands and damage of one attack action (two attacks with ``second_attack``)."""
    attack_die, defense_die = dice_used(plan)
    bonus = plan.attack_bonus + (1 if plan.positioning else 0) - plan.defense_bonus
    margins = roll_distribution(attack_die) - roll_distribution(defense_die)
    total = margins.total_weight
    bands = {key: Fraction(0) for key in ("advantage", "success", "cost", "failure", "failure-cost")}
    damage: dict[int, int] = {}
    for margin, weight in margins.items():
        m = margin + bonus
        bands[band(m).key] += Fraction(weight, total)
        hurt = _damage(m, plan)
        damage[hurt] = damage.get(hurt, 0) + weight
    one = Distribution(damage)
    hit = bands["advantage"] + bands["success"] + bands["cost"]
    return AttackOdds(attack_die, defense_die, bands, hit, bands["cost"] + bands["failure-cost"],
                      one, one + one if plan.second_attack else one, 2 if plan.second_attack else 1)


def single(plan: AttackPlan) -> AttackPlan:
    """The same plan with one attack only."""
    return replace(plan, second_attack=False)
