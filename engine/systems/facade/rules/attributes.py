"""Façade attributes: five categories of three specific attributes, what ratings mean,
and the Body-based height and weight of modern humans.

A specific attribute runs 0-6; its category is the sum of its three (0-18).
Every category has a limit pool (see :mod:`facade.rules.limit_pools`).

>>> category_of("Will").name, category_of("Will").pool
('Soul', 'Exhaustion')
>>> category_total(3, 3, 3), attribute_meaning(3)
(9, 'average')
>>> hw = height_weight(10, "male")
>>> hw.height_text, hw.weight_lbs
('5\\' 10"', 160)
"""

from __future__ import annotations

from dataclasses import dataclass

from rollwright.errors import ParameterError
from facade.rules.costs_tracks import GRADES

MIN_ATTRIBUTE = 0
MAX_ATTRIBUTE = 6
SPECIFICS_PER_CATEGORY = 3
MAX_CATEGORY = SPECIFICS_PER_CATEGORY * MAX_ATTRIBUTE
AVERAGE_ATTRIBUTE = 3


@dataclass(frozen=True)
class Category:
    """One attribute category: its name, its three specific attributes and its limit pool."""

    name: str
    specifics: tuple[str, str, str]
    pool: str
    covers: str  # what the category is about, in our words

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "specifics": list(self.specifics), "pool": self.pool, "covers": self.covers}


CATEGORIES: tuple[Category, ...] = (
    Category("Body", ("Strength", "Stamina", "Health"), "Strain",
             "health, muscle and how hard the body can be pushed"),
    Category("Action", ("Finesse", "Grace", "Agility"), "Fatigue",
             "speed, coordination, deft hands and moving well"),
    Category("Mind", ("Reason", "Insight", "Perception"), "Stress",
             "logic, self-knowledge and noticing details"),
    Category("Persona", ("Poise", "Charisma", "Wits"), "Passion",
             "dealing with people: charm, persuasion, getting one's way"),
    Category("Soul", ("Creativity", "Luck", "Will"), "Exhaustion",
             "the intangibles: imagination, fortune and resolve"),
)
"""The five categories in the seed's order."""

SPECIFIC_ATTRIBUTES: tuple[str, ...] = tuple(s for c in CATEGORIES for s in c.specifics)

ATTRIBUTE_MEANINGS: tuple[str, ...] = (
    "the minimum possible: grave illness or a deep-seated problem; automatically fails any active contest "
    "that uses it",
    "pitiful",
    "below average",
    "average: the human norm",
    "above average",
    "exceptional",
    "phenomenal (for untrained ability)",
)
"""What a specific attribute of 0..6 means, index = rating."""

SHORT_MEANINGS: tuple[str, ...] = ("minimum", "pitiful", "below average", "average", "above average",
                                   "exceptional", "phenomenal")

MODIFIER_GRADES: tuple[str, ...] = tuple(grade.capitalize() for grade in GRADES)
"""Cost grades a modifier (or standard background) is marked with; costs are on the creation page."""

HEIGHT_WEIGHT_FORMULAS: tuple[str, ...] = ("female", "male")
_BASE_HEIGHT_INCHES = {"female": 4 * 12 + 6, "male": 5 * 12}
_BASE_WEIGHT_LBS = {"female": 90, "male": 110}
_LBS_PER_BODY = {"female": 3, "male": 5}


def check_attribute(value: int, field: str = "attribute") -> int:
    """``value`` if it is a specific attribute rating (0-6), else ParameterError naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_ATTRIBUTE <= value <= MAX_ATTRIBUTE:
        raise ParameterError(f"'{field}' must be a whole number from {MIN_ATTRIBUTE} to {MAX_ATTRIBUTE} "
                             f"(got {value!r})", field=field)
    return value


def check_category(value: int, field: str = "category") -> int:
    """``value`` if it is a category rating (0-18), else ParameterError naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CATEGORY:
        raise ParameterError(f"'{field}' must be a whole number from 0 to {MAX_CATEGORY} (got {value!r})",
                             field=field)
    return value


def category_named(name: str) -> Category:
    """The category called ``name`` (Body, Action, Mind, Persona, Soul).

    >>> category_named("Mind").specifics
    ('Reason', 'Insight', 'Perception')
    """
    for category in CATEGORIES:
        if category.name == name:
            return category
    known = ", ".join(c.name for c in CATEGORIES)
    raise ParameterError(f"'category' must be one of {known} (got {name!r})", field="category")


def category_of(specific: str) -> Category:
    """The category a specific attribute belongs to.

    >>> category_of("Grace").name
    'Action'
    """
    for category in CATEGORIES:
        if specific in category.specifics:
            return category
    raise ParameterError(f"'attribute' must be one of {', '.join(SPECIFIC_ATTRIBUTES)} (got {specific!r})",
                         field="attribute")


def category_total(first: int, second: int, third: int) -> int:
    """A category rating: the sum of its three specific attributes (each 0-6).

    >>> category_total(6, 6, 6)
    18
    """
    return sum(check_attribute(v, f) for v, f in ((first, "first"), (second, "second"), (third, "third")))


def category_ratings(specifics: dict[str, int]) -> dict[str, int]:
    """Every category's rating from a mapping of all fifteen specific attributes.

    >>> category_ratings({name: 3 for name in SPECIFIC_ATTRIBUTES})["Soul"]
    9
    """
    missing = [s for s in SPECIFIC_ATTRIBUTES if s not in specifics]
    if missing:
        raise ParameterError(f"'{missing[0]}' is missing: every specific attribute needs a rating", field=missing[0])
    extra = sorted(set(specifics) - set(SPECIFIC_ATTRIBUTES))
    if extra:
        raise ParameterError(f"'{extra[0]}' is not a specific attribute", field=extra[0])
    return {c.name: sum(check_attribute(specifics[s], s) for s in c.specifics) for c in CATEGORIES}


def attribute_meaning(rating: int) -> str:
    """The short meaning of a specific attribute rating (0-6)."""
    return SHORT_MEANINGS[check_attribute(rating, "rating")]


@dataclass(frozen=True)
class HeightWeight:
    """Standard height and weight of a modern human from Body."""

    body: int
    formula: str
    height_inches: int
    weight_lbs: int

    @property
    def height_text(self) -> str:
        """Feet and inches, e.g. ``5' 10"``."""
        feet, inches = divmod(self.height_inches, 12)
        return f"{feet}' {inches}\""

    def to_dict(self) -> dict[str, object]:
        return {"body": self.body, "formula": self.formula, "height_inches": self.height_inches,
                "height": self.height_text, "weight_lbs": self.weight_lbs,
                "base_height_inches": _BASE_HEIGHT_INCHES[self.formula],
                "base_weight_lbs": _BASE_WEIGHT_LBS[self.formula], "lbs_per_body": _LBS_PER_BODY[self.formula]}


def height_weight(body: int, formula: str) -> HeightWeight:
    """Height (base + Body inches) and weight (base + k x Body lbs) for ``formula`` female or male.

    >>> height_weight(9, "female").height_text, height_weight(9, "female").weight_lbs
    ('5\\' 3"', 117)
    """
    check_category(body, "body")
    if formula not in HEIGHT_WEIGHT_FORMULAS:
        raise ParameterError(f"'formula' must be one of {', '.join(HEIGHT_WEIGHT_FORMULAS)} (got {formula!r})",
                             field="formula")
    return HeightWeight(body, formula, _BASE_HEIGHT_INCHES[formula] + body,
                        _BASE_WEIGHT_LBS[formula] + _LBS_PER_BODY[formula] * body)
