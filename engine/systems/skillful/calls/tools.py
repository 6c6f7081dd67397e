"""``skillful.thresholds``, ``skillful.suckage`` and ``skillful.fumble``.

>>> from rollwright.kit.registry import call
>>> call("skillful.thresholds", {"penalty": 4})["cutoffs"]
[0, 6, 12, 18, 24]
>>> s = call("skillful.suckage", {"loss": 21})
>>> s["points"], s["now"]["name"], s["after"]["name"]
(2, 'Bad Defense', 'Flailing Defense')
>>> f = call("skillful.fumble", {"threshold": 8, "skill": 5})
>>> f["raised"], f["p_fumble"]
(8, '3/20')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param, register
from skillful.calls.contest import tier_row
from skillful.calls.params import (
    LOSS, N, POOL, ROUNDING, TASK, attitude, floor, penalty, skill,
)
from skillful.rules.checks import check_total
from skillful.rules.effort import POOLS, attitude_terms
from skillful.rules.fumble import KINDS, fumble_tier, raised_threshold
from skillful.rules.suckage import points_to_better
from skillful.rules.tiers import (
    FLOORS, TIER_BY_INDEX, WORST_TIER, cutoffs, threshold_width, tier_of,
)


@register("skillful.thresholds", "The threshold width T and the chart's cutoffs for a fatigue penalty.",
          penalty("penalty", "the defender"), floor())
def thresholds(penalty: int, floor: str) -> dict[str, Any]:
    width = threshold_width(penalty, floor)
    return {"penalty": penalty, "floor": FLOORS[floor], "width": width, "cutoffs": list(cutoffs(width))}


@register("skillful.suckage", "Suckage points that lift a loss into the next better tier, and the effort saved.",
          LOSS, N, TASK, POOL, penalty("penalty", "the defender"), floor(), attitude("attitude", "the defender"),
          ROUNDING)
def suckage(loss: int, n: int, task: str, pool: str, penalty: int, floor: str, attitude: str,
            rounding: str) -> dict[str, Any]:
    width = threshold_width(penalty, floor)
    n_now, up_front, _ = attitude_terms(n, attitude, rounding=rounding)
    points = points_to_better(loss, width)
    now = tier_row(tier_of(loss, width), width, n_now, task, pool, up_front)
    if points is None:
        return {"loss": loss, "width": width, "points": None, "now": now, "after": None, "saved": {}}
    after = tier_row(tier_of(loss - points, width), width, n_now, task, pool, up_front)
    saved = {p: now["effort"].get(p, 0) - after["effort"].get(p, 0) for p in POOLS
             if now["effort"].get(p, 0) != after["effort"].get(p, 0)}
    return {"loss": loss, "width": width, "points": points, "now": now, "after": after, "saved": saved}


@register(
    "skillful.fumble", "Exact chance that an attacker misses a fumble threshold, and of each consequence.",
    Param("threshold", int, "the action's fumble threshold before fatigue (-20 to 40)", default=8,
          minimum=-20, maximum=40),
    skill("skill", "the attacker"),
    Param("mental", int, "the attacker's mental fatigue penalty (0-30)", default=0, minimum=0, maximum=30),
    Param("physical", int, "the attacker's physical fatigue penalty (0-30)", default=0, minimum=0, maximum=30),
    Param("kind", str, "a physical or a mental task", default="physical", choices=KINDS),
    attitude("attitude", "the attacker"), floor(),
    Param("life_or_death", bool, "life or death is at stake (relaxed takes -20)", default=False),
    Param("ties_fumble", bool, "a total equal to the threshold fumbles (it does not beat it)", default=True),
)
def fumble(threshold: int, skill: int, mental: int, physical: int, kind: str, attitude: str, floor: str,
           life_or_death: bool, ties_fumble: bool) -> dict[str, Any]:
    raised = raised_threshold(threshold, mental, physical, kind)
    relevant = physical if kind == "physical" else mental
    width = threshold_width(relevant, floor)
    _, _, modifier = attitude_terms(1, attitude, life_or_death=life_or_death)
    total = check_total(skill, relevant, modifier)
    odds = {k: Fraction(0) for k in range(WORST_TIER + 1)}
    for value, weight in total.items():
        odds[fumble_tier(value, raised, width, ties_fumble=ties_fumble)] += Fraction(weight, total.total_weight)
    p_fumble = 1 - odds[0]
    return {"raised": raised, "check_penalty": relevant, "modifier": modifier, "width": width,
            "p_fumble": fraction_text(p_fumble), "percent": percent(p_fumble),
            "tiers": [{"tier": k, "name": "No fumble" if k == 0 else f"{TIER_BY_INDEX[k].penalty.capitalize()}"
                       " consequence", "p": fraction_text(odds[k]), "percent": percent(odds[k])}
                      for k in range(WORST_TIER + 1)]}
