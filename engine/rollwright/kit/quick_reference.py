"""A game's quick reference: its core roll, the outcome bands with their exact odds at one stated input, and
the ladder or dice table it points to (one screen, one printed page).

A game declares it once. A game written in Python sets ``quick_reference`` on its
:class:`~rollwright.kit.system.System` to a :class:`QuickReference` (a function of its own rules that gives a
:class:`QuickRoll` for some inputs); a game declared as data may add a ``[quick_reference]`` table to its
``game.toml`` (:mod:`rollwright.data.quick`), and without one its first check, at its inputs' defaults, is its
core roll. Shared code reads only these values; it never names a game.

>>> from fractions import Fraction
>>> def coin(sides: int) -> QuickRoll:
...     return QuickRoll(f"1d{sides}", (QuickBand("High", "2 or more", Fraction(sides - 1, sides)),
...                                     QuickBand("Low", "1", Fraction(1, sides))))
>>> ref = QuickReference(coin, {"sides": 6}, roll="One die; anything but a 1 is high.", labels={"sides": "Sides"})
>>> sheet = ref.sheet()
>>> sheet.notation, sheet.at, [str(b.chance) for b in sheet.bands]
('1d6', 'Sides 6', ['5/6', '1/6'])
>>> QuickReference(coin, {"sides": 6, "faces": 2}).sheet()
Traceback (most recent call last):
...
rollwright.errors.ParameterError: quick_reference: the inputs do not fit its check (...faces...); fix quick_reference.inputs
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rollwright.errors import ParameterError


@dataclass(frozen=True)
class QuickBand:
    """One outcome of the core roll: its name, the results it holds (in words) and its exact chance."""

    name: str
    holds: str
    chance: Fraction


@dataclass(frozen=True)
class QuickRoll:
    """The core roll at some inputs: what is rolled (dice notation) and every outcome, best first."""

    notation: str
    bands: tuple[QuickBand, ...]


@dataclass(frozen=True)
class QuickSheet:
    """What a quick reference shows: the roll in words, its notation and outcomes at ``at``, a table to show."""

    roll: str
    notation: str
    at: str
    bands: tuple[QuickBand, ...]
    table: str | None = None
    """A registered table's name (the game's ladder or dice chart), shown below the outcomes."""
    ladder: tuple[str, tuple[tuple[str, str], ...]] | None = None
    """A ladder the roll reads, as ``(name, ((rating, value), ...))``."""


@dataclass(frozen=True)
class QuickReference:
    """A Python game's quick reference: ``check(**inputs)`` gives its core roll at the stated inputs.

    ``roll`` says the core roll in the game's words; ``labels`` names each input as the page shows it (the
    input's key otherwise); ``table`` is a registered table (the game's ladder or dice chart), or None.
    """

    check: Callable[..., QuickRoll]
    inputs: Mapping[str, Any] = field(default_factory=dict, hash=False)
    roll: str = ""
    table: str | None = None
    labels: Mapping[str, str] = field(default_factory=dict, hash=False)

    def sheet(self) -> QuickSheet:
        """The sheet at the stated inputs; a ParameterError naming ``quick_reference`` when they do not fit."""
        try:
            rolled = self.check(**dict(self.inputs))
        except TypeError as error:
            raise ParameterError(f"quick_reference: the inputs do not fit its check ({error}); "
                                 f"fix quick_reference.inputs", field="quick_reference") from None
        at = ", ".join(f"{self.labels.get(key, key)} {value}" for key, value in self.inputs.items())
        return QuickSheet(self.roll, rolled.notation, at, rolled.bands, self.table)


def checked_bands(bands: tuple[QuickBand, ...], where: str) -> tuple[QuickBand, ...]:
    """The bands, when their chances are exact and add up to 1 (a game's function is checked, not trusted).

    >>> checked_bands((QuickBand("A", "1", Fraction(1, 2)),), "demo")
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: demo: the outcomes' chances add up to 1/2, not 1
    """
    if not bands:
        raise ParameterError(f"{where}: the core roll has no outcomes", field="quick_reference")
    for band in bands:
        if not isinstance(band.chance, Fraction | int) or not 0 <= band.chance <= 1:
            raise ParameterError(f"{where}: the chance of {band.name!r} is not an exact value from 0 to 1 "
                                 f"(got {band.chance!r})", field="quick_reference")
    total = sum((Fraction(b.chance) for b in bands), Fraction(0))
    if total != 1:
        raise ParameterError(f"{where}: the outcomes' chances add up to {total}, not 1", field="quick_reference")
    return bands
