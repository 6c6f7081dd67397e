"""Registry calls behind inline roll chips: one seeded roll, told as one sentence.

It goes through the roll call ``dice.roll`` and
adds the sentence the chip shows and announces, so the browser never builds
result text itself.

>>> from rollwright.kit.registry import call
>>> out = call("chip.dice", {"notation": "2d10+d4", "vs": 10, "seed": 5})
>>> out["total"], out["seed"], out["meets"], out["text"]
(18, 5, True, '2d10+d4 rolled 18 (10 + 5 + 3): reaches 10')
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.calls.dice import NOTATION, SEED
from rollwright.kit.chips import dice_result_text
from rollwright.kit.registry import Param, call, register

MAX_TARGET = 10**7
"""Largest target (either sign) a dice chip accepts; far beyond any total the caps allow."""

TARGET = Param("vs", int, "total to meet or beat (omit to just roll)", default=None,
               minimum=-MAX_TARGET, maximum=MAX_TARGET)


@register("chip.dice", "Roll an inline dice chip: the roll, and a sentence saying how it went.",
          NOTATION, TARGET, SEED)
def dice(notation: str, vs: int | None, seed: int) -> dict[str, Any]:
    report = call("dice.roll", {"notation": notation, "seed": seed})
    return {"notation": report["notation"], "vs": vs, "seed": seed, "total": report["total"],
            "meets": None if vs is None else report["total"] >= vs,
            "text": dice_result_text(report, vs), "roll": report}
