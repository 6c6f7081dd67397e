"""Registry calls for the rest of the Façade basic rules: cooperation and automatic results.

>>> from rollwright.kit.registry import call
>>> call("facade.cooperation", {"primary": 10, "helpers": "8", "seed": 1})["final"]["p"][0]
[10, '5/6']
>>> call("facade.automatic", {"trait": 12, "difficulty": 5})["automatic_success"]
'minor'
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from rollwright.kit.calls.dice import SEED
from facade.calls.traits import DIFFICULTY, OPTIONAL_DIFFICULTY, trait_param
from rollwright.kit.registry import Param, register
from rollwright.errors import ParameterError
from rollwright.kit.numbers import fraction_text
from facade.rules.automatic import verdict
from facade.rules.cooperation import MAX_HELPERS, final_trait_distribution, run_cooperation
from facade.rules.success import judge
from facade.rules.traits import MAX_TRAIT, trait_dice, trait_distribution

HELPERS = Param("helpers", str, f"helpers' traits, separated by commas (up to {MAX_HELPERS})", default="",
                max_length=60, samples=("12, 8", ", ".join([str(MAX_TRAIT)] * MAX_HELPERS)))


def parse_helpers(text: str) -> list[int]:
    """``"12, 8 14"`` -> ``[12, 8, 14]``; anything but whole numbers is a clear error.

    >>> parse_helpers(" 12, 8 14 ")
    [12, 8, 14]
    >>> parse_helpers("12, x")
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: 'x' is not a whole number; list helpers' traits like 12, 8, 14
    """
    items = [t for t in re.split(r"[,\s;]+", text.strip()) if t]
    for item in items:
        if not re.fullmatch(r"-?\d{1,3}", item):
            raise ParameterError(f"{item!r} is not a whole number; list helpers' traits like 12, 8, 14",
                                 field="helpers")
    return [int(t) for t in items]


def _success_with(final: list[tuple[int, Fraction]], difficulty: int) -> dict[str, str]:
    on_chart = sum((p * trait_distribution(t).at_least(difficulty) for t, p in final if t <= MAX_TRAIT),
                   Fraction(0))
    beyond = sum((p for t, p in final if t > MAX_TRAIT), Fraction(0))
    return {"p_success": fraction_text(on_chart), "p_beyond_chart": fraction_text(beyond)}


@register("facade.cooperation",
          "Cooperation: helpers' rolls raise the primary's trait, lowest roll first; exact odds and a seeded run.",
          trait_param("primary", "the primary actor's trait (1-18)"), HELPERS, OPTIONAL_DIFFICULTY, SEED)
def cooperation(primary: int, helpers: str, difficulty: int | None, seed: int) -> dict[str, Any]:
    traits = parse_helpers(helpers)
    final = final_trait_distribution(primary, traits).probabilities()
    run = run_cooperation(primary, traits, seed)
    outcome = None
    if difficulty is not None and run.final_roll is not None:
        outcome = judge(run.final_roll, difficulty).to_dict()
    return {
        "primary": primary, "helpers": traits, "difficulty": difficulty, "seed": seed,
        "final": {"p": [[t, fraction_text(p)] for t, p in final],
                  "mean": fraction_text(sum((t * p for t, p in final), Fraction(0))),
                  **(_success_with(final, difficulty) if difficulty is not None else {})},
        "run": {"helper_rolls": [{"helper": i + 1, "trait": t, "dice": trait_dice(t).notation, "total": total,
                                  "faces": list(faces)} for i, (t, total, faces) in enumerate(run.helper_rolls)],
                "steps": [s.to_dict() for s in run.steps],
                "final_trait": run.final_trait,
                "final_dice": trait_dice(run.final_trait).notation if run.final_trait <= MAX_TRAIT else None,
                "final_roll": run.final_roll, "final_faces": list(run.final_faces), "outcome": outcome},
    }


@register("facade.automatic", "Automatic failure or success for a trait against a difficulty, without rolling.",
          trait_param(), DIFFICULTY,
          Param("contested", bool, "an opponent actively resists (no automatic success)", default=False),
          Param("stunts", bool, "the optional stunt rules are in play", default=False))
def automatic(trait: int, difficulty: int, contested: bool, stunts: bool) -> dict[str, Any]:
    return {**verdict(trait, difficulty, contested=contested, stunts=stunts).to_dict(),
            "dice": trait_dice(trait).notation}
