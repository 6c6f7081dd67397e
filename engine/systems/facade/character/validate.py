"""Validation: every problem with a character as a message that names its rule and field.

Errors make a character invalid (it can still be saved as a draft); warnings
point at something odd that the rules allow.

>>> from facade.character.model import Character
>>> from facade.character.spending import spend
>>> c = Character()
>>> c.attributes["luck"] = 9
>>> [(m.code, m.path, m.href) for m in validate(c, spend(c))]
[('attribute-range', 'attributes.luck', 'facade/characters/#attributes')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from facade.character.model import (
    AGE_RULES, ATTRIBUTES, BACKGROUND_KINDS, CAPS, CLASSIFICATIONS, FORMULAS, GRADES, LIABILITY_CLASSIFICATIONS,
    LIABILITY_OPTIONS, MAX_NAME, MAX_NOTES, METHODS, MODIFIER_CATEGORIES, SKILL_METHODS, Character, Message,
    points_str)
from facade.character.rules import message
from facade.character.spending import Spending, valid_sp
from facade.rules.costs_tracks import MAX_ATTRIBUTE, MAX_BACKGROUND, MAX_MODIFIER, MAX_SKILL
from facade.rules.body_systems import MAX_BODYWEIGHT

MAX_AGE = 1000


def _error(code: str, text: str, rule: str, path: str) -> Message:
    return message("error", code, text, rule, path)


def _warning(code: str, text: str, rule: str, path: str) -> Message:
    return message("warning", code, text, rule, path)


def _one_of(value: str, choices: Sequence[str], code: str, what: str, rule: str, path: str) -> Iterator[Message]:
    if value not in choices:
        yield _error(code, f"{path}: {value!r} is not a known {what} (choose {', '.join(choices)}).", rule, path)


def _range(value: int, low: int, high: int, code: str, what: str, rule: str, path: str) -> Iterator[Message]:
    if not low <= value <= high:
        side = "above" if value > high else "below"
        yield _error(code, f"{path}: {what} {value} is {side} the allowed {low}-{high}.", rule, path)


def _name(value: str, path: str, rule: str, thing: str) -> Iterator[Message]:
    if len(value) > MAX_NAME:
        yield _error("name-too-long", f"{path}: the name is {len(value)} characters long; keep it to {MAX_NAME}.",
                     rule, path)
    elif not value.strip():
        yield _warning("unnamed", f"{path}: this {thing} has no name yet.", rule, path)


def _cap(count: int, cap: int, path: str, what: str, rule: str) -> Iterator[Message]:
    if count > cap:
        yield _error("too-many", f"{path}: {count} {what}; a character may have at most {cap}.", rule, path)


def _duplicates(names: list[str], path: str, rule: str) -> Iterator[Message]:
    seen: set[str] = set()
    for index, name in enumerate(names):
        key = name.strip().casefold()
        if key and key in seen:
            where = f"{path}.{index}"
            yield _warning("duplicate-name", f"{where}: {name!r} appears twice at this level of the tree.", rule, where)
        seen.add(key)


def _document(c: Character) -> Iterator[Message]:
    buy = "pool-buy" if c.method == "pool-buy" else "point-buy"
    yield from _one_of(c.method, METHODS, "unknown-method", "creation method", "point-buy", "method")
    for key in ("id", "name", "player", "concept"):
        value = getattr(c, key)
        if len(value) > MAX_NAME:
            yield _error("name-too-long", f"{key}: {len(value)} characters; keep it to {MAX_NAME}.", "document", key)
    if len(c.notes) > MAX_NOTES:
        yield _error("too-long", f"notes: {len(c.notes)} characters; keep them to {MAX_NOTES}.", "document", "notes")
    s = c.settings
    yield from _one_of(s.skills, SKILL_METHODS, "unknown-option", "skill buying option", "creation-skills",
                       "settings.skills")
    yield from _one_of(s.liabilities, LIABILITY_OPTIONS, "unknown-option", "option for points back", buy,
                       "settings.liabilities")
    yield from _one_of(s.formula, FORMULAS, "unknown-option", "height and weight formula", "height-weight",
                       "settings.formula")
    for pool, value in s.budget.items():
        if value < 0:
            yield _error("negative-value", f"settings.budget.{pool}: a budget cannot be negative ({value}).",
                         "pool-buy" if pool == "WP" else ("extra-points" if pool == "EP" else buy),
                         f"settings.budget.{pool}")
    if s.age is not None:
        yield from _range(s.age, 1, MAX_AGE, "out-of-range", "age", "creation-backgrounds", "settings.age")
    if s.bp_from_age is not None:
        yield from _one_of(s.bp_from_age, AGE_RULES, "unknown-option", "rule for BP from age",
                           "creation-backgrounds", "settings.bp_from_age")
        if s.age is None:
            yield _error("age-missing", "settings.age: BP from age needs the character's age.",
                         "creation-backgrounds", "settings.age")
        if c.method == "pool-buy":
            yield _warning("ignored-setting", "settings.bp_from_age: BP from age replaces the 50 BP of point buy; "
                           "pool buy has no BP budget to replace, so it is ignored.", "creation-backgrounds",
                           "settings.bp_from_age")
    for pool, value in c.conversions.items():
        if value < 0:
            yield _error("negative-value", f"conversions.{pool}: cannot convert a negative number of "
                         f"{c.currency} ({value}).", "extra-points" if buy == "point-buy" else buy,
                         f"conversions.{pool}")
    if c.bodyweight is not None:
        yield from _range(c.bodyweight, 1, MAX_BODYWEIGHT, "out-of-range", "bodyweight (lbs)", "height-weight",
                          "bodyweight")


def _attributes(c: Character) -> Iterator[Message]:
    for name in ATTRIBUTES:
        value, path = c.attributes[name], f"attributes.{name}"
        yield from _range(value, 0, MAX_ATTRIBUTE, "attribute-range", name.capitalize(), "attributes", path)
        if value == 0:
            yield _warning("attribute-zero", f"{path}: {name.capitalize()} 0 fails every active contest that "
                           "uses it.", "attributes", path)


def _modifiers(c: Character) -> Iterator[Message]:
    yield from _cap(len(c.modifiers), CAPS["modifiers"], "modifiers", "modifiers", "modifiers")
    for i, m in enumerate(c.modifiers):
        path = f"modifiers.{i}"
        yield from _name(m.name, f"{path}.name", "modifiers", "modifier")
        yield from _one_of(m.category, MODIFIER_CATEGORIES, "unknown-category", "attribute category", "modifiers",
                           f"{path}.category")
        yield from _one_of(m.grade, GRADES, "unknown-grade", "grade", "creation-modifiers", f"{path}.grade")
        yield from _range(m.level, 0, MAX_MODIFIER, "modifier-range", "modifier level", "creation-modifiers",
                          f"{path}.level")


def _skills(c: Character) -> Iterator[Message]:
    cascade = c.settings.skills == "cascade"
    tier_rule = "cascade-skills" if cascade else "standard-skills"
    yield from _cap(len(c.skills), CAPS["skills"], "skills", "broad skills", "skills")
    yield from _duplicates([k.name for k in c.skills], "skills", "skills")

    def level(value: int, path: str) -> Iterator[Message]:
        if not cascade:
            yield from _range(value, 0, MAX_SKILL, "skill-level", "skill level", "skills", path)

    for i, skill in enumerate(c.skills):
        path = f"skills.{i}"
        yield from _name(skill.name, f"{path}.name", "skills", "broad skill")
        yield from level(skill.level, f"{path}.level")
        yield from _cap(len(skill.focuses), CAPS["focuses"], f"{path}.focuses", "focus skills", "skills")
        yield from _duplicates([f.name for f in skill.focuses], f"{path}.focuses", "skills")
        for j, focus in enumerate(skill.focuses):
            fpath = f"{path}.focuses.{j}"
            yield from _name(focus.name, f"{fpath}.name", "skills", "focus skill")
            yield from level(focus.level, f"{fpath}.level")
            yield from _cap(len(focus.specialties), CAPS["specialties"], f"{fpath}.specialties", "specialties",
                            "skills")
            yield from _duplicates([s.name for s in focus.specialties], f"{fpath}.specialties", "skills")
            for k, spec in enumerate(focus.specialties):
                spath = f"{fpath}.specialties.{k}"
                yield from _name(spec.name, f"{spath}.name", "skills", "specialty")
                yield from level(spec.level, f"{spath}.level")
                if cascade and not valid_sp(spec.sp):
                    yield _error("specialty-sp", f"{spath}.sp: {points_str(spec.sp)} SP cannot go into one "
                                 "specialty; use whole or half points from 0 to 5 (5 SP reach level 4).",
                                 tier_rule, f"{spath}.sp")


def _backgrounds(c: Character) -> Iterator[Message]:
    yield from _cap(len(c.backgrounds), CAPS["backgrounds"], "backgrounds", "backgrounds and liabilities",
                    "backgrounds")
    for i, b in enumerate(c.backgrounds):
        path = f"backgrounds.{i}"
        rule = "liabilities" if b.liability else "backgrounds"
        yield from _name(b.name, f"{path}.name", rule, "liability" if b.liability else "background")
        if b.kind == "individual":
            yield _error("unknown-kind", f"{path}.kind: individual backgrounds have no cost table (the GM prices "
                         "each one); enter it as standard or exponential at the GM's price.", "backgrounds",
                         f"{path}.kind")
        else:
            yield from _one_of(b.kind, BACKGROUND_KINDS, "unknown-kind", "background type", "creation-backgrounds",
                               f"{path}.kind")
        yield from _one_of(b.grade, GRADES, "unknown-grade", "grade", "creation-backgrounds", f"{path}.grade")
        yield from _range(b.level, 0, MAX_BACKGROUND, "background-range", "background level",
                          "creation-backgrounds", f"{path}.level")
        known = CLASSIFICATIONS + LIABILITY_CLASSIFICATIONS
        yield from _one_of(b.classification, known, "unknown-classification", "classification", rule,
                           f"{path}.classification")
        expected = LIABILITY_CLASSIFICATIONS if b.liability else CLASSIFICATIONS
        if b.classification in known and b.classification not in expected:
            what = "a liability" if b.liability else "a positive background"
            yield _warning("classification-mismatch", f"{path}.classification: {b.classification!r} does not fit "
                           f"{what} (use {', '.join(expected)}).", "liabilities", f"{path}.classification")


def _budget(c: Character, spending: Spending) -> Iterator[Message]:
    rule = "pool-buy" if c.method == "pool-buy" else "point-buy"
    extra = spending.extra
    for line in spending.pools:
        if line.left < 0:
            parts = [f"budget {line.budget}"]
            if line.converted:
                parts.append(f"{line.converted} from {extra.currency}")
            if line.refunded:
                parts.append(f"{points_str(line.refunded)} back from drawbacks")
            yield _error("over-budget", f"{line.pool}: {points_str(line.spent)} spent but only "
                         f"{points_str(line.available)} available ({', '.join(parts)}); "
                         f"{points_str(-line.left)} over. Convert more {extra.currency} or spend less.",
                         rule, f"settings.budget.{line.pool}")
    if extra.left < 0:
        bonus = f" plus {points_str(extra.bonus)} back from drawbacks" if extra.bonus else ""
        yield _error("conversions-exceed", f"conversions: {extra.spent} {extra.currency} converted but only "
                     f"{extra.budget}{bonus} to convert; {points_str(-extra.left)} too many.",
                     "pool-buy" if c.method == "pool-buy" else "extra-points", "conversions")


def validate(c: Character, spending: Spending) -> list[Message]:
    """Every message about ``c`` (without the reading notes), in document order."""
    return [*_document(c), *_attributes(c), *_modifiers(c), *_skills(c), *_backgrounds(c), *_budget(c, spending)]
