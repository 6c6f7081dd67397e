"""Outcome bands of a check against a target number (TN), with exact odds and effort.

The margin is the total (roll plus any bonus) minus the TN:

- 5 or more: success with advantage, one advantage per full 5 over;
- 0 to 4: success;
- -1 to -5: success at a cost;
- -6 to -10: failure;
- below -10: failure with a cost.

A failure earns one point of effort; a critical failure earns two, but the draft
never says which roll is critical, so the reader picks a reading
(``CRITICAL_READINGS``).

>>> from facets.rules.dice import roll_distribution
>>> band(7).key, advantages(7), band(-3).key, band(-11).key
('advantage', 1, 'cost', 'failure-cost')
>>> odds = band_odds(roll_distribution(6), tn=8)
>>> odds["success"] + odds["advantage"], odds["failure"]
(Fraction(5, 36), Fraction(1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rollwright.dice.distribution import Distribution

@dataclass(frozen=True)
class Band:
    """One outcome band: its key, its name, and the lowest margin in it (None: no floor)."""

    key: str
    name: str
    lowest: int | None
    succeeds: bool


BANDS: tuple[Band, ...] = (
    Band("advantage", "Success with advantage", 5, True),
    Band("success", "Success", 0, True),
    Band("cost", "Success at a cost", -5, True),
    Band("failure", "Failure", -10, False),
    Band("failure-cost", "Failure with a cost", None, False),
)
"""Best first; a margin falls in the first band whose floor it reaches."""

CRITICAL_READINGS = {
    "none": "no roll counts as critical (one point for every failure)",
    "failure-cost": "a failure with a cost counts as critical (two points)",
}
"""Readings of "critical failure", which the draft names but never defines."""


def band(margin: int) -> Band:
    """The band of a margin (total minus TN)."""
    for candidate in BANDS:
        if candidate.lowest is None or margin >= candidate.lowest:
            return candidate
    raise AssertionError("unreachable: the last band has no floor")


def advantages(margin: int) -> int:
    """How many advantages a margin earns: one per full 5 over the TN.

    >>> [advantages(m) for m in (4, 5, 9, 10, 14)]
    [0, 1, 1, 2, 2]
    """
    return margin // 5 if margin >= 5 else 0


def effort(margin: int, critical: str = "none") -> int:
    """Effort earned by a check: 1 on a failure, 2 on a critical failure (per the reading).

    >>> effort(-3), effort(-7), effort(-11), effort(-11, "failure-cost")
    (0, 1, 1, 2)
    """
    kind = band(margin)
    if kind.succeeds:
        return 0
    return 2 if critical == "failure-cost" and kind.key == "failure-cost" else 1


def band_odds(roll: Distribution, tn: int, bonus: int = 0) -> dict[str, Fraction]:
    """The exact chance of each band for ``roll + bonus`` against ``tn``."""
    odds = {b.key: Fraction(0) for b in BANDS}
    for value, p in _pairs(roll):
        odds[band(value + bonus - tn).key] += p
    return odds


def _pairs(roll: Distribution) -> list[tuple[int, Fraction]]:
    total = roll.total_weight
    return [(value, Fraction(weight, total)) for value, weight in roll.items()]


def advantage_odds(roll: Distribution, tn: int, bonus: int = 0) -> dict[int, Fraction]:
    """The exact chance of each number of advantages (0 included).

    >>> from facets.rules.dice import roll_distribution
    >>> advantage_odds(roll_distribution(4, pressure=True), tn=1, bonus=2)
    {0: Fraction(3, 4), 1: Fraction(1, 4)}
    """
    out: dict[int, Fraction] = {}
    for value, p in _pairs(roll):
        count = advantages(value + bonus - tn)
        out[count] = out.get(count, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_effort(roll: Distribution, tn: int, bonus: int = 0, critical: str = "none") -> Fraction:
    """The mean effort one check earns.

    >>> from facets.rules.dice import roll_distribution
    >>> expected_effort(roll_distribution(4, pressure=True), tn=10)
    Fraction(1, 1)
    """
    return sum((p * effort(value + bonus - tn, critical) for value, p in _pairs(roll)), Fraction(0))
