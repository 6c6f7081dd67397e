"""Reading a character document: keep every value that can be read, note every one that cannot.

``read`` never throws a readable value away: an attribute of 9 stays 9 (validation
reports it). A value of the wrong type (a level of "abc") is replaced by the default
and noted as an error naming its path; an unknown key is noted as a warning (the
check keeps it in the document it returns, :mod:`rollwright.kit.documents`). Only a
document that cannot be read as a whole (not an object, another schema, an unknown
version, nothing readable in it) raises ParameterError(field="character").

``parse`` is the strict form for Python callers: any note at all is an error.

>>> r = read({"name": "Ada", "attributes": {"luck": 9, "wits": "x"}, "colour": "red"})
>>> r.character.attributes["luck"], r.character.attributes["wits"]
(9, 3)
>>> [(m.code, m.path) for m in r.notes]
[('unknown-keys', ''), ('unreadable', 'attributes.wits')]
>>> parse({"name": "Ada", "level": 3})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: character: unknown key 'level' is kept as it is (not part of a character; this builder does not use it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from rollwright.errors import ParameterError
from rollwright.kit.documents import document_version
from facade.character.migrate import migrate_v1
from facade.character.model import (
    ATTRIBUTES, DEFAULT_ATTRIBUTE, DEFAULT_BUDGETS, POOLS, SCHEMA, VERSION, Background, Character, Focus, Message,
    Modifier, Settings, Skill, Specialty, currency_of, new_character)
from facade.character.rules import message, rule_for_path

T = TypeVar("T")
TOP_KEYS = ("schema", "version", "id", "name", "player", "concept", "notes", "method", "settings", "attributes",
            "bodyweight", "modifiers", "skills", "backgrounds", "conversions")
MAX_ITEMS = 5000
"""Hard limit on list entries in all (above what the caps allow): beyond it the document is refused."""
MAX_NUMBER = 10**12
"""Numbers beyond this size are not read as values (no rule needs them)."""
COUNT_CAPS = {"attributes.*": 1_000, "attributes.*.value": 1_000, "bodyweight": 1_000_000,
              "modifiers.*.level": 1_000, "skills.*.level": 1_000, "skills.*.focuses.*.level": 1_000,
              "skills.*.focuses.*.specialties.*.level": 1_000, "skills.*.focuses.*.specialties.*.sp": 1_000,
              "backgrounds.*.level": 1_000, "conversions.*": 1_000_000, "settings.budget.*": 1_000_000,
              "settings.age": 10_000}
"""Each count's cap where a document enters (the builder's calls declare it; far past the rules' ranges)."""
_INT = re.compile(r"\s*[+-]?\d{1,12}\s*")
_NUMBER = re.compile(r"\s*[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12}|\d{1,12}/\d{1,12})\s*")


@dataclass
class Reading:
    """What ``read`` found: the character, notes about unreadable parts, and the version migrated from."""

    character: Character
    notes: list[Message]
    migrated_from: int | None
    source: dict[str, Any]
    """The document as read (a version 1 document brought up to version 2), unknown keys and all."""


def _as_int(value: Any) -> int | None:
    """A whole number from an int, a whole float or digits in text; None if it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) <= MAX_NUMBER else None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) <= MAX_NUMBER:
        return int(value)
    if isinstance(value, str) and _INT.fullmatch(value):
        return int(value)
    return None


def _shown(value: Any) -> str:
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        return "a number too large to use"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    def __init__(self) -> None:
        self.notes: list[Message] = []
        self.bad_top: set[str] = set()
        self.count = 0

    def unreadable(self, path: str, value: Any, wanted: str, default: Any) -> None:
        if "." not in path:
            self.bad_top.add(path)
        used = "empty" if default in ("", None) else _shown(default)
        self.notes.append(message("error", "unreadable", f"{path}: {_shown(value)} is not {wanted}; "
                                  f"the builder uses {used} instead.", rule_for_path(path), path))

    def keys(self, obj: dict[str, Any], known: tuple[str, ...], path: str) -> None:
        extra = [str(k) for k in obj if k not in known]
        if extra:
            where = f"{path}: " if path else ""
            one = len(extra) == 1
            self.notes.append(message("warning", "unknown-keys", f"{where}unknown {'key' if one else 'keys'} "
                                      f"{', '.join(map(repr, extra))} {'is' if one else 'are'} kept as "
                                      f"{'it is' if one else 'they are'} (not part of a character; this builder "
                                      f"does not use {'it' if one else 'them'}).", rule_for_path(path), path))

    def whole(self, obj: dict[str, Any], key: str, path: str, default: int) -> int:
        value = obj.get(key)
        if value is None:
            return default
        number = _as_int(value)
        if number is None:
            self.unreadable(path, value, "a whole number", default)
            return default
        return number

    def maybe_whole(self, obj: dict[str, Any], key: str, path: str) -> int | None:
        value = obj.get(key)
        if value is None or value == "":
            return None
        number = _as_int(value)
        if number is None:
            self.unreadable(path, value, "a whole number", None)
        return number

    def text(self, obj: dict[str, Any], key: str, path: str, default: str = "") -> str:
        value = obj.get(key)
        if value is None:
            return default
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        self.unreadable(path, value, "text", default)
        return default

    def maybe_text(self, obj: dict[str, Any], key: str, path: str) -> str | None:
        return None if obj.get(key) in (None, "") else self.text(obj, key, path)

    def flag(self, obj: dict[str, Any], key: str, path: str, default: bool = False) -> bool:
        value = obj.get(key)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        if value in (0, 1) or value in ("true", "false"):
            return value in (1, "true")
        self.unreadable(path, value, "true or false", default)
        return default

    def points(self, obj: dict[str, Any], key: str, path: str) -> Fraction:
        value = obj.get(key)
        if value is None:
            return Fraction(0)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_NUMBER:
            return Fraction(value)
        if isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_NUMBER:
            return Fraction(repr(value))
        if isinstance(value, str) and _NUMBER.fullmatch(value) and not value.strip().endswith("/0"):
            return Fraction(value.strip())
        self.unreadable(path, value, "a number of points (such as 2 or \"2.5\")", 0)
        return Fraction(0)

    def obj(self, value: Any, path: str) -> dict[str, Any] | None:
        if value is None:
            return None
        if isinstance(value, dict):
            return value
        self.unreadable(path, value, "an object", None)
        return None

    def items(self, value: Any, path: str, one: Callable[[dict[str, Any], str], T]) -> list[T]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.unreadable(path, value, "a list", None)
            return []
        self.count += len(value)
        if self.count > MAX_ITEMS:
            raise ParameterError(f"character: the document holds more than {MAX_ITEMS} list entries (at "
                                 f"'{path}'); no character needs that many, so it is refused", field="character")
        out: list[T] = []
        for index, entry in enumerate(value):
            where = f"{path}.{index}"
            found = self.obj(entry, where)
            if found is not None:
                out.append(one(found, where))
        return out

    # --- parts of the document ---------------------------------------------------------------------------
    def settings(self, raw: dict[str, Any], method: str) -> Settings:
        self.keys(raw, ("skills", "liabilities", "formula", "budget", "age", "bp_from_age"), "settings")
        defaults = DEFAULT_BUDGETS.get(method, DEFAULT_BUDGETS["point-buy"])
        budget_raw = self.obj(raw.get("budget"), "settings.budget") or {}
        self.keys(budget_raw, tuple(defaults), "settings.budget")
        budget = {k: self.whole(budget_raw, k, f"settings.budget.{k}", v) for k, v in defaults.items()}
        return Settings(skills=self.text(raw, "skills", "settings.skills", "standard"),
                        liabilities=self.text(raw, "liabilities", "settings.liabilities", "bonus"),
                        formula=self.text(raw, "formula", "settings.formula", "female"), budget=budget,
                        age=self.maybe_whole(raw, "age", "settings.age"),
                        bp_from_age=self.maybe_text(raw, "bp_from_age", "settings.bp_from_age"))

    def modifier(self, raw: dict[str, Any], path: str) -> Modifier:
        self.keys(raw, ("name", "category", "grade", "level", "negative"), path)
        return Modifier(self.text(raw, "name", f"{path}.name"), self.text(raw, "category", f"{path}.category", "body"),
                        self.text(raw, "grade", f"{path}.grade", "minor"), self.whole(raw, "level", f"{path}.level", 1),
                        self.flag(raw, "negative", f"{path}.negative"))

    def specialty(self, raw: dict[str, Any], path: str) -> Specialty:
        self.keys(raw, ("name", "level", "sp"), path)
        return Specialty(self.text(raw, "name", f"{path}.name"), self.whole(raw, "level", f"{path}.level", 0),
                         self.points(raw, "sp", f"{path}.sp"))

    def focus(self, raw: dict[str, Any], path: str) -> Focus:
        self.keys(raw, ("name", "level", "specialties"), path)
        return Focus(self.text(raw, "name", f"{path}.name"), self.whole(raw, "level", f"{path}.level", 0),
                     self.items(raw.get("specialties"), f"{path}.specialties", self.specialty))

    def skill(self, raw: dict[str, Any], path: str) -> Skill:
        self.keys(raw, ("name", "level", "focuses"), path)
        return Skill(self.text(raw, "name", f"{path}.name"), self.whole(raw, "level", f"{path}.level", 0),
                     self.items(raw.get("focuses"), f"{path}.focuses", self.focus))

    def background(self, raw: dict[str, Any], path: str) -> Background:
        self.keys(raw, ("name", "kind", "grade", "level", "liability", "classification"), path)
        liability = self.flag(raw, "liability", f"{path}.liability")
        return Background(self.text(raw, "name", f"{path}.name"), self.text(raw, "kind", f"{path}.kind", "standard"),
                          self.text(raw, "grade", f"{path}.grade", "minor"),
                          self.whole(raw, "level", f"{path}.level", 1), liability,
                          self.text(raw, "classification", f"{path}.classification",
                                    "debts" if liability else "resources"))

    def character(self, raw: dict[str, Any]) -> Character:
        self.keys(raw, TOP_KEYS, "")
        method = self.text(raw, "method", "method", "point-buy")
        c = new_character(method)
        c.id = self.text(raw, "id", "id")
        c.name, c.player = self.text(raw, "name", "name"), self.text(raw, "player", "player")
        c.concept, c.notes = self.text(raw, "concept", "concept"), self.text(raw, "notes", "notes")
        settings = self.obj(raw.get("settings"), "settings")
        if settings is not None:
            c.settings = self.settings(settings, method)
        attributes = self.obj(raw.get("attributes"), "attributes") or {}
        self.keys(attributes, ATTRIBUTES, "attributes")
        c.attributes = {a: self.whole(attributes, a, f"attributes.{a}", DEFAULT_ATTRIBUTE) for a in ATTRIBUTES}
        c.bodyweight = self.maybe_whole(raw, "bodyweight", "bodyweight")
        c.modifiers = self.items(raw.get("modifiers"), "modifiers", self.modifier)
        c.skills = self.items(raw.get("skills"), "skills", self.skill)
        c.backgrounds = self.items(raw.get("backgrounds"), "backgrounds", self.background)
        conversions = self.obj(raw.get("conversions"), "conversions") or {}
        self.keys(conversions, POOLS, "conversions")
        c.conversions = {p: self.whole(conversions, p, f"conversions.{p}", 0) for p in POOLS}
        return c


def _version(raw: dict[str, Any]) -> int:
    if "schema" in raw and raw["schema"] != SCHEMA:
        raise ParameterError(f"character: this is not a Façade character (its schema is {_shown(raw['schema'])}, "
                             f"expected {SCHEMA!r})", field="character")
    unmarked = 1 if isinstance(raw.get("attributes"), list) or raw.get("method") in ("point", "pool") else VERSION
    return document_version(raw, reads=(1, VERSION), default=unmarked)


def read(data: Any) -> Reading:
    """Read a character document of version 1 or 2 (see the module text)."""
    if not isinstance(data, dict):
        raise ParameterError(f"character: a character must be a JSON object (got {type(data).__name__})",
                             field="character")
    version = _version(data)
    known = [k for k in data if k in TOP_KEYS and k not in ("schema", "version")]
    if not known:
        found = ", ".join(repr(str(k)) for k in list(data)[:5]) or "nothing"
        raise ParameterError(f"character: the object has none of a character's fields (found {found})",
                             field="character")
    reader = _Reader()
    raw = data
    if version == 1:
        raw, reader.notes = migrate_v1(data)
    character = reader.character(raw)
    if reader.bad_top >= set(known):
        raise ParameterError(f"character: nothing in the document could be read ({', '.join(known)} all have "
                             f"the wrong type)", field="character")
    return Reading(character, reader.notes, 1 if version == 1 else None, raw)


def parse(data: Any) -> Character:
    """Strict reading: the character, or ParameterError naming the first field that is not right."""
    reading = read(data)
    if reading.notes:
        first = reading.notes[0]
        raise ParameterError(f"character: {first.text}", field=first.path or "character")
    return reading.character


__all__ = ["Reading", "currency_of", "parse", "read"]
