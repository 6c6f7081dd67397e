"""Exact discrete distributions over integers, with integer weights.

A :class:`Distribution` is immutable. Weights are positive integers reduced by
their greatest common divisor; probabilities come out as ``Fraction``. Floats
appear only when a value is formatted for people.

>>> d6 = Distribution.die(6)
>>> two = d6 + d6
>>> two.probability(7), two.at_least(11)
(Fraction(1, 6), Fraction(1, 12))
>>> (d6 - d6).mean()
Fraction(0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction

from rollwright.errors import DiceError


class Distribution:
    """An immutable map from integer outcomes to positive integer weights."""

    __slots__ = ("_outcomes", "_weights", "_total", "_by_outcome")

    def __init__(self, weights: Mapping[int, int]) -> None:
        for key, w in weights.items():
            if type(key) is not int or type(w) is not int:
                raise DiceError(f"outcomes and weights must be whole numbers (got {key!r}: {w!r})")
        cleaned = {k: w for k, w in weights.items() if w}
        if not cleaned:
            raise DiceError("a distribution needs at least one outcome with weight > 0")
        if any(w < 0 for w in cleaned.values()):
            raise DiceError("distribution weights must not be negative")
        divisor = 0
        for w in cleaned.values():
            divisor = math.gcd(divisor, w)
            if divisor == 1:  # nothing more to divide out
                break
        keys = sorted(cleaned)
        self._outcomes: tuple[int, ...] = tuple(keys)
        self._weights: tuple[int, ...] = tuple(cleaned[k] // divisor for k in keys)
        self._total: int = sum(self._weights)
        self._by_outcome: dict[int, int] = dict(zip(self._outcomes, self._weights))

    # --- construction -------------------------------------------------
    @classmethod
    def constant(cls, value: int) -> Distribution:
        """A distribution that is always ``value``.

        >>> Distribution.constant(3).outcomes()
        (3,)
        """
        return cls({value: 1})

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """A fair die numbered 1..sides.

        >>> Distribution.die(4).mean()
        Fraction(5, 2)
        """
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side (got d{sides})")
        return cls({face: 1 for face in range(1, sides + 1)})

    # --- inspection ---------------------------------------------------
    def outcomes(self) -> tuple[int, ...]:
        """All outcomes, ascending."""
        return self._outcomes

    def weights(self) -> tuple[int, ...]:
        """Weights in the same order as :meth:`outcomes`."""
        return self._weights

    def items(self) -> Iterator[tuple[int, int]]:
        """``(outcome, weight)`` pairs, ascending by outcome."""
        return zip(self._outcomes, self._weights)

    @property
    def total_weight(self) -> int:
        """Sum of all weights (the common denominator of the probabilities)."""
        return self._total

    @property
    def min_outcome(self) -> int:
        return self._outcomes[0]

    @property
    def max_outcome(self) -> int:
        return self._outcomes[-1]

    def __len__(self) -> int:
        return len(self._outcomes)

    def weight(self, outcome: int) -> int:
        """Weight of one outcome (0 when it cannot happen)."""
        return self._by_outcome.get(outcome, 0)

    def probability(self, outcome: int) -> Fraction:
        """Exact probability of one outcome."""
        return Fraction(self.weight(outcome), self._total)

    def probabilities(self) -> list[tuple[int, Fraction]]:
        """``(outcome, probability)`` pairs, ascending by outcome."""
        return [(o, Fraction(w, self._total)) for o, w in self.items()]

    def probability_where(self, predicate: Callable[[int], bool]) -> Fraction:
        """Exact probability that ``predicate(outcome)`` holds.

        >>> Distribution.die(6).probability_where(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        hits = sum(w for o, w in self.items() if predicate(o))
        return Fraction(hits, self._total)

    def at_least(self, threshold: int) -> Fraction:
        """P(X >= threshold)."""
        return self.probability_where(lambda o: o >= threshold)

    def at_most(self, threshold: int) -> Fraction:
        """P(X <= threshold)."""
        return self.probability_where(lambda o: o <= threshold)

    def mean(self) -> Fraction:
        """Exact expected value."""
        return Fraction(sum(o * w for o, w in self.items()), self._total)

    def variance(self) -> Fraction:
        """Exact variance."""
        mu = self.mean()
        return sum((Fraction(w, self._total) * (o - mu) ** 2 for o, w in self.items()), Fraction(0))

    def stdev(self) -> float:
        """Standard deviation (a float: the only inexact number here)."""
        return math.sqrt(self.variance())

    # --- combination --------------------------------------------------
    def map(self, fn: Callable[[int], int]) -> Distribution:
        """Apply ``fn`` to every outcome, merging outcomes that collide.

        >>> Distribution.die(6).map(lambda x: min(x, 4)).probability(4)
        Fraction(1, 2)
        """
        out: dict[int, int] = {}
        for o, w in self.items():
            key = fn(o)
            out[key] = out.get(key, 0) + w
        return Distribution(out)

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            if other == 0:  # immutable: the same distribution serves
                return self
            return Distribution({o + other: w for o, w in self.items()})
        if not isinstance(other, Distribution):
            return NotImplemented
        out: dict[int, int] = {}
        for a, wa in self.items():
            for b, wb in other.items():
                out[a + b] = out.get(a + b, 0) + wa * wb
        return Distribution(out)

    __radd__ = __add__

    def combine(self, other: Distribution, fn: Callable[[int, int], int]) -> Distribution:
        """``fn`` of this and an independent ``other``, over every pair of outcomes.

        >>> Distribution.die(6).combine(Distribution.constant(10), lambda a, b: a * b).max_outcome
        60
        """
        out: dict[int, int] = {}
        for a, wa in self.items():
            for b, wb in other.items():
                key = fn(a, b)
                out[key] = out.get(key, 0) + wa * wb
        return Distribution(out)

    def __neg__(self) -> Distribution:
        return Distribution({-o: w for o, w in self.items()})

    def __sub__(self, other: Distribution | int) -> Distribution:
        return self + (-other)

    def __rsub__(self, other: int) -> Distribution:
        return (-self) + other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._outcomes == other._outcomes and self._weights == other._weights

    def __hash__(self) -> int:
        return hash((self._outcomes, self._weights))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o}: {w}" for o, w in list(self.items())[:8])
        more = ", ..." if len(self) > 8 else ""
        return f"Distribution({{{shown}{more}}})"


def sum_all(parts: Iterable[Distribution]) -> Distribution:
    """Sum of independent distributions (the constant 0 for none).

    >>> sum_all([Distribution.die(2)] * 3).outcomes()
    (3, 4, 5, 6)
    """
    result: Distribution | None = None
    for part in parts:
        result = part if result is None else result + part
    return Distribution.constant(0) if result is None else result


def repeat_sum(part: Distribution, count: int) -> Distribution:
    """Sum of ``count`` independent copies of ``part`` (binary splitting).

    >>> repeat_sum(Distribution.die(6), 3) == sum_all([Distribution.die(6)] * 3)
    True
    """
    if count < 0:
        raise DiceError(f"cannot sum a negative number of dice ({count})")
    result: Distribution | None = None
    power = part
    while count:
        if count & 1:
            result = power if result is None else result + power
        count >>= 1
        if count:
            power = power + power
    return Distribution.constant(0) if result is None else result
