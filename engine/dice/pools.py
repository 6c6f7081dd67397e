"""Exploding dice, keep-highest pools and the open-ended d20, exactly.

Explosion depth counts the extra dice after the first, as icepool does: with
depth 2 a d6 can show at most 6 + 6 + x. A die that reaches the cap keeps its
last face and stops, so the distribution is exact for the capped rule.

>>> explode(Distribution.die(6), depth=1).probability(12)
Fraction(1, 36)
>>> keep_highest(Distribution.die(6), count=2, keep=1).probability(6)
Fraction(11, 36)
>>> open_d20().min_outcome, open_d20().max_outcome
(-19, 40)
"""

from __future__ import annotations

from math import comb

from engine.dice.distribution import Distribution
from engine.errors import DiceError

DEFAULT_DEPTH = 9
"""Explosion cap used when the caller names none (icepool's default too)."""


def explode(die: Distribution, depth: int = DEFAULT_DEPTH, at_least: int | None = None) -> Distribution:
    """A die that rolls again and adds on faces ``>= at_least`` (default: its top face).

    ``depth`` is the most extra dice one die may add.

    >>> explode(Distribution.die(4), depth=0) == Distribution.die(4)
    True
    >>> explode(Distribution.die(1))
    Traceback (most recent call last):
    ...
    engine.errors.DiceError: a die that explodes on every face (d1!, or a threshold at or below its lowest face) would never stop; explode on higher faces only
    """
    threshold = die.max_outcome if at_least is None else at_least
    if depth < 0:
        raise DiceError(f"explosion depth must be 0 or more (got {depth})")
    if threshold <= die.min_outcome:
        raise DiceError(
            "a die that explodes on every face (d1!, or a threshold at or below its "
            "lowest face) would never stop; explode on higher faces only"
        )
    result = die
    for _ in range(depth):
        weights: dict[int, int] = {}
        total = result.total_weight
        for face, w in die.items():
            if face >= threshold:
                for value, rw in result.items():
                    weights[face + value] = weights.get(face + value, 0) + w * rw
            else:
                weights[face] = weights.get(face, 0) + w * total
        result = Distribution(weights)
    return result


def keep_highest(die: Distribution, count: int, keep: int) -> Distribution:
    """Sum of the ``keep`` highest of ``count`` independent copies of ``die``.

    Works through outcomes from the top down, counting how many dice land on
    each, so the cost grows with outcomes x keep, not with outcomes ** count.

    >>> keep_highest(Distribution.die(6), count=3, keep=3) == Distribution.die(6) + Distribution.die(6) + Distribution.die(6)
    True
    """
    if count < 1:
        raise DiceError(f"a pool needs at least one die (got {count})")
    if not 1 <= keep <= count:
        raise DiceError(f"keep must be between 1 and the number of dice rolled ({count}); got {keep}")
    descending = list(zip(reversed(die.outcomes()), reversed(die.weights())))
    choose = [[comb(n, k) for k in range(n + 1)] for n in range(count + 1)]
    below = die.total_weight
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed, kept sum) -> ways
    result: dict[int, int] = {}
    for value, weight in descending:
        below -= weight  # weight of outcomes strictly lower than value
        powers = [weight**k for k in range(count + 1)]
        below_powers = [below**k for k in range(count + 1)]
        # finish[p]: ways for the count - p unplaced dice to complete the kept set
        # here (at least keep - p of them show `value`) with every other die lower.
        finish = [sum(choose[count - p][h] * powers[h] * below_powers[count - p - h]
                      for h in range(keep - p, count - p + 1)) for p in range(keep)]
        next_states: dict[tuple[int, int], int] = {}
        for (placed, kept_sum), ways in states.items():
            row = choose[count - placed]
            # Keep the kept set open: fewer than `keep` dice at or above `value` so far.
            for here in range(keep - placed):
                key = (placed + here, kept_sum + value * here)
                next_states[key] = next_states.get(key, 0) + ways * row[here] * powers[here]
            if finish[placed]:
                total = kept_sum + value * (keep - placed)
                result[total] = result.get(total, 0) + ways * finish[placed]
        states = next_states
    return Distribution(result)


def roll_and_keep(rolled: int, kept: int, depth: int = DEFAULT_DEPTH) -> Distribution:
    """``XkY``: roll X d10 that explode on 10, keep the Y highest.

    >>> roll_and_keep(1, 1, depth=0) == Distribution.die(10)
    True
    """
    return keep_highest(explode(Distribution.die(10), depth=depth), rolled, kept)


def open_d20() -> Distribution:
    """Open-ended d20: 2-19 as rolled; 1 -> 1 - d20; 20 -> 20 + d20 (one extra die, closed).

    >>> open_d20().probability(-19), open_d20().probability(10)
    (Fraction(1, 400), Fraction(1, 20))
    """
    d20 = Distribution.die(20)
    weights: dict[int, int] = {}
    for face in range(1, 21):
        if face == 1:
            for extra in range(1, 21):
                weights[1 - extra] = weights.get(1 - extra, 0) + 1
        elif face == 20:
            for extra in range(1, 21):
                weights[20 + extra] = weights.get(20 + extra, 0) + 1
        else:
            weights[face] = weights.get(face, 0) + d20.total_weight
    return Distribution(weights)
