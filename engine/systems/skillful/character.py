"""A Skillful character: a name, skills with levels, and the six fatigue pools.

The draft gives no pool sizes and no rule turning a pool's level into a
penalty, except that an empty Wind gives 4. So each pool has a *size* and a
*current* value, both entered by the player, and two settings say what an
empty Wind and an empty Wit cost (4 and 0 by default). From these the sheet
derives the penalties and the threshold width T, as the tracker does. The
check refuses what the sheet could not use: a skill with a level but no name,
a skill named twice, a pool holding more than its size.

>>> ada = read({"name": "Ada", "skills": [{"name": "Swords", "level": 7}],
...             "pools": {"Wind": {"size": 40, "current": 0}}})
>>> derived(ada)["physical_penalty"], derived(ada)["physical_width"]
(4, 6)
>>> [m["code"] for m in problems(read({"skills": [{"name": "Swords", "level": 99}]}))]
['skillful-skill', 'skillful-name']
>>> [m["text"] for m in problems(read({"name": "Bo", "pools": {"Wind": {"size": 60, "current": 80}}}))]
['Wind: 80 now, more than the pool holds (60).']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import readable_message
from rollwright.kit.documents import document_version
from rollwright.kit.fields import FieldNote, FieldReader
from skillful.rules.checks import MAX_PENALTY, MAX_SKILL
from skillful.rules.effort import POOLS
from skillful.rules.tiers import threshold_width
from skillful.rules.tracker import floor_of

SCHEMA = "rollwright/skillful"
VERSION = 1
"""The document version this builder writes and reads (a newer one is refused: :mod:`rollwright.kit.documents`)."""
SKILL_SLOTS = 8
MAX_POOL = 999
DEFAULT_SIZE = 60
SETTINGS = {"wind_empty": ("Penalty for an empty Wind (the draft: 4)", 4),
            "wit_empty": ("Penalty for an empty Wit (the draft gives none)", 0)}
RULES = {
    "skills": ("Skills", "skillful/builder/#skills"),
    "pools": ("Fatigue pools", "skillful/builder/#fatigue-pools"),
    "settings": ("Penalties of empty pools", "skillful/builder/#penalties-of-empty-pools"),
    "builder": ("What the builder checks", "skillful/builder/#what-the-builder-checks"),
}
"""Each rule a message can point to: its name and the section of the site that states it."""


def blank() -> dict[str, Any]:
    """A new character: no name, no skills, full pools of the default size."""
    return {"schema": SCHEMA, "version": VERSION, "name": "", "skills": [],
            "pools": {pool: {"size": DEFAULT_SIZE, "current": DEFAULT_SIZE} for pool in POOLS},
            "settings": {key: default for key, (_, default) in SETTINGS.items()}}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_fields(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[FieldNote]]:
    """The character's fields, with missing pools and settings at their defaults, and a note for each field
    of the wrong type (which takes its default); ParameterError for another system's character."""
    schema = document.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParameterError(f"character: not a Skillful character (schema {schema!r})", field="character")
    document_version(document, reads=(VERSION,))
    base = blank()
    fields = FieldReader()
    pools = fields.mapping(document.get("pools"), "pools")
    settings = fields.mapping(document.get("settings"), "settings")
    skills = fields.items(document.get("skills"), "skills")[:SKILL_SLOTS]
    pool_fields = {pool: fields.mapping(pools.get(pool), f"pools.{pool}") for pool in POOLS}
    character: dict[str, Any] = {
        "schema": SCHEMA, "version": VERSION, "name": fields.text(document.get("name"), "name"),
        "skills": [{"name": fields.text(s.get("name"), f"skills.{i}.name"),
                    "level": fields.number(s.get("level"), f"skills.{i}.level")} for i, s in enumerate(skills)],
        "pools": {pool: {key: fields.number(pool_fields[pool].get(key), f"pools.{pool}.{key}", base["pools"][pool][key])
                         for key in ("size", "current")} for pool in POOLS},
        "settings": {key: fields.number(settings.get(key), f"settings.{key}", base["settings"][key])
                     for key in SETTINGS},
    }
    if "id" in document:
        character["id"] = fields.text(document.get("id"), "id")
    return character, fields.notes


def read(document: Mapping[str, Any]) -> dict[str, Any]:
    """The character's fields (see :func:`read_fields`)."""
    return read_fields(document)[0]


def note_messages(notes: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
    """Notes on the document's fields (a wrong type, an unknown field kept) as messages naming each place."""
    return [_message(severity, code, readable_message(note.text, note.path), "builder", note.path) for note in notes]


def _message(severity: str, code: str, text: str, rule: str, path: str) -> dict[str, str]:
    name, href = RULES[rule]
    return {"severity": severity, "code": code, "text": text, "rule": name, "href": href, "path": path}


def _skill_problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    seen: dict[str, int] = {}
    for i, skill in enumerate(c["skills"]):
        name, level, path = skill["name"].strip(), skill["level"], f"skills.{i}"
        if name and not (_whole(level) and 0 <= level <= MAX_SKILL):
            found.append(_message("error", "skillful-skill", f"{name}: a level is a whole number from 0 to "
                                  f"{MAX_SKILL}.", "skills", f"{path}.level"))
        elif not name and level is not None and level != "":
            found.append(_message("error", "skillful-skill-name", f"Skill {i + 1} has a level but no name: name "
                                  "it, or clear its level.", "skills", f"{path}.name"))
        if name and name.casefold() in seen:
            found.append(_message("error", "skillful-skill-twice", f"Skill {i + 1}: {name!r} is already skill "
                                  f"{seen[name.casefold()] + 1}; a skill has one level.", "skills", f"{path}.name"))
        seen.setdefault(name.casefold(), i)
    return found


def _pool_problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    found = []
    for pool in POOLS:
        size, now = c["pools"][pool]["size"], c["pools"][pool]["current"]
        size_ok = _whole(size) and 1 <= size <= MAX_POOL
        if not size_ok:
            found.append(_message("error", "skillful-pool-size", f"{pool}: a size is a whole number from 1 to "
                                  f"{MAX_POOL}.", "pools", f"pools.{pool}.size"))
        if not (_whole(now) and -MAX_POOL <= now <= MAX_POOL):
            found.append(_message("error", "skillful-pool-current", f"{pool}: the current value is a whole "
                                  f"number from -{MAX_POOL} to {MAX_POOL}.", "pools", f"pools.{pool}.current"))
        elif size_ok and now > size:
            found.append(_message("error", "skillful-pool-over", f"{pool}: {now} now, more than the pool holds "
                                  f"({size}).", "pools", f"pools.{pool}.current"))
    return found


def problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """Errors (values the sheet cannot use) and warnings (unfinished) of a character."""
    found = _skill_problems(c) + _pool_problems(c)
    for key, (label, _) in SETTINGS.items():
        if not (_whole(c["settings"][key]) and 0 <= c["settings"][key] <= 9):
            found.append(_message("error", "skillful-setting", f"{label}: a whole number from 0 to 9.", "settings",
                                  f"settings.{key}"))
    if not c["name"].strip():
        found.append(_message("warning", "skillful-name", "The character has no name yet.", "builder", "name"))
    return found


def derived(c: Mapping[str, Any]) -> dict[str, Any]:
    """Penalties, floor and T from the current pools (unreadable values count as full)."""
    now = {pool: c["pools"][pool]["current"] if _whole(c["pools"][pool]["current"]) else 1 for pool in POOLS}
    setting = {k: v if _whole(v) else 0 for k, v in c["settings"].items()}
    physical = setting["wind_empty"] if now["Wind"] <= 0 else 0
    mental = setting["wit_empty"] if now["Wit"] <= 0 else 0
    floor = floor_of(now)
    return {"physical_penalty": physical, "mental_penalty": mental, "floor": floor,
            "physical_width": threshold_width(physical, floor), "mental_width": threshold_width(mental, floor)}


def fill_options(c: Mapping[str, Any], field_id: str) -> tuple[list[dict[str, Any]], int, int]:
    """What the character offers one widget field: its skills, or its penalties (with the range)."""
    if field_id.endswith("penalty"):
        d = derived(c)
        return ([{"label": "Physical penalty", "value": d["physical_penalty"]},
                 {"label": "Mental penalty", "value": d["mental_penalty"]}], 0, MAX_PENALTY)
    return ([{"label": s["name"], "value": s["level"], "path": f"skills.{i}.level"}
             for i, s in enumerate(c["skills"]) if s["name"].strip() and _whole(s["level"])], 0, MAX_SKILL)
