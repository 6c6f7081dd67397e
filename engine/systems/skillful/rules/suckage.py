"""Suckage points: buy a lost roll up, one point of loss per point, to the next better tier.

>>> points_to_better(21, 10), points_to_better(19, 10), points_to_better(4, 10)
(2, 10, 4)
>>> points_to_better(0, 10) is None
True
"""

from __future__ import annotations

from skillful.rules.tiers import SUCCESS, tier_of


def points_to_better(loss: int, width: int) -> int | None:
    """Points that lift ``loss`` into the next better tier (None: the defender did not lose).

    The next better tier of a zeroth penalty is a successful defence (a loss of 0, a tie).
    """
    tier = tier_of(loss, width)
    if tier == SUCCESS:
        return None
    best_loss_above = tier * width - 1 if tier > 0 else 0
    return loss - best_loss_above
