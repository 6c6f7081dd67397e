"""``facets.attack`` (one opposed attack) and ``facets.conflict`` (who takes whom out first).

>>> from rollwright.kit.registry import call
>>> out = call("facets.attack", {"attack": 8, "defense": 8, "weapon": "heavy", "second_attack": True})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: second_attack: a heavy weapon or approach cannot make a second attack
>>> out = call("facets.conflict", {"a_health": 2, "b_health": 2, "first": "a"})
>>> out["a_wins"]["p"] != out["b_wins"]["p"]
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.dice.distribution import Distribution
from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param, register
from facets.calls.params import checked_sides, die_param
from facets.rules.attacks import DAMAGE, DEFENSES, AttackPlan, attack_odds
from facets.rules.bands import BANDS
from facets.rules.conflict import FIRST, MAX_EXCHANGES, MAX_HEALTH, Side, conflict_odds
from facets.rules.dice import DEPTH

WEAPONS = tuple(DAMAGE)


def _p(value: Fraction) -> dict[str, str]:
    return {"p": fraction_text(value), "percent": percent(value)}


def _spread(dist: Distribution) -> list[dict[str, Any]]:
    total = dist.total_weight
    return [{"value": v, **_p(Fraction(w, total))} for v, w in dist.items()]


def _weapon(name: str) -> Param:
    return Param(name, str, "weapon or social approach: light 1, medium 3, heavy 5", default="medium",
                 choices=WEAPONS)


def _armor(name: str) -> Param:
    return Param(name, int, "armor rating (0-10)", default=0, minimum=0, maximum=10)


def _defense(name: str) -> Param:
    return Param(name, str, "attribute the defender uses", default="finesse", choices=DEFENSES)


@register("facets.attack", "Exact bands and damage of one opposed attack (or a pair of attacks).",
          die_param("attack", "attacker's die (sides)"), die_param("defense", "defender's die (sides)", 6),
          _weapon("weapon"), _armor("armor"),
          Param("attack_bonus", int, "attacker's bonus (-10 to 20)", default=0, minimum=-10, maximum=20),
          Param("defense_bonus", int, "defender's bonus (-10 to 20)", default=0, minimum=-10, maximum=20),
          _defense("defended_with"),
          Param("specific_defenses", bool, "optional rule: specific defenses", default=False),
          Param("second_attack", bool, "attack twice (a pair of attacks as one action)", default=False),
          Param("positioning", bool, "optional rule: the target has already acted (+1)", default=False))
def attack(attack: int, defense: int, weapon: str, armor: int, attack_bonus: int, defense_bonus: int,
           defended_with: str, specific_defenses: bool, second_attack: bool, positioning: bool) -> dict[str, Any]:
    plan = AttackPlan(checked_sides(attack, "attack"), checked_sides(defense, "defense"), weapon, armor,
                      attack_bonus, defense_bonus, defended_with, specific_defenses, second_attack, positioning)
    odds = attack_odds(plan)
    return {
        "attack_die": f"d{odds.attack_die}", "defense_die": f"d{odds.defense_die}", "weapon": weapon,
        "damage": DAMAGE[weapon], "armor": armor, "attacks": odds.attacks, "defended_with": defended_with,
        "bands": [{"key": b.key, "name": b.name, **_p(odds.bands[b.key])} for b in BANDS],
        "hit": _p(odds.hit), "defender_token": _p(odds.defender_token),
        "damage_one": _spread(odds.damage_one), "damage_action": _spread(odds.damage_action),
        "mean_damage": fraction_text(odds.damage_action.mean()),
        "mean_damage_text": f"{float(odds.damage_action.mean()):.2f}", "depth": DEPTH,
    }


def _side_params(x: str, health: int) -> tuple[Param, ...]:
    who = "A" if x == "a" else "B"
    return (die_param(f"{x}_attack", f"{who}'s attack die (sides)"),
            die_param(f"{x}_defense", f"{who}'s defense die (sides)", 6),
            Param(f"{x}_health", int, f"{who}'s health or cool (1-{MAX_HEALTH})", default=health,
                  minimum=1, maximum=MAX_HEALTH),
            _weapon(f"{x}_weapon"), _armor(f"{x}_armor"),
            die_param(f"{x}_initiative", f"{who}'s initiative die: Finesse or Wit (sides)", 6))


@register("facets.conflict", "Exact chance that each side of a one-on-one conflict takes the other out first.",
          *_side_params("a", 10), *_side_params("b", 10),
          Param("first", str, "who acts first in each exchange", default="initiative", choices=FIRST))
def conflict(a_attack: int, a_defense: int, a_health: int, a_weapon: str, a_armor: int, a_initiative: int,
             b_attack: int, b_defense: int, b_health: int, b_weapon: str, b_armor: int, b_initiative: int,
             first: str) -> dict[str, Any]:
    a = Side(checked_sides(a_attack, "a_attack"), checked_sides(a_defense, "a_defense"), a_health, a_weapon,
             a_armor, checked_sides(a_initiative, "a_initiative"))
    b = Side(checked_sides(b_attack, "b_attack"), checked_sides(b_defense, "b_defense"), b_health, b_weapon,
             b_armor, checked_sides(b_initiative, "b_initiative"))
    odds = conflict_odds(a, b, first)
    return {"a_wins": _p(odds.a_wins), "b_wins": _p(odds.b_wins), "a_first": _p(odds.a_first),
            "first": first, "exchanges": [{"n": n, **_p(p)} for n, p in odds.exchanges.items()],
            "beyond": _p(odds.beyond), "max_exchanges": MAX_EXCHANGES, "depth": DEPTH,
            "a": {"health": a_health, "weapon": a_weapon}, "b": {"health": b_health, "weapon": b_weapon}}
