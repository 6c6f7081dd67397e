"""Wound checks, dramatic wounds, crippled and knocked out.

A wound check rolls Brawn k Brawn against the flesh-wound total after the
damage. Reaching the total keeps the flesh wounds; falling short clears them
and adds one dramatic wound, plus one for each full 20 points missed.

A character is crippled at Resolve dramatic wounds and knocked out at twice
Resolve (``THRESHOLD_READINGS``: the draft's example needs this reading; its
wording also allows "one more than that", kept as a named option).

>>> dramatic_wounds_for(flesh=62, rolled=9)
3
>>> dramatic_wounds_for(flesh=20, rolled=12), dramatic_wounds_for(flesh=20, rolled=20)
(1, 0)
>>> state(dramatic=3, resolve=2), state(dramatic=4, resolve=2)
('crippled', 'knocked out')
"""

from __future__ import annotations

from fractions import Fraction

from roll_and_keep.rules.pools import pool

STEP = 20
"""Each full 20 points by which a wound check fails adds one more dramatic wound."""
MAX_FLESH = 400
"""Largest flesh-wound total the calls accept (the draft sets no maximum)."""
MAX_TRAIT = 5
"""Highest Brawn and Resolve the site accepts (the draft gives no range)."""
MAX_DRAMATIC = 2 * MAX_TRAIT + 1
"""Most dramatic wounds a form or sheet takes: one past knocked out at the highest Resolve."""
THRESHOLD_READINGS = ("reached", "passed")
"""``reached``: crippled at Resolve dramatic wounds, out at 2 x Resolve (agrees with the
draft's example); ``passed``: one more than each (the other reading of its wording)."""


def dramatic_wounds_for(flesh: int, rolled: int) -> int:
    """Dramatic wounds a wound check adds: 0 on a success, else 1 + each full 20 missed."""
    if rolled >= flesh:
        return 0
    return 1 + (flesh - rolled) // STEP


def thresholds(resolve: int, reading: str = "reached") -> tuple[int, int]:
    """(crippled at, knocked out at), in dramatic wounds.

    >>> thresholds(2), thresholds(2, "passed")
    ((2, 4), (3, 5))
    """
    if reading not in THRESHOLD_READINGS:
        raise ValueError(f"unknown threshold reading {reading!r}")
    extra = 0 if reading == "reached" else 1
    return resolve + extra, 2 * resolve + extra


def state(dramatic: int, resolve: int, reading: str = "reached") -> str:
    """``fine``, ``crippled`` or ``knocked out`` for a count of dramatic wounds."""
    crippled_at, out_at = thresholds(resolve, reading)
    if dramatic >= out_at:
        return "knocked out"
    return "crippled" if dramatic >= crippled_at else "fine"


def wound_check(brawn: int, flesh: int, crippled: bool = False) -> dict[int, Fraction]:
    """Exact distribution of dramatic wounds one wound check adds against ``flesh``.

    >>> wound_check(1, 1)
    {0: Fraction(1, 1)}
    >>> wound_check(1, 10, crippled=True)
    {0: Fraction(1, 10), 1: Fraction(9, 10)}
    """
    roll = pool(brawn, brawn, crippled)
    out: dict[int, Fraction] = {}
    for total, weight in roll.items():
        gained = dramatic_wounds_for(flesh, total)
        out[gained] = out.get(gained, Fraction(0)) + Fraction(weight, roll.total_weight)
    return dict(sorted(out.items()))
