"""Reference tables, all computed from the rules: pool means, odds against TNs, passive TN, initiative.

>>> build_table("roll-and-keep-passive-tn").text_rows()[1]
['0', '5']
>>> build_table("roll-and-keep-means").text_rows()[1][1]
'6.11'
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.kit.errata import errata_table
from rollwright.kit.numbers import percent
from rollwright.kit.tables import TableData, build_table, make_table, register_table
from roll_and_keep import SYSTEM
from roll_and_keep.rules.combat import MAX_RANK, passive_tn
from roll_and_keep.rules.pools import MAX_ROLLED, pool

COMMON_POOLS = ((2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (5, 2), (5, 3), (6, 3), (7, 4), (8, 4))
"""The pools in the odds table: small to large starting characters' rolls."""
TNS = tuple(range(5, 55, 5))


@register_table("roll-and-keep-means", "Mean total of every XkY from 1k1 to 10k10 (10s explode).")
def means() -> TableData:
    rows = [[rolled, *(f"{float(pool(rolled, kept).mean()):.2f}" if kept <= rolled else None
                       for kept in range(1, MAX_ROLLED + 1))] for rolled in range(1, MAX_ROLLED + 1)]
    return make_table("roll-and-keep-means", "Mean total of XkY (rows: dice rolled; columns: dice kept)",
                      ["Rolled", *(f"k{k}" for k in range(1, MAX_ROLLED + 1))], rows)


@register_table("roll-and-keep-odds", "Chance that common pools reach TN 5 to 50.")
def odds() -> TableData:
    rows = [[f"{rolled}k{kept}", *(percent(pool(rolled, kept).at_least(tn)) for tn in TNS)]
            for rolled, kept in COMMON_POOLS]
    return make_table("roll-and-keep-odds", "Chance to reach the target number (10s explode)",
                      ["Pool", *(f"TN {tn}" for tn in TNS)], rows)


@register_table("roll-and-keep-passive-tn", "Passive TN by rank in the defensive knack.")
def passive() -> TableData:
    rows: list[list[object]] = [[rank, passive_tn(rank)] for rank in range(MAX_RANK + 1)]
    rows.append(["cannot defend", passive_tn(0, can_defend=False)])
    return make_table("roll-and-keep-passive-tn", "Passive TN", ["Defensive knack rank", "Passive TN"], rows)


@register_table("roll-and-keep-initiative", "Chance of an action in a given phase, by Panache.")
def initiative() -> TableData:
    rows = []
    for panache in range(1, MAX_ROLLED + 1):
        none = Fraction(9, 10) ** panache
        rows.append([panache, percent(1 - none), f"{panache / 10:.1f}", percent(1 - Fraction(7, 10) ** panache)])
    return make_table("roll-and-keep-initiative", "Initiative: the same chance holds for every phase",
                      ["Panache", "At least one action in a given phase", "Mean actions in a given phase",
                       "An action in phases 1-3"], rows)


@register_table("roll-and-keep-errata", "Every place where the draft disagrees with its own rules.")
def errata() -> TableData:
    return errata_table(SYSTEM, "roll-and-keep-errata")
