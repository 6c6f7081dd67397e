"""Scripted dice: chosen faces fed to any roll in place of a seed's, for worked examples and tests.

Every roll in the engine takes its dice from :func:`dice_source`, which is a
``random.Random(seed)`` unless a script is active. Inside ``with scripted([...])``
each die takes the next face of the script instead, so an example from a draft
("she rolls a 9") replays exactly, through the same code path as a real roll. A
face out of the die's range, a script that runs out, or faces left over are
errors: every scripted die must be used, and used as the die it was meant for.

>>> from rollwright.dice.rolling import roll
>>> with scripted([6, 3]) as script:
...     roll("2d6+1", seed=0).total
10
>>> with scripted([7]):
...     roll("d6", seed=0)
Traceback (most recent call last):
...
rollwright.dice.script.ScriptError: scripted die 1 is 7, but the roll wants a face from 1 to 6
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class DiceSource(Protocol):
    """What a roll draws its dice from: ``random.Random`` or :class:`ScriptedDice`."""

    def randint(self, a: int, b: int) -> int: ...


class ScriptError(AssertionError):
    """A script that does not fit the rolls it was given to (a test's mistake, not a reader's)."""


class ScriptedDice:
    """A stand-in for ``random.Random`` whose ``randint`` returns the scripted faces in order."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = tuple(faces)
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        low, high = a, b
        if self.used >= len(self.faces):
            raise ScriptError(f"the roll wants more dice than the {len(self.faces)} scripted")
        face = self.faces[self.used]
        self.used += 1
        if not low <= face <= high:
            raise ScriptError(f"scripted die {self.used} is {face}, but the roll wants a face from {low} to {high}")
        return face

    def check_all_used(self) -> None:
        """Raise ScriptError if some scripted faces were never rolled."""
        if self.used != len(self.faces):
            left = list(self.faces[self.used:])
            raise ScriptError(f"{len(left)} scripted dice were never rolled: {left}")


_ACTIVE: ContextVar[ScriptedDice | None] = ContextVar("rollwright_scripted_dice", default=None)


def dice_source(seed: int) -> DiceSource:
    """Where a roll takes its dice: the active script, else ``random.Random(seed)``."""
    script = _ACTIVE.get()
    return script if script is not None else random.Random(seed)


@contextmanager
def scripted(faces: Sequence[int]) -> Iterator[ScriptedDice]:
    """Roll the given faces, in order, inside the block; every one must be used."""
    script = ScriptedDice(faces)
    token = _ACTIVE.set(script)
    try:
        yield script
    finally:
        _ACTIVE.reset(token)
    script.check_all_used()
