"""The die ladder, exploding rolls, rolls under pressure and the calm value.

An attribute is rated as one die on the ladder d4, d6, d8, d10, d12, d20. A
rolled die explodes: on its top face (or, with an ability, on a lower face and
up) it is rolled again and added. A roll under pressure never explodes. Taking
it calm gives half the top face without rolling.

Explosions are capped at ``DEPTH`` extra dice; a die still exploding at the cap
keeps what it has, and the chance of reaching the cap is reported.

>>> calm_value(6), calm_value(10)
(3, 5)
>>> step_die(8, -2), step_die(12, -2)
(4, 8)
>>> roll_distribution(6).probability(7)
Fraction(1, 36)
>>> roll_distribution(6, pressure=True).max_outcome
6
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.dice.distribution import Distribution
from rollwright.dice.pools import explode
from rollwright.errors import ParameterError

DIE_STEPS: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
"""The attribute dice, smallest to largest; one step is one place on this ladder."""
DEPTH = 9
"""The most extra dice one exploding die may add (the engine's cap; the draft sets none)."""
DIE_CHOICES = tuple(f"d{sides}" for sides in DIE_STEPS)


def sides_of(die: str) -> int:
    """The sides of a die named like ``d8``.

    >>> sides_of("d12")
    12
    >>> sides_of("d7")
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: die: 'd7' is not on the ladder d4, d6, d8, d10, d12, d20
    """
    if die not in DIE_CHOICES:
        raise ParameterError(f"die: {die!r} is not on the ladder {', '.join(DIE_CHOICES)}", field="die")
    return int(die[1:])


def step_die(sides: int, steps: int) -> int:
    """The die ``steps`` places up (positive) or down (negative) the ladder, stopping at d4 and d20.

    The draft never says what happens past either end; stopping there is the
    engine's reading, shown on the page as a designer's note (see ``off_ladder``).

    >>> step_die(4, -1), step_die(20, 2), step_die(10, 1)
    (4, 20, 12)
    """
    index = DIE_STEPS.index(sides) + steps
    return DIE_STEPS[min(max(index, 0), len(DIE_STEPS) - 1)]


def off_ladder(sides: int, steps: int) -> bool:
    """Whether a step change would go past d4 or d20 (a case the draft leaves open).

    >>> off_ladder(4, -1), off_ladder(8, -2)
    (True, False)
    """
    index = DIE_STEPS.index(sides) + steps
    return not 0 <= index < len(DIE_STEPS)


def calm_value(sides: int) -> int:
    """Taking it calm: half the die's top face (every die on the ladder has an even top)."""
    return sides // 2


def explode_threshold(sides: int, explode_on: int | None) -> int:
    """The lowest face that explodes: the top face unless an ability lowers it (2 at the least).

    >>> explode_threshold(6, None), explode_threshold(6, 5)
    (6, 5)
    """
    threshold = sides if explode_on is None else explode_on
    if not 2 <= threshold <= sides:
        raise ParameterError(f"explode_on: a d{sides} can explode from 2 to {sides} (got {threshold})",
                             field="explode_on")
    return threshold


def roll_distribution(sides: int, *, pressure: bool = False, explode_on: int | None = None,
                      depth: int = DEPTH) -> Distribution:
    """The exact distribution of one attribute roll (exploding unless under pressure)."""
    die = Distribution.die(sides)
    if pressure:
        return die
    return explode(die, depth=depth, at_least=explode_threshold(sides, explode_on))


def cap_chance(sides: int, *, pressure: bool = False, explode_on: int | None = None,
               depth: int = DEPTH) -> Fraction:
    """The chance that a roll is still exploding when the cap stops it.

    >>> cap_chance(6)
    Fraction(1, 60466176)
    """
    if pressure:
        return Fraction(0)
    threshold = explode_threshold(sides, explode_on)
    return Fraction(sides - threshold + 1, sides) ** (depth + 1)
