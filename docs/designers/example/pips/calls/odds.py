"""``pips.odds``: the exact chance that a pool of d6 rolls enough hits.

>>> from rollwright.kit.registry import call
>>> out = call("pips.odds", {"dice": 3, "need": 2})
>>> out["p"], out["percent"], out["hits"]
('7/27', '25.9%', ['8/27', '4/9', '2/9', '1/27'])
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param, register
from pips.rules.hits import MAX_DICE, MAX_NEED, chance, hit_chances


@register(
    "pips.odds",
    "The exact chance that a pool of d6 rolls at least so many hits (5 or 6).",
    Param("dice", int, f"dice in the pool (1-{MAX_DICE})",
          minimum=1, maximum=MAX_DICE, fills="skill"),
    Param("need", int, f"hits the task needs (1-{MAX_NEED})",
          default=1, minimum=1, maximum=MAX_NEED),
)
def odds(dice: int, need: int) -> dict[str, Any]:
    p = chance(dice, need)
    return {"dice": dice, "need": need, "p": fraction_text(p), "percent": percent(p),
            "hits": [fraction_text(q) for q in hit_chances(dice)]}
