"""Façade's core roll for its quick reference: a trait's stepped dice against a difficulty.

>>> rolled = core_roll(10, 10)
>>> rolled.notation, rolled.bands[-1].name, rolled.bands[-1].holds
('1d10+d10', 'Complete Failure', 'Under by 3 or more')
"""

from __future__ import annotations

from rollwright.kit.quick_reference import QuickBand, QuickReference, QuickRoll
from facade.rules.odds import outcome_odds
from facade.rules.success import success_chart
from facade.rules.traits import trait_dice


def core_roll(trait: int, difficulty: int) -> QuickRoll:
    """The trait's dice against the difficulty: every success level, best first, with its exact chance."""
    chances = dict(outcome_odds(trait, difficulty).by_key)
    rows = reversed(success_chart())
    return QuickRoll(trait_dice(trait).notation,
                     tuple(QuickBand(row.name, row.result, chances[row.key]) for row in rows))


QUICK_REFERENCE = QuickReference(
    core_roll, {"trait": 10, "difficulty": 10},
    roll="Roll the dice your trait (1 to 18) gives, add them up and compare the sum with the difficulty. "
         "Every full 3 points over it is one success level more; missing by 1 or 2 is a near miss.",
    table="facade-traits", labels={"trait": "Trait", "difficulty": "Difficulty"})
