"""The one rule of Pips: roll a pool of d6; every 5 or 6 is a hit.

A task needs one hit (easy), two (hard) or three (heroic). The draft prints
an odds table; ``PRINTED_ODDS`` keeps its cells as printed, and the errata
source below reports each cell that the rule does not give.

>>> chance(3, 2), percent(chance(3, 2))
(Fraction(7, 27), '25.9%')
>>> [(e.item, e.printed, e.computed) for e in printed_odds_errata()]
[('3 dice, 2 hits', '30%', '25.9%')]
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb

from rollwright.kit.errata import Erratum, errata_source
from rollwright.kit.numbers import percent

P_HIT = Fraction(2, 6)
"""A die hits on a 5 or a 6."""
MAX_DICE = 6
MAX_NEED = 3

PRINTED_ODDS: dict[tuple[int, int], str] = {
    (1, 1): "33.3%", (2, 1): "55.6%", (3, 1): "70.4%", (3, 2): "30%",
}
"""The draft's odds table as printed: (dice, hits needed) -> chance."""


def hit_chances(dice: int) -> list[Fraction]:
    """The exact chance of rolling 0, 1, ... ``dice`` hits."""
    miss = 1 - P_HIT
    return [comb(dice, k) * P_HIT**k * miss ** (dice - k) for k in range(dice + 1)]


def chance(dice: int, need: int) -> Fraction:
    """The exact chance that ``dice`` dice roll at least ``need`` hits."""
    return sum(hit_chances(dice)[need:], Fraction(0))


@errata_source
def printed_odds_errata() -> Iterator[Erratum]:
    """One erratum for each printed odds cell that differs from the rule."""
    for (dice, need), printed in PRINTED_ODDS.items():
        computed = percent(chance(dice, need))
        if printed != computed:
            yield Erratum(
                key=f"pips-odds-{dice}-{need}",
                page="pips/index.md#odds",
                where="Odds table",
                item=f"{dice} dice, {need} hits",
                printed=printed,
                computed=computed,
                rule="each die hits on a 5 or a 6",
            )
