"""Registry calls behind inline roll chips: one seeded roll, told as one sentence.

Each goes through the existing roll call (``dice.roll`` or ``facade.roll``) and
adds the sentence the chip shows and announces, so the browser never builds
result text itself.

>>> from engine.api.registry import call
>>> out = call("chip.dice", {"notation": "2d10+d4", "vs": 10, "seed": 5})
>>> out["total"], out["seed"], out["meets"], out["text"]
(18, 5, True, '2d10+d4 rolled 18 (10 + 5 + 3): reaches 10')
>>> call("chip.trait", {"trait": 12, "vs": 10, "seed": 5})["outcome"]
'level-2'
"""

from __future__ import annotations

from typing import Any

from engine.api.dice_calls import NOTATION, SEED
from engine.api.facade_calls import trait_param
from engine.api.registry import Param, call, register
from engine.present.chips import dice_result_text, trait_result_text
from engine.systems.facade.odds import MAX_DIFFICULTY, MIN_DIFFICULTY

MAX_TARGET = 10**7
"""Largest target (either sign) a dice chip accepts; far beyond any total the caps allow."""

TARGET = Param("vs", int, "total to meet or beat (omit to just roll)", default=None,
               minimum=-MAX_TARGET, maximum=MAX_TARGET)
DIFFICULTY = Param("vs", int, "difficulty to meet or beat (omit to just roll)", default=None,
                   minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY)


@register("chip.dice", "Roll an inline dice chip: the roll, and a sentence saying how it went.",
          NOTATION, TARGET, SEED)
def dice(notation: str, vs: int | None, seed: int) -> dict[str, Any]:
    report = call("dice.roll", {"notation": notation, "seed": seed})
    return {"notation": report["notation"], "vs": vs, "seed": seed, "total": report["total"],
            "meets": None if vs is None else report["total"] >= vs,
            "text": dice_result_text(report, vs), "roll": report}


@register("chip.trait", "Roll an inline Façade trait chip: the roll, its outcome and a sentence.",
          trait_param(), DIFFICULTY, SEED)
def trait(trait: int, vs: int | None, seed: int) -> dict[str, Any]:
    data = call("facade.roll", {"trait": trait, "difficulty": vs, "seed": seed})
    outcome = data["outcome"]
    return {"trait": trait, "dice": data["dice"], "vs": vs, "seed": seed, "total": data["total"],
            "outcome": None if outcome is None else outcome["key"],
            "text": trait_result_text(data), "roll": data["roll"]}
