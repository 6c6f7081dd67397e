"""``skillful.tracker``: the six fatigue pools after a log of spends, with penalties and T.

>>> from rollwright.kit.registry import call
>>> out = call("skillful.tracker", {"wind": 20, "spent": "Wind 15, Wind 5"})
>>> out["pools"][0], out["physical_penalty"], out["physical_width"]
({'pool': 'Wind', 'size': 20, 'now': 0, 'empty': True}, 4, 6)
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import Param, register
from skillful.rules.effort import POOLS, effort
from skillful.rules.tiers import cutoffs, threshold_width
from skillful.rules.tracker import (
    MAX_AMOUNT, MAX_ENTRIES, current, floor_of, parse_spends, spends_text,
)

MAX_POOL = 999
DEFAULT_SIZE = 60
"""A placeholder size: the draft gives none, so every size is a setting."""
SIZES = tuple(Param(pool.lower(), int, f"size of the {pool} pool (a setting: the draft gives none)",
                    default=DEFAULT_SIZE, minimum=1, maximum=MAX_POOL) for pool in POOLS)


@register(
    "skillful.tracker", "The fatigue pools after a log of spends: levels, penalties, floor and T.",
    *SIZES,
    Param("spent", str, "what was spent, e.g. 'Wind 15, Stamina 10'", default="", max_length=600,
          samples=("Wind 15, Stamina 10", ", ".join([f"Wit {MAX_AMOUNT}"] * MAX_ENTRIES))),
    Param("wind_empty", int, "the physical penalty an empty Wind gives (the draft: 4)", default=4,
          minimum=0, maximum=9),
    Param("wit_empty", int, "the mental penalty an empty Wit gives (a setting: the draft gives none)",
          default=0, minimum=0, maximum=9),
    Param("n", int, f"N for the quick spends (1-{MAX_AMOUNT})", default=5, minimum=1, maximum=MAX_AMOUNT),
)
def tracker(wind: int, wit: int, stamina: int, focus: int, health: int, sanity: int, spent: str,
            wind_empty: int, wit_empty: int, n: int) -> dict[str, Any]:
    sizes = dict(zip(POOLS, (wind, wit, stamina, focus, health, sanity)))
    spends = parse_spends(spent)
    now = current(sizes, spends)
    floor = floor_of(now)
    physical = wind_empty if now["Wind"] <= 0 else 0
    mental = wit_empty if now["Wit"] <= 0 else 0
    quick = [("Defend and hold: N", effort(n, "other", -1)),
             ("Lose by under T: N + 2N", effort(n, "other", 0)),
             ("Flailing melee defence", effort(n, "melee-broadsword", 1))]
    settings = {"wind": wind, "wit": wit, "stamina": stamina, "focus": focus, "health": health,
                "sanity": sanity, "wind_empty": wind_empty, "wit_empty": wit_empty, "n": n}
    return {
        "settings": settings, "spent": spends_text(spends), "entries": len(spends),
        "pools": [{"pool": pool, "size": sizes[pool], "now": now[pool], "empty": now[pool] <= 0}
                  for pool in POOLS],
        "floor": floor, "physical_penalty": physical, "mental_penalty": mental,
        "physical_width": threshold_width(physical, floor), "mental_width": threshold_width(mental, floor),
        "physical_cutoffs": list(cutoffs(threshold_width(physical, floor))),
        "mental_cutoffs": list(cutoffs(threshold_width(mental, floor))),
        "quick": [{"label": label, "spend": spends_text(list(spend.items())),
                   "log": spends_text(spends + list(spend.items()))} for label, spend in quick],
        "undo": spends_text(spends[:-1]),
    }
