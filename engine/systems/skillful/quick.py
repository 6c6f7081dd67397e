"""Skillful's core roll for its quick reference: two open d20s plus skill in a contest, and the defender's tier.

>>> rolled = core_roll(5, 5)
>>> rolled.bands[0].name, rolled.bands[0].chance
('Successful Defense', Fraction(4181, 8000))
"""

from __future__ import annotations

from rollwright.kit.quick_reference import QuickBand, QuickReference, QuickRoll
from skillful.rules.checks import loss_distribution
from skillful.rules.tiers import RESTED_WIDTH, TIERS, loss_range, tier_odds


def core_roll(attacker: int, defender: int) -> QuickRoll:
    """Open d20 + the attacker's skill against open d20 + the defender's, rested (T = 10): every tier."""
    odds = tier_odds(loss_distribution(attacker, defender), RESTED_WIDTH)
    bands = tuple(QuickBand(tier.name, f"loss {loss_range(tier.index, RESTED_WIDTH)}", odds[tier.index])
                  for tier in TIERS)
    return QuickRoll(f"open d20+{attacker} against open d20+{defender}", bands)


QUICK_REFERENCE = QuickReference(
    core_roll, {"attacker": 5, "defender": 5},
    roll="Each side rolls an open d20 (a 1 subtracts a second d20, a 20 adds one) plus skill levels, less "
         "fatigue penalties. The defender wins ties; by how much the defender loses sets the consequence "
         "tier, one tier for every T points (T = 10 when rested).",
    table="skillful-chart", labels={"attacker": "Attacker's skill", "defender": "Defender's skill"})
