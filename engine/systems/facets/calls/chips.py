"""The registry call behind Facets's inline roll chips: one seeded roll, told as one sentence.

>>> from rollwright.kit.registry import call
>>> out = call("facets.chip", {"die": 8, "tn": 8, "seed": 9})
>>> out["band"], out["text"]
('advantage', 'd8 rolled 8+6 = 14 against TN 8: Success with advantage, margin +6, 1 advantage')
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.calls.dice import SEED
from rollwright.kit.registry import call, register
from facets.calls.params import BONUS, TN, die_param
from facets.chips import roll_text


@register("facets.chip", "Roll an inline Facets chip: one die against a TN, its band and a sentence.",
          die_param("die"), TN, BONUS, SEED)
def chip(die: int, tn: int, bonus: int, seed: int) -> dict[str, Any]:
    data = call("facets.roll", {"die": die, "tn": tn, "bonus": bonus, "seed": seed})
    return {"die": data["die"], "tn": tn, "bonus": bonus, "seed": seed, "total": data["total"],
            "outcome": data["band_key"], "band": data["band_key"], "meets": data["margin"] >= 0,
            "text": roll_text(data), "roll": data}
