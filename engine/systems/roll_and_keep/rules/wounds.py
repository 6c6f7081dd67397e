"""Wound checks, dramatic wounds, crippled and knocked out.

A wound check rolls Brawn k Brawn against the flesh-wound total after the
damage. Reaching the total keeps the flesh wounds; falling short clears them
and adds one dramatic wound, plus one for each full 20 points missed.

As the draft words it, a character can absorb Resolve dramatic wounds before being
crippled and take twice Resolve before being knocked out: crippled at the wound
after Resolve, knocked out at the wound after twice Resolve. That is the rule the
engine follows (``passed``). The draft's rock example knocks a Resolve 2
character out at the fourth wound instead; that printed reading is kept as a
named option (``reached``) and listed as an erratum.

>>> dramatic_wounds_for(flesh=62, rolled=9)
3
>>> dramatic_wounds_for(flesh=20, rolled=12), dramatic_wounds_for(flesh=20, rolled=20)
(1, 0)
>>> state(dramatic=3, resolve=2), state(dramatic=4, resolve=2), state(dramatic=5, resolve=2)
('crippled', 'crippled', 'knocked out')
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
"""Most dramatic wounds a form or sheet takes: knocked out at the highest Resolve, by the rule."""
THRESHOLD_READINGS = ("passed", "reached")
"""``passed`` (the rule as worded, the default): crippled once the dramatic wounds pass Resolve,
knocked out once they pass twice Resolve; ``reached`` (the rock example's reading): one wound
sooner each."""
DEFAULT_READING = "passed"


def dramatic_wounds_for(flesh: int, rolled: int) -> int:
    """Dramatic wounds a wound check adds: 0 on a success, else 1 + each full 20 missed."""
    if rolled >= flesh:
        return 0
    return 1 + (flesh - rolled) // STEP


def thresholds(resolve: int, reading: str = DEFAULT_READING) -> tuple[int, int]:
    """(crippled at, knocked out at), in dramatic wounds.

    >>> thresholds(2), thresholds(2, "reached")
    ((3, 5), (2, 4))
    """
    if reading not in THRESHOLD_READINGS:
        raise ValueError(f"unknown threshold reading {reading!r}")
    extra = 0 if reading == "reached" else 1
    return resolve + extra, 2 * resolve + extra


def state(dramatic: int, resolve: int, reading: str = DEFAULT_READING) -> str:
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
