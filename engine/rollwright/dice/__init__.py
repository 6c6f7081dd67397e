"""Exact dice distributions, seeded rolling and dice notation.

>>> from rollwright.dice import die, explode
>>> explode(die(6), depth=2).max_outcome
18
"""

from rollwright.dice.distribution import Distribution, repeat_sum, sum_all
from rollwright.dice.pools import DEFAULT_DEPTH, explode, keep_dice, keep_highest, keep_lowest, open_d20, roll_and_keep

die = Distribution.die
constant = Distribution.constant

__all__ = [
    "DEFAULT_DEPTH",
    "Distribution",
    "constant",
    "die",
    "explode",
    "keep_dice",
    "keep_highest",
    "keep_lowest",
    "open_d20",
    "repeat_sum",
    "roll_and_keep",
    "sum_all",
]
