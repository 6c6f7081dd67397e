"""Parameters shared by Roll & Keep's calls, and how a chance is written in an answer.

>>> from fractions import Fraction
>>> chance(Fraction(1, 4))
{'p': '1/4', 'percent': '25%'}
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param
from roll_and_keep.rules.combat import MAX_RANK
from roll_and_keep.rules.pools import MAX_ROLLED, MAX_TN
from roll_and_keep.rules.wounds import MAX_FLESH, MAX_TRAIT, THRESHOLD_READINGS


def chance(p: Fraction) -> dict[str, str]:
    """A chance as exact text and as a percentage."""
    return {"p": fraction_text(p), "percent": percent(p)}


def rolled(name: str = "rolled", what: str = "dice rolled") -> Param:
    return Param(name, int, f"{what} (1-{MAX_ROLLED})", minimum=1, maximum=MAX_ROLLED)


def kept(name: str = "kept", what: str = "dice kept") -> Param:
    return Param(name, int, f"{what} (1-{MAX_ROLLED}, at most the dice rolled)", minimum=1, maximum=MAX_ROLLED)


def trait(name: str, what: str, fills: str | None = None) -> Param:
    return Param(name, int, f"{what} (1-{MAX_TRAIT})", minimum=1, maximum=MAX_TRAIT, fills=fills)


def rank(name: str, what: str, default: int = 2) -> Param:
    return Param(name, int, f"{what} (0-{MAX_RANK})", default=default, minimum=0, maximum=MAX_RANK)


CRIPPLED = Param("crippled", bool, "the roller is crippled: the dice do not explode", default=False)
TN = Param("tn", int, f"target number (0-{MAX_TN})", default=15, minimum=0, maximum=MAX_TN)
FLESH = Param("flesh", int, f"flesh wounds after the damage (0-{MAX_FLESH})", minimum=0, maximum=MAX_FLESH,
              fills="flesh")
READING = Param("reading", str, "how the crippled and knocked-out thresholds are read",
                default="reached", choices=THRESHOLD_READINGS)
