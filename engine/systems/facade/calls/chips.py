"""The registry call behind Façade's inline trait chips: one seeded roll, told as one sentence.

>>> from rollwright.kit.registry import call
>>> call("facade.chip", {"trait": 12, "vs": 10, "seed": 5})["outcome"]
'level-2'
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.calls.dice import SEED
from rollwright.kit.registry import Param, call, register
from facade.calls.traits import trait_param
from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY
from facade.views.chips import trait_result_text

DIFFICULTY = Param("vs", int, "difficulty to meet or beat (omit to just roll)", default=None,
                   minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY)


@register("facade.chip", "Roll an inline Façade trait chip: the roll, its outcome and a sentence.",
          trait_param(), DIFFICULTY, SEED)
def trait(trait: int, vs: int | None, seed: int) -> dict[str, Any]:
    data = call("facade.roll", {"trait": trait, "difficulty": vs, "seed": seed})
    outcome = data["outcome"]
    return {"trait": trait, "dice": data["dice"], "vs": vs, "seed": seed, "total": data["total"],
            "outcome": None if outcome is None else outcome["key"],
            "text": trait_result_text(data), "roll": data["roll"]}
