"""Façade cost tracks: what each level of a trait costs, built from the creation rules.

A :class:`Track` is one row of the creation cost tables (an attribute, a modifier
grade, a skill tier, a background grade). It knows the pool it is paid from, its
level range and the rule that prices a level; ``step(n)`` is the cost of going
from level n-1 to n and ``total(n)`` the cost from 0, always the sum of the steps.
Skill points come in halves, so every cost is a Fraction.

For cascade skills the numbers are thresholds rather than prices: the skill
points that must have accumulated under a skill for it to show that level.

>>> track("modifier-medium").total(3), track("modifier-medium").step(4)
(Fraction(5, 1), Fraction(1, 1))
>>> track("skill-specialty").total(3)
Fraction(3, 2)
>>> track("exponential-minor").steps()[:4]
(Fraction(1, 1), Fraction(0, 1), Fraction(1, 1), Fraction(1, 1))
>>> points_text(Fraction(3, 2)), points_text(Fraction(1, 8)), points_text(Fraction(1, 3))
('1.5', '0.125', '1/3')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rollwright.errors import ParameterError

GRADES = ("minor", "simple", "medium", "major", "extreme")
"""The five cost grades shared by modifiers and backgrounds, cheapest first."""

GRADE_RATES = {"minor": Fraction(1, 2), "simple": Fraction(1), "medium": Fraction(3, 2),
               "major": Fraction(2), "extreme": Fraction(5, 2)}
"""Points per level of a modifier (AP) or a standard background (BP)."""

MAX_ATTRIBUTE = 6
MAX_MODIFIER = 6
MAX_SKILL = 4
MAX_BACKGROUND = 12
PAGE = "facade/creation.md"


def points_text(value: Fraction | int) -> str:
    """A point amount for people: whole numbers plain, halves etc. as exact decimals, else p/q."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d != 1:
        return f"{value.numerator}/{value.denominator}"
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
    sign = "-" if value < 0 else ""
    scaled = abs(value.numerator) * 10 ** digits // value.denominator
    whole, frac = divmod(scaled, 10 ** digits)
    return f"{sign}{whole}.{frac:0{digits}d}"


@dataclass(frozen=True)
class Cost:
    """The price of one level of a track: the step into it and the total from 0."""

    track: str
    label: str
    pool: str
    level: int
    step: Fraction
    total: Fraction
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        return {"track": self.track, "label": self.label, "pool": self.pool, "level": self.level,
                "step": points_text(self.step), "total": points_text(self.total),
                "explanation": self.explanation}


@dataclass(frozen=True)
class Track:
    """One priced row: key, label, pool, level range, rule and where the seed prints it."""

    key: str
    label: str
    pool: str
    max_level: int
    rule: str          # how a level is priced, in our words
    row: str           # the seed's table and row this reproduces
    anchor: str        # our page section
    step_rule: Callable[[int], Fraction] = field(repr=False)
    threshold: bool = False  # cascade: totals are SP that must accumulate, not a price

    def check_level(self, level: int, name: str = "level") -> int:
        """``level`` if it is a whole number in 0..max_level, else ParameterError naming ``name``."""
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= self.max_level:
            raise ParameterError(f"'{name}' must be a whole number from 0 to {self.max_level} on the "
                                 f"{self.label.lower()} row (got {level!r})", field=name)
        return level

    def step(self, level: int) -> Fraction:
        """Cost of going from ``level - 1`` to ``level`` (0 for level 0)."""
        self.check_level(level)
        return Fraction(0) if level == 0 else self.step_rule(level)

    def total(self, level: int) -> Fraction:
        """Cost of ``level`` from 0: the sum of the steps."""
        self.check_level(level)
        return sum((self.step_rule(n) for n in range(1, level + 1)), Fraction(0))

    def steps(self) -> tuple[Fraction, ...]:
        """The step costs of levels 1..max_level."""
        return tuple(self.step_rule(n) for n in range(1, self.max_level + 1))

    def level_for(self, points: Fraction) -> int:
        """Highest level whose total is at most ``points`` (for cascade thresholds)."""
        level = 0
        while level < self.max_level and self.total(level + 1) <= points:
            level += 1
        return level

    def cost(self, level: int) -> Cost:
        """Step and total for ``level``, with a one-line explanation naming the table row."""
        self.check_level(level)
        step, total = self.step(level), self.total(level)
        verb = "needs" if self.threshold else "costs"
        text = (f"{self.label} level {level} {verb} {points_text(total)} {self.pool} in total "
                f"({points_text(step)} for the last level). {self.rule} Seed: {self.row}.")
        return Cost(self.key, self.label, self.pool, level, step, total, text)


_TRACKS: dict[str, Track] = {}


def _add(t: Track) -> Track:
    if t.key in _TRACKS:
        raise ValueError(f"cost track {t.key!r} is defined twice")
    _TRACKS[t.key] = t
    return t


def track(key: str) -> Track:
    """The cost track ``key`` (see :func:`track_keys`), or ParameterError listing them."""
    try:
        return _TRACKS[key]
    except KeyError:
        raise ParameterError(f"'what' must be one of {', '.join(_TRACKS)} (got {key!r})", field="what") from None


def track_keys() -> tuple[str, ...]:
    """Every track key, in page order."""
    return tuple(_TRACKS)


def check_grade(grade: str) -> str:
    """``grade`` if it is one of :data:`GRADES`, else ParameterError naming 'grade'."""
    if grade not in GRADES:
        raise ParameterError(f"'grade' must be one of {', '.join(GRADES)} (got {grade!r})", field="grade")
    return grade


def _rounded_up(rate: Fraction) -> Callable[[int], Fraction]:
    """Steps of a track whose total for level n is rate × n rounded up."""
    return lambda n: Fraction(math.ceil(rate * n) - math.ceil(rate * (n - 1)))


def _from_row(row: tuple[Fraction, ...]) -> Callable[[int], Fraction]:
    return lambda n: row[n - 1]


def _exponential(grade: str) -> Callable[[int], Fraction]:
    rules: dict[str, Callable[[int], int]] = {
        "minor": lambda n: 1 if n % 2 else n // 2 - 1,   # a pair of levels 2k-1, 2k costs k
        "simple": lambda n: (n + 1) // 2,
        "medium": lambda n: n,
        "major": lambda n: 3 * n // 2,
        "extreme": lambda n: 2 * n,
    }
    rule = rules[grade]
    return lambda n: Fraction(rule(n))


_EXPONENTIAL_RULES = {"minor": "Odd levels cost 1 BP; even level 2k costs k − 1 (each pair of levels k costs k).",
                      "simple": "Level n costs n ÷ 2 BP, rounded up.", "medium": "Level n costs n BP.",
                      "major": "Level n costs 3n ÷ 2 BP, rounded down.", "extreme": "Level n costs 2n BP."}

STANDARD_SKILL_STEPS = {
    "broad": (Fraction(2), Fraction(3), Fraction(3), Fraction(4)),
    "focus": (Fraction(1), Fraction(1), Fraction(2), Fraction(2)),
    "specialty": (Fraction(1, 2),) * 4,
}
"""Standard skills: SP per level 1-4 of each tier (the tiers are bought separately)."""

CASCADE_STEPS = {
    "broad": (Fraction(5), Fraction(10), Fraction(15), Fraction(15)),
    "focus": (Fraction(2), Fraction(3), Fraction(5), Fraction(5)),
    "specialty": (Fraction(1), Fraction(1), Fraction(1), Fraction(2)),
    "focus-reduced": (Fraction(2), Fraction(2), Fraction(3), Fraction(3)),
    "specialty-reduced": (Fraction(1, 2), Fraction(1, 2), Fraction(1), Fraction(1)),
}
"""Cascade skills: SP that must accumulate per level 1-4. The reduced rows apply under a parent at 4."""

_add(Track("attribute", "Attribute", "AP", MAX_ATTRIBUTE, "Level n costs n AP.",
           "attribute table, cost row", f"{PAGE}#attributes", lambda n: Fraction(n)))
for _g in GRADES:
    _rate = GRADE_RATES[_g]
    _add(Track(f"modifier-{_g}", f"{_g.capitalize()} modifier", "AP", MAX_MODIFIER,
               f"{points_text(_rate)} AP per level; a total is rounded up to a whole AP.",
               f"attribute table, {_g.capitalize()} Mod/total row", f"{PAGE}#modifiers", _rounded_up(_rate)))
for _tier, _row in STANDARD_SKILL_STEPS.items():
    _add(Track(f"skill-{_tier}", f"Standard {_tier} skill", "SP", MAX_SKILL,
               f"SP per level: {'/'.join(points_text(c) for c in _row)}.",
               f"standard skill table, {'Specific' if _tier == 'specialty' else _tier.capitalize()} row",
               f"{PAGE}#standard-skills", _from_row(_row)))
_CASCADE_LABELS = {"broad": "Cascade broad skill", "focus": "Cascade focus skill",
                   "specialty": "Cascade specialty skill",
                   "focus-reduced": "Cascade focus skill under a broad at 4",
                   "specialty-reduced": "Cascade specialty skill under a focus at 4"}
for _tier, _row in CASCADE_STEPS.items():
    _where = ("the reduced progression in the cascade text" if "reduced" in _tier else
              f"cascade skill table, {'Specific' if _tier == 'specialty' else _tier.capitalize()} row")
    _add(Track(f"cascade-{_tier}", _CASCADE_LABELS[_tier], "SP", MAX_SKILL,
               f"SP to accumulate per level: {'/'.join(points_text(c) for c in _row)}.",
               _where, f"{PAGE}#cascade-skills", _from_row(_row), threshold=True))
for _g in GRADES:
    _rate = GRADE_RATES[_g]
    _add(Track(f"background-{_g}", f"{_g.capitalize()} standard background", "BP", MAX_BACKGROUND,
               f"{points_text(_rate)} BP per level; a total is rounded up to a whole BP (as for modifiers).",
               f"standard background table, {_g.capitalize()} column", f"{PAGE}#standard-backgrounds",
               _rounded_up(_rate)))
for _g in GRADES:
    _add(Track(f"exponential-{_g}", f"{_g.capitalize()} exponential background", "BP", MAX_BACKGROUND,
               _EXPONENTIAL_RULES[_g], f"exponential background table, {_g.capitalize()} row",
               f"{PAGE}#exponential-backgrounds", _exponential(_g)))
