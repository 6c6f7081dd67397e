"""``skillful.contest`` (the odds of every consequence tier) and ``skillful.consequence`` (one loss).

>>> from rollwright.kit.registry import call
>>> out = call("skillful.consequence", {"loss": 4, "n": 5, "task": "melee-broadsword"})
>>> out["name"], out["effort_text"]
('Ordinary Defense', '15 Wind')
>>> c = call("skillful.contest", {"attacker_skill": 10, "defender_skill": 10})
>>> [t["name"] for t in c["tiers"]][:2], c["width"], c["cutoffs"]
(['Successful Defense', 'Ordinary Defense'], 10, [0, 10, 20, 30, 40])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import register
from skillful.calls.params import (
    LIFE_OR_DEATH, LOSS, N, POOL, ROUNDING, TASK, attitude, floor, penalty, skill,
)
from skillful.rules.checks import loss_distribution
from skillful.rules.effort import (
    ATTITUDES, OTHER_HARM, TASKS, attitude_terms, effort, effort_text, expected_effort,
)
from skillful.rules.tiers import (
    TIER_BY_INDEX, TIERS, cutoffs, loss_range, threshold_width, tier_of, tier_odds,
)


def tier_row(index: int, width: int, n: int, task: str, pool: str, up_front: int) -> dict[str, Any]:
    """One tier: its chart row, name, the losses in it and what it costs."""
    tier = TIER_BY_INDEX[index]
    spend = effort(n, task, index, pool, up_front)
    harm = OTHER_HARM.get(index) if task == "other" else None
    return {"index": index, "row": tier.chart_row, "name": tier.name, "penalty": tier.penalty,
            "losses": loss_range(index, width), "effort": spend,
            "effort_text": effort_text(spend) + (f", and {harm}" if harm else "")}


@register(
    "skillful.consequence", "What one loss costs the defender: its tier and the effort it takes.",
    LOSS, N, TASK, POOL, penalty("penalty", "the defender"), floor(), attitude("attitude", "the defender"),
    ROUNDING,
)
def consequence(loss: int, n: int, task: str, pool: str, penalty: int, floor: str, attitude: str,
                rounding: str) -> dict[str, Any]:
    width = threshold_width(penalty, floor)
    n_now, up_front, _ = attitude_terms(n, attitude, rounding=rounding)
    return {"loss": loss, "width": width, "n": n_now, "up_front": up_front,
            **tier_row(tier_of(loss, width), width, n_now, task, pool, up_front)}


@register(
    "skillful.contest",
    "Exact odds of each consequence tier when two open-d20 totals meet, and the defender's expected effort.",
    skill("attacker_skill", "the attacker"), penalty("attacker_penalty", "the attacker"),
    attitude("attacker_attitude", "the attacker"),
    skill("defender_skill", "the defender"), penalty("defender_penalty", "the defender"),
    attitude("defender_attitude", "the defender"), floor("defender_floor"),
    N, POOL, TASK, LIFE_OR_DEATH, ROUNDING,
)
def contest(attacker_skill: int, attacker_penalty: int, attacker_attitude: str, defender_skill: int,
            defender_penalty: int, defender_attitude: str, defender_floor: str, n: int, pool: str,
            task: str, life_or_death: bool, rounding: str) -> dict[str, Any]:
    _, _, attack_mod = attitude_terms(n, attacker_attitude, life_or_death=life_or_death)
    attacker = attacker_skill - attacker_penalty + attack_mod
    width = threshold_width(defender_penalty, defender_floor)

    def defend(attitude: str) -> tuple[int, int, int, dict[int, Fraction], dict[str, Fraction]]:
        n_now, up_front, modifier = attitude_terms(n, attitude, life_or_death=life_or_death, rounding=rounding)
        odds = tier_odds(loss_distribution(attacker, defender_skill - defender_penalty + modifier), width)
        return n_now, up_front, modifier, odds, expected_effort(odds, n_now, task, pool, up_front)

    n_now, up_front, defend_mod, odds, expected = defend(defender_attitude)
    defender = defender_skill - defender_penalty + defend_mod
    tiers = [{**tier_row(t.index, width, n_now, task, pool, up_front),
              "p": fraction_text(odds[t.index]), "percent": percent(odds[t.index])} for t in TIERS]
    by_attitude = []
    for attitude in ATTITUDES:
        *_, other = defend(attitude)
        by_attitude.append({"attitude": attitude, "expected": {k: fraction_text(v) for k, v in other.items()},
                            "expected_text": _expected_text(other)})
    return {"attacker_shift": attacker, "defender_shift": defender, "attacker_modifier": attack_mod,
            "defender_modifier": defend_mod, "n": n_now, "up_front": up_front, "width": width,
            "cutoffs": list(cutoffs(width)), "task": TASKS[task], "tiers": tiers,
            "expected": {name: fraction_text(v) for name, v in expected.items()},
            "expected_text": _expected_text(expected), "by_attitude": by_attitude}


def _expected_text(expected: dict[str, Fraction]) -> str:
    """An average spend to one decimal, e.g. ``'16.7 Wind + 1.7 Stamina'`` (formatting only)."""
    return " + ".join(f"{float(v):.1f} {name}" for name, v in expected.items())
