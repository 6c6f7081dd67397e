"""The Façade character document (schema version 2) as dataclasses, and its JSON form.

A :class:`Character` holds exactly what the player entered, valid or not: an
attribute of 9 stays 9 (validation reports it). ``serialize`` gives the plain
JSON document of the contract; :mod:`.parse` reads one back.

>>> c = new_character("pool-buy")
>>> c.settings.budget, c.attributes["will"]
({'AP': 90, 'SP': 20, 'BP': 0, 'WP': 100}, 3)
>>> serialize(c)["conversions"]
{'AP': 0, 'SP': 0, 'BP': 0}
>>> spec = Specialty("Roll", 0, Fraction(5, 2))
>>> serialize_skill(Skill("Athletics", 0, [Focus("Dodge", 0, [spec])]))["focuses"][0]["specialties"][0]["sp"]
'2.5'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from facade.rules.costs import GRADES, LIABILITY_OPTIONS, SKILL_METHODS
from facade.rules.costs_tracks import points_text

SCHEMA = "rollwright/facade-character"
VERSION = 2
METHODS = ("point-buy", "pool-buy")
FORMULAS = ("female", "male")
AGE_RULES = ("square-root", "double")
BACKGROUND_KINDS = ("standard", "exponential")
MODIFIER_CATEGORIES = ("body", "action", "mind", "persona", "soul")
CLASSIFICATIONS = ("resources", "relationships", "status", "special")
LIABILITY_CLASSIFICATIONS = ("debts", "dysfunction", "notoriety", "problems")
ATTRIBUTES = ("strength", "stamina", "health", "finesse", "grace", "agility", "reason", "insight", "perception",
              "poise", "charisma", "wits", "creativity", "luck", "will")
"""The fifteen specific attributes in the seed's order (three per category)."""
CATEGORY_KEYS = {"body": ATTRIBUTES[0:3], "action": ATTRIBUTES[3:6], "mind": ATTRIBUTES[6:9],
                 "persona": ATTRIBUTES[9:12], "soul": ATTRIBUTES[12:15]}
POOLS = ("AP", "SP", "BP")
DEFAULT_ATTRIBUTE = 3
MAX_NAME = 80
MAX_NOTES = 4000
CAPS = {"modifiers": 40, "skills": 30, "focuses": 10, "specialties": 10, "backgrounds": 40}
"""Longest lists a character may hold (over a cap is an error, not a refusal)."""
DEFAULT_BUDGETS: dict[str, dict[str, int]] = {
    "point-buy": {"AP": 100, "SP": 200, "BP": 50, "EP": 50},
    "pool-buy": {"AP": 90, "SP": 20, "BP": 0, "WP": 100},
}
CURRENCY = {"point-buy": "EP", "pool-buy": "WP"}

__all__ = ["AGE_RULES", "ATTRIBUTES", "BACKGROUND_KINDS", "CAPS", "CATEGORY_KEYS", "CLASSIFICATIONS", "CURRENCY",
           "Character", "DEFAULT_BUDGETS", "Background", "FORMULAS", "Focus", "GRADES", "LIABILITY_CLASSIFICATIONS",
           "LIABILITY_OPTIONS", "METHODS", "MODIFIER_CATEGORIES", "Message", "Modifier", "POOLS", "SKILL_METHODS",
           "Settings", "Skill", "Specialty", "currency_of", "new_character", "points_json", "points_str", "serialize"]


def currency_of(method: str) -> str:
    """The extra-point currency of a method: EP for point buy (and anything unknown), WP for pool buy."""
    return CURRENCY.get(method, "EP")


def points_str(value: Fraction | int) -> str:
    """``points_text`` of the costs module; whole amounts take a short cut, others are cached."""
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    return _points_text(value)


_points_text = lru_cache(maxsize=4096)(points_text)


def points_json(value: Fraction) -> int | str:
    """A point amount for the document: a whole number as an int, else exact text ("2.5")."""
    return value.numerator if value.denominator == 1 else points_str(value)


@dataclass
class Message:
    """One validation message: severity, a stable code, our text, the rule and its anchor, the field path."""

    severity: str  # "error" or "warning"
    code: str
    text: str
    rule: str
    href: str
    path: str

    def to_dict(self) -> dict[str, str]:
        return {"severity": self.severity, "code": self.code, "text": self.text, "rule": self.rule,
                "href": self.href, "path": self.path}


@dataclass
class Settings:
    """The GM options and budgets a character is built under."""

    skills: str = "standard"
    liabilities: str = "bonus"
    formula: str = "female"
    budget: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_BUDGETS["point-buy"]))
    age: int | None = None
    bp_from_age: str | None = None


@dataclass
class Modifier:
    name: str = ""
    category: str = "body"
    grade: str = "minor"
    level: int = 1
    negative: bool = False


@dataclass
class Specialty:
    name: str = ""
    level: int = 0
    sp: Fraction = Fraction(0)


@dataclass
class Focus:
    name: str = ""
    level: int = 0
    specialties: list[Specialty] = field(default_factory=list)


@dataclass
class Skill:
    name: str = ""
    level: int = 0
    focuses: list[Focus] = field(default_factory=list)


@dataclass
class Background:
    name: str = ""
    kind: str = "standard"
    grade: str = "minor"
    level: int = 1
    liability: bool = False
    classification: str = "resources"


@dataclass
class Character:
    """A whole character as entered (values may be out of range; see validate)."""

    id: str = ""
    name: str = ""
    player: str = ""
    concept: str = ""
    notes: str = ""
    method: str = "point-buy"
    settings: Settings = field(default_factory=Settings)
    attributes: dict[str, int] = field(default_factory=lambda: {a: DEFAULT_ATTRIBUTE for a in ATTRIBUTES})
    bodyweight: int | None = None
    modifiers: list[Modifier] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    backgrounds: list[Background] = field(default_factory=list)
    conversions: dict[str, int] = field(default_factory=lambda: {p: 0 for p in POOLS})

    @property
    def currency(self) -> str:
        return currency_of(self.method)


def new_character(method: str = "point-buy", id: str = "") -> Character:
    """A fresh character for ``method`` with that method's default budget and empty lists."""
    budget = dict(DEFAULT_BUDGETS.get(method, DEFAULT_BUDGETS["point-buy"]))
    return Character(id=id, method=method, settings=Settings(budget=budget))


def serialize_skill(skill: Skill) -> dict[str, Any]:
    return {"name": skill.name, "level": skill.level,
            "focuses": [{"name": f.name, "level": f.level,
                         "specialties": [{"name": s.name, "level": s.level, "sp": points_json(s.sp)}
                                         for s in f.specialties]} for f in skill.focuses]}


def serialize(c: Character) -> dict[str, Any]:
    """The version 2 JSON document of a character (keys in the contract's order)."""
    s = c.settings
    return {
        "schema": SCHEMA, "version": VERSION, "id": c.id, "name": c.name, "player": c.player,
        "concept": c.concept, "notes": c.notes, "method": c.method,
        "settings": {"skills": s.skills, "liabilities": s.liabilities, "formula": s.formula,
                     "budget": dict(s.budget), "age": s.age, "bp_from_age": s.bp_from_age},
        "attributes": dict(c.attributes), "bodyweight": c.bodyweight,
        "modifiers": [{"name": m.name, "category": m.category, "grade": m.grade, "level": m.level,
                       "negative": m.negative} for m in c.modifiers],
        "skills": [serialize_skill(k) for k in c.skills],
        "backgrounds": [{"name": b.name, "kind": b.kind, "grade": b.grade, "level": b.level,
                         "liability": b.liability, "classification": b.classification} for b in c.backgrounds],
        "conversions": dict(c.conversions),
    }
