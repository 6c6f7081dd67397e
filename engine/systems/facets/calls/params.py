"""Parameters shared by Facets's calls: a die on the ladder, a TN, a bonus.

>>> die_param("die").maximum
20
>>> checked_sides(8), checked_sides(20)
(8, 20)
"""

from __future__ import annotations

from rollwright.errors import ParameterError
from rollwright.kit.registry import Param
from facets.rules.dice import DIE_STEPS

TN = Param("tn", int, "target number (1-60)", default=8, minimum=1, maximum=60)
BONUS = Param("bonus", int, "skill bonus or penalty added to the roll (-10 to 20)", default=0,
              minimum=-10, maximum=20)


def die_param(name: str, description: str = "attribute die (sides: 4, 6, 8, 10, 12 or 20)",
              default: int = 8) -> Param:
    """An attribute die, given by its sides; a saved character can fill it."""
    return Param(name, int, description, default=default, minimum=4, maximum=20, fills="attribute")


def checked_sides(sides: int, name: str = "die") -> int:
    """The sides if they are on the ladder, else a clear error.

    >>> checked_sides(7)
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: die: a d7 is not an attribute die (d4, d6, d8, d10, d12, d20)
    """
    if sides not in DIE_STEPS:
        raise ParameterError(f"{name}: a d{sides} is not an attribute die (d4, d6, d8, d10, d12, d20)",
                             field=name)
    return sides
