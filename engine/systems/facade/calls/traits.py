"""Registry calls for Façade: chart data, rolls, odds and contests.

>>> from rollwright.kit.registry import call
>>> call("facade.odds", {"trait": 10, "difficulty": 10})["p_success"]
'16/25'
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.calls.dice import SEED
from rollwright.kit.registry import Param, register
from rollwright.dice.rolling import roll as roll_notation
from rollwright.kit.numbers import fraction_text
from facade import TRAIT_CHART, contest_odds, judge, outcome_odds, success_chart, trait_dice
from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY
from facade.rules.success import MAX_LEVEL
from facade.rules.traits import MAX_TRAIT, MIN_TRAIT


def trait_param(name: str = "trait", description: str = "trait rating (1-18)") -> Param:
    """A required trait rating, ranged to the trait chart."""
    return Param(name, int, description, minimum=MIN_TRAIT, maximum=MAX_TRAIT, fills="trait")


DIFFICULTY = Param("difficulty", int, "difficulty to meet or beat", minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY)
OPTIONAL_DIFFICULTY = Param("difficulty", int, "difficulty to meet or beat (omit to just roll)", default=None,
                            minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY)

_OUTCOME_NAMES = {row.key: row.name for row in success_chart()}


@register("facade.traits", "The trait chart: dice and label for every rating 1-18.")
def traits() -> dict[str, Any]:
    return {"rows": [t.to_dict() for t in TRAIT_CHART]}


@register("facade.success_levels", "The success chart: margin ranges, levels and names, from the rule.")
def success_levels() -> dict[str, Any]:
    return {"rows": [row.to_dict() for row in success_chart()], "max_level": MAX_LEVEL}


@register("facade.roll", "Roll a trait (and judge it against a difficulty, if given).",
          trait_param(), OPTIONAL_DIFFICULTY, SEED)
def roll(trait: int, difficulty: int | None, seed: int) -> dict[str, Any]:
    dice = trait_dice(trait)
    report = roll_notation(dice.notation, seed=seed).to_dict()
    outcome = None if difficulty is None else judge(report["total"], difficulty).to_dict()
    return {"trait": trait, "dice": dice.notation, "label": dice.label, "difficulty": difficulty,
            "seed": seed, "total": report["total"], "roll": report, "outcome": outcome}


@register("facade.odds", "Exact chance of each outcome when a trait rolls against a difficulty.",
          trait_param(), DIFFICULTY)
def odds(trait: int, difficulty: int) -> dict[str, Any]:
    result = outcome_odds(trait, difficulty)
    return {
        "trait": trait,
        "difficulty": difficulty,
        "dice": trait_dice(trait).notation,
        "outcomes": [{"key": key, "name": _OUTCOME_NAMES[key], "p": fraction_text(p)} for key, p in result.by_key],
        "p_success": fraction_text(result.p_success),
        "mean": fraction_text(result.roll.mean()),
        "min_roll": result.roll.min_outcome,
        "max_roll": result.roll.max_outcome,
        "automatic_failure": result.automatic_failure,
        "automatic_success": result.automatic_success,
    }


@register("facade.contest", "Active contest: both sides roll, higher wins; exact odds and margins.",
          trait_param("trait_a", "side A's trait rating (1-18)"),
          trait_param("trait_b", "side B's trait rating (1-18)"))
def contest(trait_a: int, trait_b: int) -> dict[str, Any]:
    result = contest_odds(trait_a, trait_b)
    return {
        "trait_a": trait_a,
        "trait_b": trait_b,
        "p_a": fraction_text(result.p_a_wins),
        "p_b": fraction_text(result.p_b_wins),
        "p_tie": fraction_text(result.p_tie),
        "margin": [[m, fraction_text(p)] for m, p in result.margin.probabilities()],
        "levels_a": [[lv, fraction_text(p)] for lv, p in result.level_odds("a")],
        "levels_b": [[lv, fraction_text(p)] for lv, p in result.level_odds("b")],
    }



@register("facade.errata", "Every difference between the draft's printed values and the rules they follow.")
def errata() -> dict[str, Any]:
    from rollwright.kit.errata import all_errata

    return {"errata": [e.to_dict() for e in all_errata()]}
