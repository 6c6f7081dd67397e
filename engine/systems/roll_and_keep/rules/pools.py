"""XkY pools: roll X d10, explode every 10 first, then keep the Y highest dice.

The exact distribution comes from the shared dice engine (``rollwright.dice``),
whose ``XkY`` is explode-then-keep. A crippled character's dice do not explode
(explosion depth 0). Explosions stop after :data:`DEPTH` extra rolls on one die:
a die showing 10 ten times in a row is counted as it stands (a chance of
10**-10 per die), and the page says so.

>>> pool(1, 1).at_least(11)
Fraction(1, 10)
>>> pool(2, 1, crippled=True).probability(10)
Fraction(19, 100)
>>> chance_at_least(4, 2, 15)
Fraction(31103, 50000)
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.dice import Distribution, roll_and_keep

DEPTH = 9
"""Most extra rolls one exploding die may add (the shared engine's default, icepool's too)."""
MAX_ROLLED = 10
"""Largest pool the site computes (the draft names no cap; a stated limit)."""
MIN_TN = 0
MAX_TN = 200
"""Target numbers the calls accept."""


def pool(rolled: int, kept: int, crippled: bool = False) -> Distribution:
    """Exact distribution of ``rolled``k``kept``; crippled dice do not explode."""
    return roll_and_keep(rolled, kept, depth=0 if crippled else DEPTH)


def chance_at_least(rolled: int, kept: int, tn: int, crippled: bool = False) -> Fraction:
    """P(the pool's total >= tn): meeting the target number is a success."""
    return pool(rolled, kept, crippled).at_least(tn)


def mean(rolled: int, kept: int, crippled: bool = False) -> Fraction:
    """The exact mean total of the pool.

    >>> mean(1, 1, crippled=True)
    Fraction(11, 2)
    """
    return pool(rolled, kept, crippled).mean()


def pool_text(rolled: int, kept: int) -> str:
    """``4k2``."""
    return f"{rolled}k{kept}"
