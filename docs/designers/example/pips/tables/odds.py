"""The odds table (from the rule, the draft's wrong cell marked) and the errata table.

>>> build_table("pips-odds").text_rows()[3]
['3', '70.4%', '25.9% (printed: 30%)', '3.7%']
>>> [row[1] for row in build_table("pips-errata").text_rows()[1:]]
['3 dice, 2 hits']
"""

from __future__ import annotations

from rollwright.kit.errata import errata_table
from rollwright.kit.numbers import percent
from rollwright.kit.tables import Cell, TableData, build_table, make_table, register_table
from pips import SYSTEM
from pips.rules.hits import MAX_DICE, MAX_NEED, PRINTED_ODDS, chance


def _cell(dice: int, need: int) -> Cell | None:
    """One chance, with the draft's printed value where it differs (None: impossible)."""
    if need > dice:
        return None
    value = percent(chance(dice, need))
    printed = PRINTED_ODDS.get((dice, need))
    return Cell(value, printed=printed if printed != value else None)


@register_table("pips-odds", "The chance of at least 1, 2 or 3 hits, by pool size.")
def odds_table() -> TableData:
    rows = [[dice, *(_cell(dice, need) for need in range(1, MAX_NEED + 1))]
            for dice in range(1, MAX_DICE + 1)]
    return make_table("pips-odds", "Chance to roll at least so many hits",
                      ["Dice", "1 hit", "2 hits", "3 hits"], rows)


@register_table("pips-errata", "Every printed value that the rule does not give.")
def errata() -> TableData:
    return errata_table(SYSTEM, "pips-errata")
