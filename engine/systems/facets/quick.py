"""Facets' core roll for its quick reference: one attribute die, exploding, against a target number.

>>> rolled = core_roll("d8", 8)
>>> rolled.notation, [band.name for band in rolled.bands][:2], sum(band.chance for band in rolled.bands)
('1d8!', ['Success with advantage', 'Success'], Fraction(1, 1))
"""

from __future__ import annotations

from rollwright.kit.quick_reference import QuickBand, QuickReference, QuickRoll
from facets.rules.bands import BANDS, band_odds
from facets.rules.dice import roll_distribution, sides_of


def _holds(index: int) -> str:
    """The margins (total less TN) a band holds, in words."""
    lowest = BANDS[index].lowest
    above = BANDS[index - 1].lowest if index > 0 else None
    if lowest is None:
        return f"under by {-above + 1} or more" if above is not None else "any margin"
    if above is None:
        return f"{lowest} or more over"
    high = above - 1
    if lowest >= 0:
        return f"{lowest} to {high} over"
    return f"under by {-high} to {-lowest}" if high < 0 else f"under by up to {-lowest}"


def core_roll(die: str, tn: int) -> QuickRoll:
    """The attribute's die, exploding on its top face, against ``tn``: each band with its exact chance."""
    sides = sides_of(die)
    odds = band_odds(roll_distribution(sides), tn)
    return QuickRoll(f"1d{sides}!", tuple(QuickBand(band.name, _holds(i), odds[band.key])
                                           for i, band in enumerate(BANDS)))


QUICK_REFERENCE = QuickReference(
    core_roll, {"die": "d8", "tn": 8},
    roll="Roll the attribute's die (d4 to d20); on its top face roll it again and add. Compare the total with "
         "the target number (TN): the margin, total less TN, picks one of five bands.",
    table="facets-dice", labels={"die": "Attribute die", "tn": "TN"})
