"""The basic-rules tables: trait chart, success chart and each trait against an equal difficulty.

>>> build_table("facade-traits").text_rows()[1]
['1', 'd2', 'Infantile']
>>> build_table("facade-equal-odds").text_rows()[10][3]
'64%'
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.kit.api import call
from rollwright.kit.markup import el
from rollwright.kit.numbers import percent
from rollwright.kit.tables import Cell, TableData, build_table, make_table, register_table


@register_table("facade-traits", "The trait chart: the dice each rating 1-18 rolls, and its name.")
def trait_chart() -> TableData:
    rows = call("facade.traits")["rows"]
    return make_table("facade-traits", "Trait chart: the dice each rating rolls",
                      ["Trait rating", "Dice rolled", "Description"],
                      [[r["rating"], Cell(r["dice"], html=el("span", {"class": "rw-dice-text"}, r["dice"])), r["label"]]
                       for r in rows], row_keys=[str(r["rating"]) for r in rows])


@register_table("facade-success", "The success chart, derived from its rule.")
def success_chart() -> TableData:
    rows = call("facade.success_levels")["rows"]
    return make_table("facade-success", "Success chart: level = (roll − difficulty) ÷ 3, rounded down, at most 9",
                      ["Roll minus difficulty", "Success level", "Meaning"],
                      [[r["result"], r["level"], r["name"]] for r in rows], row_keys=[r["key"] for r in rows])


@register_table("facade-equal-odds", "Each trait's mean roll and exact chance against a difficulty equal to it.")
def equal_odds() -> TableData:
    rows = []
    for rating in range(1, 19):
        odds = call("facade.odds", {"trait": rating, "difficulty": rating})
        exact = odds["p_success"]
        rows.append([rating, odds["dice"], f"{float(Fraction(odds['mean'])):g}", percent(Fraction(exact)),
                     Cell(exact, html=el("span", {"class": "rw-exact"}, exact))])
    return make_table("facade-equal-odds", "Each trait rolled against a difficulty equal to itself",
                      ["Trait", "Dice", "Mean roll", "Chance vs equal difficulty", "Exact"], rows)
