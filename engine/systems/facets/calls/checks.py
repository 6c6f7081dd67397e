"""``facets.roll``, ``facets.check`` and ``facets.steps``: one roll, a check's exact bands, die steps.

>>> from rollwright.kit.registry import call
>>> out = call("facets.check", {"die": 6, "tn": 8})
>>> out["bands"][0]["key"], out["bands"][0]["p"], out["calm"]
('advantage', '1/36', 3)
>>> call("facets.steps", {"die": 8, "steps": -2})["result"]
'd4'
>>> call("facets.roll", {"die": 6, "tn": 8, "seed": 3})["band"] in {"Success", "Failure", "Success at a cost", "Failure with a cost", "Success with advantage"}
True
"""

from __future__ import annotations

from typing import Any

from rollwright.dice.rolling import roll_die
from rollwright.dice.script import dice_source
from rollwright.kit.calls.dice import SEED
from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param, register
from facets.calls.params import BONUS, TN, checked_sides, die_param
from facets.rules.bands import (
    BANDS, CRITICAL_READINGS, advantage_odds, advantages, band, band_odds, effort, expected_effort,
)
from facets.rules.dice import (
    DEPTH, calm_value, cap_chance, explode_threshold, off_ladder, roll_distribution, step_die,
)

EXPLODE_ON = Param("explode_on", int, "lowest face that explodes (empty: the top face)", default=None,
                   minimum=2, maximum=20)
PRESSURE = Param("pressure", bool, "rolled under pressure: no explosions", default=False)
CRITICAL = Param("critical", str, "which failures count as critical (the draft does not say)",
                 default="none", choices=tuple(CRITICAL_READINGS))


def _p(value: Any) -> dict[str, str]:
    return {"p": fraction_text(value), "percent": percent(value)}


@register("facets.roll", "One seeded Facets roll: every die, the total and its band against the TN.",
          die_param("die"), BONUS, TN, PRESSURE, EXPLODE_ON, CRITICAL, SEED)
def roll(die: int, bonus: int, tn: int, pressure: bool, explode_on: int | None, critical: str,
         seed: int) -> dict[str, Any]:
    sides = checked_sides(die)
    threshold = explode_threshold(sides, explode_on)
    rolled = roll_die(dice_source(seed), sides, explode=not pressure, depth=DEPTH, at_least=threshold)
    total = rolled.value + bonus
    margin = total - tn
    return {"die": f"d{sides}", "faces": list(rolled.faces), "capped": rolled.capped, "bonus": bonus,
            "total": total, "tn": tn, "margin": margin, "band": band(margin).name, "band_key": band(margin).key,
            "advantages": advantages(margin), "effort": effort(margin, critical), "seed": seed,
            "pressure": pressure, "explode_on": None if pressure else threshold, "depth": DEPTH}


@register("facets.check", "Exact odds of every outcome band of one check against a TN.",
          die_param("die"), BONUS, TN, PRESSURE, EXPLODE_ON, CRITICAL)
def check(die: int, bonus: int, tn: int, pressure: bool, explode_on: int | None,
          critical: str) -> dict[str, Any]:
    sides = checked_sides(die)
    dist = roll_distribution(sides, pressure=pressure, explode_on=explode_on)
    odds = band_odds(dist, tn, bonus)
    calm = calm_value(sides)
    return {
        "die": f"d{sides}", "bonus": bonus, "tn": tn, "pressure": pressure,
        "explode_on": None if pressure else explode_threshold(sides, explode_on),
        "bands": [{"key": b.key, "name": b.name, **_p(odds[b.key])} for b in BANDS],
        "success": _p(odds["advantage"] + odds["success"]),
        "advantages": [{"count": n, **_p(p)} for n, p in advantage_odds(dist, tn, bonus).items()],
        "effort": fraction_text(expected_effort(dist, tn, bonus, critical)), "critical": critical,
        "mean": fraction_text(dist.mean()),
        "calm": calm, "calm_total": calm + bonus, "calm_band": band(calm + bonus - tn).name,
        "depth": DEPTH, "cap": _p(cap_chance(sides, pressure=pressure, explode_on=explode_on)),
    }


@register("facets.steps", "An attribute die moved up or down the ladder d4 ... d20.",
          die_param("die"), Param("steps", int, "steps up (+) or down (-)", default=-1, minimum=-5, maximum=5))
def steps(die: int, steps: int) -> dict[str, Any]:
    sides = checked_sides(die)
    return {"die": f"d{sides}", "steps": steps, "result": f"d{step_die(sides, steps)}",
            "off_ladder": off_ladder(sides, steps)}
