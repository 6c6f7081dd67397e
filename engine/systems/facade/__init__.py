"""Façade: stepped dice (trait 1-18 -> d2 ... 3d10+d6) and success levels.

>>> from engine.systems.facade import trait_dice, judge
>>> trait_dice(12).notation, judge(20, 10).name
('2d10+d4', 'Good Success')
"""

from engine.systems.facade.odds import ContestOdds, OutcomeOdds, contest_odds, outcome_odds
from engine.systems.facade.success import Outcome, judge, success_chart, success_level
from engine.systems.facade.traits import TRAIT_CHART, TraitDice, trait_dice, trait_distribution

__all__ = [
    "TRAIT_CHART", "ContestOdds", "Outcome", "OutcomeOdds", "TraitDice", "contest_odds", "judge",
    "outcome_odds", "success_chart", "success_level", "trait_dice", "trait_distribution",
]
