"""Aid: a helper's check adds a bonus to the main check, computed exactly.

The target is the main check's total, or 30 when that total is lower.
The bonus is min(8, floor(10 x (aid / target - 0.2))): +1 at 30% of the target, +8 at 100%.
With whole numbers, 10 x (a/t - 1/5) = (10a - 2t) / t, so the floor is an
integer division; floating point would give 0.999... and +0 at exactly 30%.

>>> aid_target(12), aid_target(45)
(30, 45)
>>> aid_bonus(9, 12), aid_bonus(30, 30), aid_bonus(8, 12), aid_bonus(300, 12)
(1, 8, 0, 8)
>>> aid_bonus(0, 30), aid_bonus(0, 30, no_penalty=True)
(-2, 0)
>>> int(10 * (9 / 30 - 0.2))  # what floating point gives at exactly 30%
0
"""

from __future__ import annotations

from fractions import Fraction

TARGET_FLOOR = 30
MAX_BONUS = 8


def aid_target(main_total: int) -> int:
    """The aid target: max(30, total of the aided check)."""
    return max(TARGET_FLOOR, main_total)


def aid_fraction(aid_total: int, main_total: int) -> Fraction:
    """The aid check's total as an exact fraction of its target."""
    return Fraction(aid_total, aid_target(main_total))


def aid_bonus(aid_total: int, main_total: int, *, no_penalty: bool = False) -> int:
    """min(8, floor(10 x (aid/target - 1/5))); ``no_penalty`` stops it going under 0."""
    target = aid_target(main_total)
    bonus = min(MAX_BONUS, (10 * aid_total - 2 * target) // target)
    return max(0, bonus) if no_penalty else bonus
