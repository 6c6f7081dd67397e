"""Registered reference tables for Façade characters, all built from engine data.

>>> from rollwright.kit.tables import build_table
>>> build_table("facade-height-weight").text_rows()[10]
['9', '5\\' 3"', '117', '5\\' 9"', '155']
>>> build_table("facade-pool-thresholds").text_rows()[10]
['9', '9', '18', '19']
"""

from __future__ import annotations

from rollwright.kit.tables import TableData, make_table, register_table
from facade.rules.attributes import (
    ATTRIBUTE_MEANINGS,
    CATEGORIES,
    MAX_ATTRIBUTE,
    MAX_CATEGORY,
    SPECIFICS_PER_CATEGORY,
    height_weight,
)
from facade.rules.limit_pools import DOUBLE_EFFECTS, POOL_NAMES, pool_thresholds


def _times(multiple: int, category: str) -> str:
    return category if multiple == 1 else f"{multiple} × {category}"


@register_table("facade-attributes", "The five categories, their specific attributes and limit pools.")
def attributes_table() -> TableData:
    rows = [[c.name, ", ".join(c.specifics), c.pool, c.covers] for c in CATEGORIES]
    return make_table("facade-attributes", "Attribute categories (0-18), each the sum of three specific "
                      "attributes (0-6)", ["Category", "Specific attributes", "Limit pool", "Covers"], rows,
                      row_keys=[c.name for c in CATEGORIES])


@register_table("facade-attribute-meanings", "What a specific attribute of 0-6 means.")
def meanings_table() -> TableData:
    rows = []
    for rating in range(MAX_ATTRIBUTE + 1):
        rows.append([rating, ATTRIBUTE_MEANINGS[rating], SPECIFICS_PER_CATEGORY * rating])
    return make_table("facade-attribute-meanings", "Specific attribute ratings",
                      ["Rating", "Meaning", "Category if all three are at this rating"], rows,
                      row_keys=[str(r) for r in range(MAX_ATTRIBUTE + 1)])


@register_table("facade-height-weight", "Standard height and weight of modern humans for Body 0-18.")
def height_weight_table() -> TableData:
    rows = []
    for body in range(MAX_CATEGORY + 1):
        female, male = height_weight(body, "female"), height_weight(body, "male")
        rows.append([body, female.height_text, female.weight_lbs, male.height_text, male.weight_lbs])
    return make_table("facade-height-weight", "Standard height and weight by Body (modern humans)",
                      ["Body", "Female height", "Female weight (lbs)", "Male height", "Male weight (lbs)"], rows,
                      row_keys=[str(b) for b in range(MAX_CATEGORY + 1)])


@register_table("facade-limit-pools", "Each limit pool: its category, where its effects start, what doubling does.")
def limit_pools_table() -> TableData:
    rows = []
    for pool in POOL_NAMES:
        t = pool_thresholds(pool, 1)  # category 1: the thresholds read as multiples of the category
        category = t.category_name
        failure = "none" if t.automatic_failure_from is None else _times(t.automatic_failure_from, category)
        rows.append([pool, category, _times(t.minimum_difficulty_from, category), failure,
                     _times(t.double_from, category), DOUBLE_EFFECTS[pool]])
    return make_table("facade-limit-pools", "Limit pools: where each effect starts",
                      ["Pool", "Category", "Minimum difficulty from", "Automatic failure from", "Doubled out at",
                       "Doubling out also means"], rows, row_keys=list(POOL_NAMES))


@register_table("facade-pool-thresholds", "Pool thresholds for every category rating 0-18.")
def pool_thresholds_table() -> TableData:
    rows = []
    for category in range(MAX_CATEGORY + 1):
        t = pool_thresholds("Strain", category)
        rows.append([category, t.minimum_difficulty_from, t.double_from, t.passes_out_from])
    return make_table("facade-pool-thresholds", "Pool levels that matter, by category rating",
                      ["Category", "Minimum difficulty from", "Doubled out at",
                       "Strain: passes out at (no Will)"], rows,
                      row_keys=[str(c) for c in range(MAX_CATEGORY + 1)])
