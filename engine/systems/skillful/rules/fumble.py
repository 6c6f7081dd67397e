"""Fumble thresholds: the attacker must beat one too, or suffer consequences of their own.

The printed examples run 0, 4, 8, 12, 16. Fatigue raises a threshold: by the
mental plus the physical penalty for a physical task, by twice the mental
penalty for a mental one. An attacker whose total does not beat the raised
threshold suffers a first consequence, and one tier worse for each further
threshold width T missed (we read "beat" as in contests: a tie does not beat).

>>> raised_threshold(8, mental=1, physical=4, kind="physical"), raised_threshold(8, 3, 0, "mental")
(13, 14)
>>> [fumble_tier(total, 8, 10) for total in (9, 8, -1, -2, -40)]
[0, 1, 1, 2, 4]
>>> fumble_tier(8, 8, 10, ties_fumble=False)
0
"""

from __future__ import annotations

from skillful.rules.tiers import WORST_TIER

FUMBLE_EXAMPLES: tuple[tuple[int, str], ...] = (
    (0, "walking; eating"),
    (4, "a punch; a simple weapon with little recoil"),
    (8, "a sword; a typical firearm"),
    (12, "a greatsword or polearm; a pistol with heavy recoil"),
    (16, "a flail; a rocket launcher"),
)
"""The draft's example thresholds, the tasks in our words."""
KINDS = ("physical", "mental")


def raised_threshold(base: int, mental: int, physical: int, kind: str) -> int:
    """The threshold after fatigue: + mental + physical (physical task) or + 2 x mental."""
    return base + (mental + physical if kind == "physical" else 2 * mental)


def fumble_tier(total: int, threshold: int, width: int, *, ties_fumble: bool = True) -> int:
    """0: no fumble; 1-4: the consequence the attacker suffers."""
    shortfall = threshold - total if ties_fumble else threshold - total - 1
    if shortfall < 0:
        return 0
    return min(WORST_TIER, 1 + shortfall // width)
