"""The open d20 and the totals of a check: exact distributions with integer weights.

An open d20 reads 2-19 as rolled; a 1 subtracts a second, closed d20 and a 20
adds one, so it runs from 1 - 20 = -19 to 20 + 20 = 40. A check's total is the
roll plus the skill levels, less the fatigue penalty, plus the attitude's
modifier. In a contest the defender wins ties; the defender's *loss* is the
attacker's total less the defender's (positive: the defender lost).

>>> d = open_d20()
>>> d.min_outcome, d.max_outcome, d.probability(-19), d.probability(10)
(-19, 40, Fraction(1, 400), Fraction(1, 20))
>>> check_total(5, penalty=2, modifier=0).min_outcome
-16
>>> loss_distribution(0, 0).probability_where(lambda loss: loss <= 0)  # ties go to the defender
Fraction(4181, 8000)
"""

from __future__ import annotations

from rollwright.dice.distribution import Distribution
from rollwright.dice.pools import open_d20 as _kit_open_d20

LOWEST, HIGHEST = -19, 40
"""The range of one open d20."""
MAX_SKILL = 60
"""Skill levels accepted by the calls (the draft sets no limit; this caps the work)."""
MAX_PENALTY = 30
"""Fatigue penalties accepted by the calls (the draft names only 4, for an empty Wind)."""

_OPEN_D20 = _kit_open_d20()


def open_d20() -> Distribution:
    """The exact distribution of one open d20 (weights out of 400)."""
    return _OPEN_D20


def check_total(skill: int, penalty: int = 0, modifier: int = 0) -> Distribution:
    """An open d20 plus ``skill``, less ``penalty``, plus an attitude's ``modifier``."""
    return _OPEN_D20 + (skill - penalty + modifier)


def loss_distribution(attacker_shift: int, defender_shift: int) -> Distribution:
    """The defender's loss (attacker's total less the defender's) for two shifted open d20s.

    A shift is skill - penalty + modifier; only their difference matters.
    """
    return (_OPEN_D20 - _OPEN_D20) + (attacker_shift - defender_shift)
