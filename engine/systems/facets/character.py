"""A Facets character: nine attribute dice, three facets with traits, Health, Cool, effort, consequences.

A character is a JSON document (``schema`` ``rollwright/facets``). A half-made
one is still read: its problems are messages, never an exception. Each facet
has ``TRAIT_SLOTS`` trait slots; a slot with no name is unused.

>>> c = read(blank())
>>> sorted({m["code"] for m in problems(c)})
['facets-facet-name', 'facets-name', 'facets-trait-count', 'facets-trait-per-facet']
>>> effective_die(read({"attributes": {"endurance": 8}, "penalties": {"endurance": 1}}), "endurance")
4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import readable_message
from rollwright.kit.documents import document_version
from rollwright.kit.fields import FieldNote, FieldReader
from facets.rules.attributes import ATTRIBUTES
from facets.rules.dice import DIE_STEPS, step_die
from facets.rules.recovery import CONDITIONS

SCHEMA = "rollwright/facets"
VERSION = 1
"""The document version this builder writes and reads (a newer one is refused: :mod:`rollwright.kit.documents`)."""
FACETS = {"trait": "Character trait", "background": "Background", "calling": "Calling"}
TRAIT_SLOTS = 4
TRAITS_AT_CREATION = 4
MAX_POOL, MAX_EFFORT, MAX_PENALTIES = 99, 999, 3
HREF = {"traits": "facets/characters/#traits", "open": "facets/characters/#open-and-closed",
        "facets": "facets/characters/#facets", "attributes": "facets/characters/#attributes",
        "health": "facets/characters/#health-and-cool", "effort": "facets/characters/#effort",
        "ladder": "facets/consequences/#the-ladder", "builder": "facets/builder/#what-the-builder-checks"}
RULES = {"traits": "Traits", "open": "Open and closed", "facets": "Facets", "attributes": "Attributes",
         "health": "Health and Cool", "effort": "Effort", "ladder": "The ladder",
         "builder": "What the builder checks"}
STEPS = {condition: index for index, condition in enumerate(CONDITIONS)}
"""How far down its ladder each condition is: each step adds one penalty, so at most that many on one
attribute (hurt 1, injured 2, crippled 3; the social ladder's steps count the same way)."""


def _blank_facet() -> dict[str, Any]:
    return {"name": "", "closed": False, "requires_attribute": "", "requires_die": 4, "requires_facet": "",
            "traits": [{"name": "", "picked": False, "requires": 0} for _ in range(TRAIT_SLOTS)]}


def blank() -> dict[str, Any]:
    """A new character: every attribute a d6, 10 Health and Cool, no facets yet."""
    return {"schema": SCHEMA, "version": VERSION, "name": "", "attributes": {key: 6 for key in ATTRIBUTES},
            "health": 10, "cool": 10, "effort": 0,
            "facets": {key: _blank_facet() for key in FACETS},
            "physical": "healthy", "social": "healthy", "penalties": {key: 0 for key in ATTRIBUTES}}


def _read_facet(fields: FieldReader, raw: Any, path: str) -> dict[str, Any]:
    facet = fields.mapping(raw, path)
    base = _blank_facet()
    slots = fields.items(facet.get("traits"), f"{path}.traits")
    traits = []
    for index in range(TRAIT_SLOTS):
        slot = slots[index] if index < len(slots) else {}
        where = f"{path}.traits.{index}"
        traits.append({"name": fields.text(slot.get("name"), f"{where}.name"),
                       "picked": fields.flag(slot.get("picked"), f"{where}.picked"),
                       "requires": fields.number(slot.get("requires"), f"{where}.requires", 0)})
    return {"name": fields.text(facet.get("name"), f"{path}.name"),
            "closed": fields.flag(facet.get("closed"), f"{path}.closed"),
            "requires_attribute": fields.text(facet.get("requires_attribute"), f"{path}.requires_attribute"),
            "requires_die": fields.number(facet.get("requires_die"), f"{path}.requires_die", base["requires_die"]),
            "requires_facet": fields.text(facet.get("requires_facet"), f"{path}.requires_facet"), "traits": traits}


def read_fields(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[FieldNote]]:
    """The character's fields, kept as typed, and a note for each field of the wrong type (which takes
    its default); ParameterError for another system's document."""
    schema = document.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParameterError(f"character: not a Facets character (schema {schema!r})", field="character")
    document_version(document, reads=(VERSION,))
    fresh = blank()
    fields = FieldReader()
    attributes = fields.mapping(document.get("attributes"), "attributes")
    penalties = fields.mapping(document.get("penalties"), "penalties")
    facets = fields.mapping(document.get("facets"), "facets")
    character = {
        "schema": SCHEMA, "version": VERSION, "name": fields.text(document.get("name"), "name"),
        "attributes": {key: fields.number(attributes.get(key), f"attributes.{key}", fresh["attributes"][key])
                       for key in ATTRIBUTES},
        **{key: fields.number(document.get(key), key, fresh[key]) for key in ("health", "cool", "effort")},
        **{key: fields.text(document.get(key), key, fresh[key]) for key in ("physical", "social")},
        "facets": {key: _read_facet(fields, facets.get(key), f"facets.{key}") for key in FACETS},
        "penalties": {key: fields.number(penalties.get(key), f"penalties.{key}", 0) for key in ATTRIBUTES},
    }
    if "id" in document:
        character["id"] = fields.text(document.get("id"), "id")
    return character, fields.notes


def read(document: Mapping[str, Any]) -> dict[str, Any]:
    """The character's fields, kept as typed (see :func:`read_fields`)."""
    return read_fields(document)[0]


def note_messages(notes: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
    """Notes on the document's fields (a wrong type, an unknown field kept) as messages naming each place."""
    return [_message(severity, code, readable_message(note.text, note.path), "facets", note.path) for note in notes]


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _die(value: Any) -> bool:
    return _whole(value, 4, 20) and value in DIE_STEPS


def effective_die(character: Mapping[str, Any], key: str) -> int | None:
    """The attribute's die after its recorded "two steps smaller" penalties (None: not a die yet)."""
    base, count = character["attributes"][key], character["penalties"][key]
    if not _die(base):
        return None
    return step_die(base, -2 * count) if _whole(count, 0, MAX_PENALTIES) else base


def _message(severity: str, code: str, text: str, rule: str, path: str) -> dict[str, str]:
    return {"severity": severity, "code": code, "text": text, "rule": RULES[rule], "href": HREF[rule],
            "path": path}


def _basic_problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    found = [_message("error", "facets-die", f"{a.name}: pick a die (d4, d6, d8, d10, d12 or d20).",
                      "attributes", f"attributes.{key}")
             for key, a in ATTRIBUTES.items() if not _die(c["attributes"][key])]
    for key, label in (("health", "Health"), ("cool", "Cool")):
        if not _whole(c[key], 1, MAX_POOL):
            found.append(_message("error", "facets-pool", f"{label}: a whole number from 1 to {MAX_POOL}.",
                                  "health", key))
    if not _whole(c["effort"], 0, MAX_EFFORT):
        found.append(_message("error", "facets-effort", f"Effort: a whole number from 0 to {MAX_EFFORT}.",
                              "effort", "effort"))
    for key, a in ATTRIBUTES.items():
        if not _whole(c["penalties"][key], 0, MAX_PENALTIES):
            found.append(_message("error", "facets-penalty", f"{a.name}: penalties from 0 to {MAX_PENALTIES}.",
                                  "ladder", f"penalties.{key}"))
    for ladder in ("physical", "social"):
        if c[ladder] not in CONDITIONS:
            found.append(_message("error", "facets-condition", f"Unknown {ladder} condition.", "ladder", ladder))
    found += _penalties_for_the_ladder(c)
    return found


def _penalties_for_the_ladder(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """A warning for die penalties the recorded consequences cannot account for."""
    if c["physical"] not in CONDITIONS or c["social"] not in CONDITIONS:
        return []
    allowed = STEPS[c["physical"]] + STEPS[c["social"]]
    found = []
    for key, a in ATTRIBUTES.items():
        count = c["penalties"][key]
        if _whole(count, 0, MAX_PENALTIES) and count > allowed:
            had = "no consequence" if not allowed else f"consequences worth {allowed} step{'s' * (allowed > 1)}"
            found.append(_message("warning", "facets-penalty-ladder", f"{a.name}: {count} die penalties, but the "
                                  f"character has {had}; each step down a ladder adds one penalty.", "ladder",
                                  f"penalties.{key}"))
    return found


def _named(label: str, facet: Mapping[str, Any]) -> str:
    """``Calling 'Smuggler'``, or just ``Calling`` while the facet has no name."""
    return f"{label} {facet['name'].strip()!r}" if facet["name"].strip() else label


def _facet_requirement(c: Mapping[str, Any], key: str) -> list[dict[str, str]]:
    facet, label = c["facets"][key], FACETS[key]
    if not facet["closed"]:
        return []
    found = []
    attribute = facet["requires_attribute"]
    if attribute:
        need = facet["requires_die"]
        have = c["attributes"].get(attribute)
        if attribute not in ATTRIBUTES or not _die(need):
            found.append(_message("error", "facets-requirement", f"{label}: the requirement needs an attribute "
                                  "and a die.", "open", f"facets.{key}.requires_attribute"))
        elif _die(have) and DIE_STEPS.index(have) < DIE_STEPS.index(need):
            found.append(_message("error", "facets-closed-facet", f"{_named(label, facet)} is closed: it needs "
                                  f"{ATTRIBUTES[attribute].name} d{need} or more (now d{have}).", "open",
                                  f"facets.{key}.requires_attribute"))
    other = facet["requires_facet"].strip().lower()
    names = {c["facets"][k]["name"].strip().lower() for k in FACETS if k != key}
    if other and other not in names:
        found.append(_message("error", "facets-closed-facet", f"{_named(label, facet)} is closed: it needs the "
                              f"facet {facet['requires_facet']!r}.", "open", f"facets.{key}.requires_facet"))
    if not attribute and not other:
        found.append(_message("warning", "facets-requirement", f"{label} is closed but names no requirement.",
                              "open", f"facets.{key}.closed"))
    return found


def _trait_problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    found, total = [], 0
    for key, label in FACETS.items():
        traits = c["facets"][key]["traits"]
        picked = [t for t in traits if t["picked"]]
        total += len(picked)
        names = [t["name"].strip().casefold() for t in traits]
        for index, name in enumerate(names):
            if name and name in names[:index]:
                found.append(_message("error", "facets-trait-twice", f"{label}, trait {index + 1}: "
                                      f"{traits[index]['name'].strip()!r} is already trait {names.index(name) + 1}; "
                                      "a trait is taken once.", "traits", f"facets.{key}.traits.{index}.name"))
        if not picked:
            found.append(_message("error", "facets-trait-per-facet", f"{label}: pick one of its traits.",
                                  "traits", f"facets.{key}.traits"))
        for index, trait in enumerate(traits, start=1):
            path = f"facets.{key}.traits.{index - 1}"
            if trait["picked"] and not trait["name"].strip():
                found.append(_message("error", "facets-trait-name", f"{label}, trait {index}: a picked trait "
                                      "needs a name.", "traits", f"{path}.name"))
            need = trait["requires"]
            if not _whole(need, 0, TRAIT_SLOTS) or need == index:
                found.append(_message("error", "facets-trait-requires", f"{label}, trait {index}: it can require "
                                      "another trait of the same facet only.", "open", f"{path}.requires"))
            elif need and trait["picked"] and not traits[need - 1]["picked"]:
                found.append(_message("error", "facets-closed-trait", f"{label}: trait {trait['name']!r} is closed: "
                                      f"pick trait {need} ({traits[need - 1]['name'] or 'unnamed'}) first.",
                                      "open", f"{path}.picked"))
    if total != TRAITS_AT_CREATION:
        found.append(_message("error", "facets-trait-count", f"Pick exactly {TRAITS_AT_CREATION} traits: one from "
                              f"each facet and one more from any (now {total}).", "traits", "facets"))
    return found


def problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """How the character breaks the rules (errors) or is unfinished (warnings)."""
    found = _basic_problems(c)
    named: dict[str, str] = {}
    for key, label in FACETS.items():
        name = c["facets"][key]["name"].strip()
        if not name:
            found.append(_message("warning", "facets-facet-name", f"{label}: no facet named yet.", "facets",
                                  f"facets.{key}.name"))
        elif name.casefold() in named:
            found.append(_message("error", "facets-facet-twice", f"{label}: {name!r} is already the "
                                  f"{named[name.casefold()].lower()}; a character takes three different facets.",
                                  "facets", f"facets.{key}.name"))
        named.setdefault(name.casefold(), label)
        found += _facet_requirement(c, key)
    found += _trait_problems(c)
    if not c["name"].strip():
        found.append(_message("warning", "facets-name", "The character has no name yet.", "builder", "name"))
    return found


def attribute_options(c: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the character offers a die field: each attribute's die after its penalties."""
    options = []
    for key, a in ATTRIBUTES.items():
        die = effective_die(c, key)
        if die is None:
            continue
        note = f", penalised from d{c['attributes'][key]}" if die != c["attributes"][key] else ""
        options.append({"label": f"{a.name} (d{die}{note})", "value": die, "path": f"attributes.{key}"})
    return options
