"""Reference tables for Façade character creation, generated from the cost rules.

Cells that pair a level's own cost with the running total read "step / total";
a total the seed prints differently is marked as an erratum.

>>> build_table("facade-creation-cascade-skills").text_rows()[5][1]
'15 / 45 (printed: 15 / 35)'
>>> build_table("facade-creation-modifiers").text_rows()[4][3]
'2 / 5'
"""

from __future__ import annotations

from rollwright.kit.tables import Cell, TableData, build_table, make_table, register_table
from facade.rules.costs import (
    EXCHANGE, GRADE_RATES, GRADES, age_background_points, point_buy_budget, pool_buy_budget, track)
from facade.rules.costs_printed import printed_differs
from facade.rules.costs_tracks import MAX_BACKGROUND, points_text

__all__ = ["build_table"]


def _pair(key: str, level: int) -> Cell:
    t = track(key)
    step, total = points_text(t.step(level)), points_text(t.total(level))
    printed = printed_differs(key, "total", level)
    return Cell(f"{step} / {total}", printed=None if printed is None else f"{step} / {printed}")


def _levels_table(name: str, caption: str, keys: dict[str, str], levels: range) -> TableData:
    headers = ["Level", *(f"{label} (this level / total)" for label in keys.values())]
    rows = [[level, *(_pair(key, level) for key in keys)] for level in levels]
    return make_table(name, caption, headers, rows, row_keys=[str(level) for level in levels])


@register_table("facade-creation-attributes", "Attribute levels 0-6: the AP of each level and the total.")
def attributes_table() -> TableData:
    t = track("attribute")
    rows = [[n, points_text(t.step(n)), points_text(t.total(n))] for n in range(t.max_level + 1)]
    return make_table("facade-creation-attributes", "Attributes: level n costs n AP",
                      ["Level", "AP for this level", "AP in total"], rows,
                      row_keys=[str(n) for n in range(t.max_level + 1)])


@register_table("facade-creation-modifiers", "Modifier levels 0-6 of each grade: AP per level and in total.")
def modifiers_table() -> TableData:
    return _levels_table("facade-creation-modifiers",
                         "Modifiers: AP for the level / AP in total (grade rate × level, rounded up)",
                         {f"modifier-{g}": g.capitalize() for g in GRADES}, range(7))


@register_table("facade-creation-standard-skills", "Standard skills: SP per level and in total for each tier.")
def standard_skills_table() -> TableData:
    return _levels_table("facade-creation-standard-skills", "Standard skills: SP for the level / SP in total",
                         {"skill-broad": "Broad", "skill-focus": "Focus", "skill-specialty": "Specialty"},
                         range(5))


@register_table("facade-creation-cascade-skills", "Cascade skills: SP that must accumulate for each level.")
def cascade_skills_table() -> TableData:
    return _levels_table(
        "facade-creation-cascade-skills", "Cascade skills: SP added for the level / SP accumulated in total",
        {"cascade-broad": "Broad", "cascade-focus": "Focus", "cascade-specialty": "Specialty",
         "cascade-focus-reduced": "Focus, broad at 4", "cascade-specialty-reduced": "Specialty, focus at 4"},
        range(5))


def _rate_text(grade: str) -> str:
    rate = GRADE_RATES[grade]
    per = "level" if rate.denominator == 1 else f"{rate.denominator} levels"
    return f"{rate.numerator} BP per {per}"


@register_table("facade-creation-background-rates", "Standard background grades: BP per level.")
def background_rates_table() -> TableData:
    rows = [[g.capitalize(), _rate_text(g), points_text(GRADE_RATES[g])] for g in GRADES]
    return make_table("facade-creation-background-rates", "Standard backgrounds: cost per level of each grade",
                      ["Grade", "Cost", "BP per level"], rows, row_keys=list(GRADES))


@register_table("facade-creation-standard-backgrounds", "Standard backgrounds, levels 0-12: BP per level and total.")
def standard_backgrounds_table() -> TableData:
    return _levels_table("facade-creation-standard-backgrounds",
                         "Standard backgrounds: BP for the level / BP in total (rate × level, rounded up: our reading)",
                         {f"background-{g}": g.capitalize() for g in GRADES}, range(MAX_BACKGROUND + 1))


@register_table("facade-creation-exponential-backgrounds", "Exponential backgrounds, levels 1-12.")
def exponential_backgrounds_table() -> TableData:
    return _levels_table("facade-creation-exponential-backgrounds",
                         "Exponential backgrounds: BP for the level / BP in total",
                         {f"exponential-{g}": g.capitalize() for g in GRADES}, range(1, MAX_BACKGROUND + 1))


def _buys(currency: str) -> str:
    return ", ".join(f"{n} {pool}" for pool, n in EXCHANGE[currency].items())


@register_table("facade-creation-budgets", "Starting points of the two creation methods and their exchange rates.")
def budgets_table() -> TableData:
    rows = []
    for budget in (point_buy_budget(), pool_buy_budget()):
        worth_ep = budget.worth() * (2 if budget.currency == "WP" else 1)
        rows.append(["Weighted point buy" if budget.method == "point-buy" else "Weighted pool buy",
                     budget.pools["AP"], budget.pools["SP"], budget.pools["BP"] or None,
                     f"{budget.extra} {budget.currency}", f"1 {budget.currency} = {_buys(budget.currency)}",
                     points_text(worth_ep)])
    return make_table("facade-creation-budgets", "Starting points by method (1 WP = 2 EP)",
                      ["Method", "AP", "SP", "BP", "Extra points", "One extra point buys", "Worth in EP"], rows,
                      row_keys=["point-buy", "pool-buy"])


AGES = (12, 16, 18, 20, 25, 30, 40, 50, 60, 80)


@register_table("facade-creation-age-points", "Background points from age by the two suggested formulas.")
def age_points_table() -> TableData:
    rows = []
    for age in AGES:
        root = age_background_points(age, "square-root")
        rows.append([age, root.exact, root.points, age_background_points(age, "double").points])
    return make_table("facade-creation-age-points", "Background points from age, instead of 50 BP",
                      ["Age", "10 × √age", "Rounded down (our reading)", "2 × age"], rows,
                      row_keys=[str(a) for a in AGES])
