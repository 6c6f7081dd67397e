"""Façade character creation: the cost of every level and the points to pay with.

This module is the one entry the character builder calls. Every cost comes back
as a :class:`Cost` (``step`` into the level, ``total`` from 0, the ``pool`` it is
paid from and an ``explanation`` naming the table row, for hover text); a raise
over several levels as a :class:`Span`. Skill points come in halves, so amounts
are Fractions; ``points_text`` prints them.

Single levels:

>>> attribute_cost(3).total, attribute_cost(4).step           # 6 AP, then 4 more
(Fraction(6, 1), Fraction(4, 1))
>>> modifier_cost("medium", 3).total, modifier_cost("medium", 4).step
(Fraction(5, 1), Fraction(1, 1))
>>> standard_skill_cost("specialty", 3).total
Fraction(3, 2)
>>> cascade_cost("broad", 4).total, cascade_cost("focus", 4, reduced=True).total
(Fraction(45, 1), Fraction(10, 1))
>>> background_cost("exponential", "minor", 6).total, background_cost("standard", "medium", 3).total
(Fraction(6, 1), Fraction(5, 1))

Raising a trait, with what it is worth in Extra Points (point buy) or Weighted
Points (pool buy):

>>> span = raise_cost("modifier-medium", 2, 4)
>>> [points_text(c.step) for c in span.steps], points_text(span.total), span.pool
(['2', '1'], '3', 'AP')
>>> points_text(span.in_extra("EP")), points_text(span.in_extra("WP"))
('3', '1.5')

A cascade skill tree (SP go into specialties; see costs_skills):

>>> tree = cascade_tree({"Athletics": {"Dodge": {"Roll": 5}}})
>>> [(n.name, n.level) for n in tree.nodes()]
[('Athletics', 1), ('Dodge', 2), ('Roll', 4)]

Budgets for the two methods:

>>> b = point_buy_budget()
>>> dict(b.pools), b.extra, b.currency, dict(b.rates)
({'AP': 100, 'SP': 200, 'BP': 50}, 50, 'EP', {'AP': 1, 'SP': 2, 'BP': 1})
>>> p = pool_buy_budget()
>>> dict(p.pools), p.extra, p.currency, dict(p.rates)
({'AP': 90, 'SP': 20, 'BP': 0}, 100, 'WP', {'AP': 2, 'SP': 4, 'BP': 2})
>>> age_background_points(20, "square-root").points, age_background_points(20, "double").points
(44, 40)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rollwright.errors import ParameterError
from facade.rules.costs_skills import CascadeNode, CascadeResult, cascade_broad, cascade_tree
from facade.rules.costs_tracks import (
    GRADE_RATES, GRADES, Cost, Track, check_grade, points_text, track, track_keys)

__all__ = [
    "ADVANCEMENT", "BACKGROUND_KINDS", "CURRENCIES", "GRADES", "GRADE_RATES", "LIABILITY_OPTIONS",
    "SKILL_METHODS", "SKILL_TIERS", "AgePoints", "Budget", "Refund", "CascadeNode", "CascadeResult", "Cost", "Span",
    "Track", "age_background_points", "attribute_cost", "background_cost", "cascade_broad", "cascade_cost",
    "cascade_tree", "extra_equivalent", "modifier_cost", "point_buy_budget", "points_text", "pool_buy_budget",
    "raise_cost", "refund", "standard_skill_cost", "track", "track_keys",
]

SKILL_TIERS = ("broad", "focus", "specialty")
BACKGROUND_KINDS = ("standard", "exponential")
SKILL_METHODS = ("standard", "cascade")
"""GM option: skill tiers bought separately, or SP spent into specialties that raise their parents."""
LIABILITY_OPTIONS = ("bonus", "own-area")
"""GM option: points back from negative modifiers and liabilities become bonus (extra) points,
or may only be spent in the area they came from."""

CURRENCIES = ("EP", "WP")
EXCHANGE: Mapping[str, Mapping[str, int]] = {"EP": {"AP": 1, "SP": 2, "BP": 1}, "WP": {"AP": 2, "SP": 4, "BP": 2}}
"""What one Extra Point (point buy) or Weighted Point (pool buy) buys in each pool."""
WP_IN_EP = 2

POINT_BUY_POOLS = {"AP": 100, "SP": 200, "BP": 50}
POINT_BUY_EXTRA = 50
POOL_BUY_POOLS = {"AP": 90, "SP": 20, "BP": 0}
POOL_BUY_EXTRA = 100
ADVANCEMENT = {"point-buy": "EP", "pool-buy": "WP"}
"""The points a GM hands out for experience under each method."""
SUGGESTED_EP_PER_GAME = (3, 10)


def _check_choice(value: str, choices: tuple[str, ...], name: str) -> str:
    if value not in choices:
        raise ParameterError(f"'{name}' must be one of {', '.join(choices)} (got {value!r})", field=name)
    return value


def extra_equivalent(pool: str, points: Fraction | int, currency: str = "EP") -> Fraction:
    """Extra Points (or Weighted Points) that buy ``points`` of ``pool``.

    >>> extra_equivalent("SP", 5), extra_equivalent("SP", 5, "WP")
    (Fraction(5, 2), Fraction(5, 4))
    """
    rates = EXCHANGE[_check_choice(currency, CURRENCIES, "currency")]
    return Fraction(points) / rates[_check_choice(pool, tuple(rates), "pool")]


def attribute_cost(level: int) -> Cost:
    """An attribute level 0-6: level n costs n AP."""
    return track("attribute").cost(level)


def modifier_cost(grade: str, level: int) -> Cost:
    """A modifier level 0-6 of a grade: rate × level AP, rounded up."""
    return track(f"modifier-{check_grade(grade)}").cost(level)


def standard_skill_cost(tier: str, level: int) -> Cost:
    """A standard skill level 0-4 of a tier (broad, focus or specialty), bought on its own."""
    return track(f"skill-{_check_choice(tier, SKILL_TIERS, 'tier')}").cost(level)


def cascade_cost(tier: str, level: int, reduced: bool = False) -> Cost:
    """SP that must accumulate under a cascade skill for ``level``; ``reduced`` when its parent is at 4."""
    tier = _check_choice(tier, SKILL_TIERS, "tier")
    if reduced and tier == "broad":
        raise ParameterError("'reduced' applies to focus and specialty skills only: a broad has no parent",
                             field="reduced")
    return track(f"cascade-{tier}{'-reduced' if reduced else ''}").cost(level)


def background_cost(kind: str, grade: str, level: int) -> Cost:
    """A background level 0-12: ``kind`` standard or exponential, ``grade`` minor ... extreme."""
    if kind == "individual":
        raise ParameterError("'kind': individual backgrounds have no cost table; the GM prices each one",
                             field="kind")
    kind = _check_choice(kind, BACKGROUND_KINDS, "kind")
    return track(f"{'background' if kind == 'standard' else 'exponential'}-{check_grade(grade)}").cost(level)


@dataclass(frozen=True)
class Span:
    """Raising one track from one level to another: each step and the total."""

    track: Track
    from_level: int
    to_level: int
    steps: tuple[Cost, ...]
    total: Fraction

    @property
    def pool(self) -> str:
        return self.track.pool

    def in_extra(self, currency: str) -> Fraction:
        """What the total is worth in EP or WP."""
        return extra_equivalent(self.pool, self.total, currency)

    def explanation(self) -> str:
        t = self.track
        verb = "accumulate" if t.threshold else "cost"
        return (f"{t.label} from level {self.from_level} to {self.to_level}: "
                f"{points_text(self.total)} {t.pool} {verb} ({points_text(self.in_extra('EP'))} EP or "
                f"{points_text(self.in_extra('WP'))} WP). {t.rule} Seed: {t.row}.")

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.track.key, "label": self.track.label, "pool": self.pool,
                "from_level": self.from_level, "to_level": self.to_level, "threshold": self.track.threshold,
                "steps": [c.to_dict() for c in self.steps], "total": points_text(self.total),
                "ep": points_text(self.in_extra("EP")), "wp": points_text(self.in_extra("WP")),
                "rule": self.track.rule, "row": self.track.row, "anchor": self.track.anchor,
                "explanation": self.explanation()}


def raise_cost(key: str, from_level: int, to_level: int) -> Span:
    """Cost of raising track ``key`` from ``from_level`` to ``to_level`` (not lower).

    >>> raise_cost("attribute", 4, 3)
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: 'to_level' must not be below 'from_level' (4); got 3
    """
    t = track(key)
    t.check_level(from_level, "from_level")
    t.check_level(to_level, "to_level")
    if to_level < from_level:
        raise ParameterError(f"'to_level' must not be below 'from_level' ({from_level}); got {to_level}",
                             field="to_level")
    steps = tuple(t.cost(n) for n in range(from_level + 1, to_level + 1))
    return Span(t, from_level, to_level, steps, t.total(to_level) - t.total(from_level))


@dataclass(frozen=True)
class Budget:
    """Starting points of one creation method and what an extra point buys."""

    method: str
    pools: Mapping[str, int]
    extra: int
    currency: str
    rates: Mapping[str, int] = field(default_factory=dict)

    def worth(self) -> Fraction:
        """The whole budget in extra points (pools at the exchange rate plus the extra points)."""
        return self.extra + sum((extra_equivalent(p, n, self.currency) for p, n in self.pools.items()), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {"method": self.method, "pools": dict(self.pools), "extra": self.extra, "currency": self.currency,
                "rates": dict(self.rates), "worth": points_text(self.worth()),
                "advancement": ADVANCEMENT[self.method]}


def point_buy_budget(extra_points: int = POINT_BUY_EXTRA, background_points: int = POINT_BUY_POOLS["BP"]) -> Budget:
    """Weighted point buy: 100 AP, 200 SP, 50 BP (or an age award) and 50 EP by default."""
    for name, value in (("extra_points", extra_points), ("background_points", background_points)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ParameterError(f"'{name}' must be a whole number of at least 0 (got {value!r})", field=name)
    pools = {**POINT_BUY_POOLS, "BP": background_points}
    return Budget("point-buy", pools, extra_points, "EP", EXCHANGE["EP"])


def pool_buy_budget(weighted_points: int = POOL_BUY_EXTRA) -> Budget:
    """Weighted pool buy: 90 AP and 20 SP, then the GM's award of WP (100 is typical)."""
    if isinstance(weighted_points, bool) or not isinstance(weighted_points, int) or weighted_points < 0:
        raise ParameterError(f"'weighted_points' must be a whole number of at least 0 (got {weighted_points!r})",
                             field="weighted_points")
    return Budget("pool-buy", dict(POOL_BUY_POOLS), weighted_points, "WP", EXCHANGE["WP"])


AGE_RULES = ("square-root", "double")


@dataclass(frozen=True)
class AgePoints:
    """BP awarded for age: the unrounded amount (as text) and our rounded-down whole points."""

    age: int
    rule: str
    exact: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"age": self.age, "rule": self.rule, "exact": self.exact, "points": self.points}


def age_background_points(age: int, rule: str) -> AgePoints:
    """BP from age instead of 50: ten times the square root of the age, or twice the age.

    The seed does not say how to round the square root; we round down (our reading).

    >>> age_background_points(30, "square-root")
    AgePoints(age=30, rule='square-root', exact='54.77', points=54)
    """
    if isinstance(age, bool) or not isinstance(age, int) or not 1 <= age <= 1000:
        raise ParameterError(f"'age' must be a whole number from 1 to 1000 (got {age!r})", field="age")
    if _check_choice(rule, AGE_RULES, "rule") == "double":
        return AgePoints(age, rule, str(2 * age), 2 * age)
    points = math.isqrt(100 * age)  # floor(10 * sqrt(age)), exactly
    exact = str(points) if points * points == 100 * age else f"{10 * math.sqrt(age):.2f}"
    return AgePoints(age, rule, exact, points)


@dataclass(frozen=True)
class Refund:
    """Points given back by a negative modifier or a liability under a GM option."""

    pool: str         # where the points may be spent: AP/BP (own area) or EP/WP (bonus)
    points: Fraction
    explanation: str


def refund(pool: str, points: Fraction | int, option: str, currency: str = "EP") -> Refund:
    """What a negative modifier (``pool`` AP) or liability (BP) worth ``points`` gives back.

    "own-area": the same points, spendable only in that area. "bonus": converted to
    extra points; the seed gives no rate, so we use the exchange rate backwards (our reading).

    >>> refund("AP", 3, "bonus").points, refund("AP", 3, "bonus", "WP").points
    (Fraction(3, 1), Fraction(3, 2))
    """
    option = _check_choice(option, LIABILITY_OPTIONS, "option")
    if option == "own-area":
        where = "attributes and modifiers" if pool == "AP" else "backgrounds"
        return Refund(pool, Fraction(points), f"{points_text(Fraction(points))} {pool} to spend on {where} only.")
    value = extra_equivalent(pool, points, currency)
    return Refund(currency, value, f"{points_text(Fraction(points))} {pool} become {points_text(value)} {currency} "
                  f"at the exchange rate (our reading: the draft gives no rate).")

