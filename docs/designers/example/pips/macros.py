"""Pips's own page macro, registered by the site next to ``table``, ``widget``, ``roll``.

``{{ pips_chance(3, 2) }}`` writes the chance that 3 dice roll 2 or more hits.

>>> pips_chance(3, 2)
'25.9%'
>>> pips_chance(7)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: pips_chance(7, 1): pips.odds: 'dice' must be at most 6 (got 7)
"""

from __future__ import annotations

from rollwright.kit.api import call
from rollwright.kit.macros import engine_call


def pips_chance(dice: int, need: int = 1) -> str:
    """The chance that ``dice`` dice roll at least ``need`` hits, e.g. ``25.9%``."""
    answer = engine_call("pips_chance", (dice, need), {},
                         lambda: call("pips.odds", {"dice": dice, "need": need}))
    return str(answer["percent"])


MACROS = (pips_chance,)
"""Every macro of this system; the site registers each under its function name."""
