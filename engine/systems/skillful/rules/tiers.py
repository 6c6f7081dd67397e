"""Consequence tiers: how far a defender lost by, and how wide each band is.

A defender who ties or wins only pays N (*Successful Defense*). A loss of 1 or
more falls into a band: the *zeroth* penalty for a loss under T, the first for
T to 2T - 1, and so on up to the fourth, which has no upper end. Rested, T is 10;
a fatigue penalty narrows it to 10 - penalty, never below a floor of 3 (2 with
negative Stamina or Focus, 1 with negative Health or Sanity).

>>> threshold_width(0), threshold_width(4), threshold_width(9), threshold_width(9, "health-sanity")
(10, 6, 3, 1)
>>> [tier_of(loss, 10) for loss in (-3, 0, 1, 9, 10, 19, 20, 39, 40, 95)]
[-1, -1, 0, 0, 1, 1, 2, 3, 4, 4]
>>> cutoffs(6)
(0, 6, 12, 18, 24)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rollwright.dice.distribution import Distribution

RESTED_WIDTH = 10
"""How far apart the thresholds are for a character with no fatigue penalty."""

FLOORS = {"none": 3, "stamina-focus": 2, "health-sanity": 1}
"""The narrowest a threshold may get: by default, with negative Stamina or Focus, with negative Health or Sanity."""
FLOOR_LABELS = {
    "none": "No negative pool (floor 3)",
    "stamina-focus": "Negative Stamina or Focus (floor 2)",
    "health-sanity": "Negative Health or Sanity (floor 1)",
}
WORST_TIER = 4
SUCCESS = -1
"""The tier index of a defence that ties or wins."""


@dataclass(frozen=True)
class Tier:
    """One row of the consequence chart."""

    index: int       # -1: a successful defence; 0: the zeroth penalty; 1-4: the named penalties
    chart_row: int   # the draft's "Threshold" column: 1, 0, -1 ... -4
    name: str
    penalty: str     # which penalty is paid on top of N


TIERS: tuple[Tier, ...] = (
    Tier(-1, 1, "Successful Defense", "none"),
    Tier(0, 0, "Ordinary Defense", "zeroth (2N)"),
    Tier(1, -1, "Flailing Defense", "first"),
    Tier(2, -2, "Bad Defense", "second"),
    Tier(3, -3, "Terrible Defense", "third"),
    Tier(4, -4, "Catastrophic Failure to Defend", "fourth"),
)
TIER_BY_INDEX = {tier.index: tier for tier in TIERS}


def threshold_width(penalty: int, floor: str = "none") -> int:
    """T: 10 less the fatigue penalty, but never under the floor."""
    return max(FLOORS[floor], RESTED_WIDTH - penalty)


def tier_of(loss: int, width: int) -> int:
    """The tier a loss falls in (-1: the defender tied or won)."""
    if loss <= 0:
        return SUCCESS
    return min(WORST_TIER, loss // width)


def cutoffs(width: int) -> tuple[int, ...]:
    """The losses at which each band ends, as the draft's chart lists them (0, T, 2T, 3T, 4T)."""
    return tuple(width * k for k in range(WORST_TIER + 1))


def loss_range(index: int, width: int) -> str:
    """The losses that fall in a tier, in words, e.g. ``'10-19'`` or ``'40 or more'``."""
    if index == SUCCESS:
        return "0 or less (a tie or a win)"
    low = max(1, index * width)
    if index == WORST_TIER:
        return f"{low} or more"
    return f"{low}-{(index + 1) * width - 1}"


def tier_odds(loss: Distribution, width: int) -> dict[int, Fraction]:
    """The exact chance of each tier (index -1..4) for a distribution of losses."""
    odds = {tier.index: Fraction(0) for tier in TIERS}
    total = loss.total_weight
    for value, weight in loss.items():
        odds[tier_of(value, width)] += Fraction(weight, total)
    return odds
