"""Facets's page macros.

``{{ facets_chance(8, 8) }}`` writes the chance that a d8 (exploding) meets TN 8.
``{{ facets_calm(10) }}`` writes the calm value of a d10.

>>> facets_chance(8, 8), facets_calm(10)
('12.5%', '5')
>>> facets_chance(7, 8)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: facets_chance(7, 8): die: a d7 is not an attribute die (d4, d6, d8, d10, d12, d20)
"""

from __future__ import annotations

from rollwright.kit.api import call
from rollwright.kit.macros import engine_call


def facets_chance(die: int, tn: int, bonus: int = 0) -> str:
    """The chance that an exploding ``die`` plus ``bonus`` meets ``tn``."""
    answer = engine_call("facets_chance", (die, tn), {"bonus": bonus} if bonus else {},
                         lambda: call("facets.check", {"die": die, "tn": tn, "bonus": bonus}))
    return str(answer["success"]["percent"])


def facets_calm(die: int) -> str:
    """The calm value of a die."""
    return str(engine_call("facets_calm", (die,), {}, lambda: call("facets.check", {"die": die}))["calm"])


MACROS = (facets_chance, facets_calm)
"""Registered by the site under their own names."""
