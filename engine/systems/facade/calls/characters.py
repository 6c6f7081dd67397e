"""Registry calls for Façade characters: attributes, height and weight, limit pools, trait totals.

>>> from rollwright.kit.registry import call
>>> call("facade.height_weight", {"body": 10, "formula": "female"})["height"]
'5\\' 4"'
>>> call("facade.limit_pool", {"pool": "Strain", "category": 10, "level": 24, "will": 4,
...                            "paying_exhaustion": True})["status"]
'must-rest'
>>> call("facade.trait_total", {"attribute": 4, "broad": 2, "category": 10, "difficulty": 10})["defaulted_difficulty"]
14
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import Param, register
from rollwright.kit.numbers import fraction_text
from facade.rules.attributes import (
    ATTRIBUTE_MEANINGS,
    CATEGORIES,
    HEIGHT_WEIGHT_FORMULAS,
    MAX_ATTRIBUTE,
    MAX_CATEGORY,
    MODIFIER_GRADES,
    SHORT_MEANINGS,
    height_weight,
)
from facade.rules.limit_pools import MAX_OFFSET, MAX_POOL_LEVEL, POOL_NAMES, pool_state
from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY
from facade.rules.skills import MAX_SKILL_LEVEL, compare_defaulting
from facade.rules.traits import trait_dice


def _skill(name: str) -> Param:
    return Param(name, int, f"{name} skill level (0-{MAX_SKILL_LEVEL})", default=0, minimum=0,
                 maximum=MAX_SKILL_LEVEL)


@register("facade.attributes", "The five attribute categories, their specific attributes and pools, "
          "and what each rating 0-6 means.")
def attributes() -> dict[str, Any]:
    return {
        "categories": [c.to_dict() for c in CATEGORIES],
        "meanings": [{"rating": r, "short": SHORT_MEANINGS[r], "meaning": ATTRIBUTE_MEANINGS[r]}
                     for r in range(MAX_ATTRIBUTE + 1)],
        "max_attribute": MAX_ATTRIBUTE, "max_category": MAX_CATEGORY, "average_attribute": 3,
        "modifier_grades": list(MODIFIER_GRADES),
    }


@register("facade.height_weight", "Standard height and weight of a modern human from Body.",
          Param("body", int, f"Body category (0-{MAX_CATEGORY})", minimum=0, maximum=MAX_CATEGORY),
          Param("formula", str, "which printed formula: female or male", choices=HEIGHT_WEIGHT_FORMULAS))
def height_weight_call(body: int, formula: str) -> dict[str, Any]:
    return height_weight(body, formula).to_dict()


@register("facade.limit_pool", "What a limit pool level does: minimum difficulty, automatic failure, "
          "and each pool's own effects, with every threshold.",
          Param("pool", str, "the limit pool", choices=POOL_NAMES),
          Param("category", int, f"the pool's category rating (0-{MAX_CATEGORY})", minimum=0, maximum=MAX_CATEGORY),
          Param("level", int, f"points in the pool (0-{MAX_POOL_LEVEL})", minimum=0, maximum=MAX_POOL_LEVEL),
          Param("will", int, f"Will (0-{MAX_ATTRIBUTE}); stretches Strain and Fatigue", default=0, minimum=0,
                maximum=MAX_ATTRIBUTE),
          Param("paying_exhaustion", bool, "paying 1 Exhaustion per roll to use the Will extension",
                default=False),
          Param("comparison_offset", int, f"the category counts this much lower against its pool "
                f"(e.g. Easily Strained (1)); 0-{MAX_OFFSET}", default=0, minimum=0, maximum=MAX_OFFSET))
def limit_pool(pool: str, category: int, level: int, will: int, paying_exhaustion: bool,
               comparison_offset: int) -> dict[str, Any]:
    state = pool_state(pool, category, level, will, paying_exhaustion, comparison_offset)
    out = state.to_dict()
    out["pool"] = pool
    return out


@register("facade.trait_total", "Trait total (attribute + Broad + Focus + Specialty) and its exact chance, "
          "against defaulting to the category at a raised difficulty.",
          Param("attribute", int, f"specific attribute (0-{MAX_ATTRIBUTE})", minimum=0, maximum=MAX_ATTRIBUTE),
          _skill("broad"), _skill("focus"), _skill("specialty"),
          Param("category", int, f"the attribute's category (0-{MAX_CATEGORY})", minimum=0, maximum=MAX_CATEGORY),
          Param("difficulty", int, "difficulty to meet or beat", minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY))
def trait_total_call(attribute: int, broad: int, focus: int, specialty: int, category: int,
                     difficulty: int) -> dict[str, Any]:
    choice = compare_defaulting(attribute, broad, focus, specialty, category, difficulty)

    def text(p: Any) -> str | None:
        return None if p is None else fraction_text(p)

    return {
        "attribute": attribute, "broad": broad, "focus": focus, "specialty": specialty,
        "skill_total": broad + focus + specialty, "trait_total": choice.trait_total,
        "category": category, "difficulty": difficulty, "defaulted_difficulty": choice.defaulted_difficulty,
        "raise": choice.defaulted_difficulty - difficulty,
        "p_trait": text(choice.p_trait), "p_default": text(choice.p_default), "better": choice.better,
        "attribute_zero": choice.attribute_zero,
        "trait_dice": trait_dice(choice.trait_total).notation if choice.trait_total else None,
        "category_dice": trait_dice(category).notation if category else None,
    }
