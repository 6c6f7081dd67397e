"""Character documents of older schema versions, brought up to version 2.

Version 1 kept the attributes as a list of fifteen numbers in the seed's order,
the method as "point" or "pool", and skills as flat rows ``{"broad", "focus",
"specialty", "level"}``: a row names the skill its level belongs to (a broad alone,
a focus under a broad, or a specialty under both). Migration groups the rows into
broad -> focus -> specialty trees in first-seen order; the settings take their
defaults (standard skill buying, since version 1 stored bought levels).
Version 1 modifiers had no "negative" flag: a negative level is read as a negative
modifier of that size (our reading of how such files marked drawbacks).

>>> doc, notes = migrate_v1({"version": 1, "name": "Old", "method": "pool",
...     "attributes": [3] * 15,
...     "skills": [{"broad": "Athletics", "level": 1},
...                {"broad": "Athletics", "focus": "Dodge", "specialty": "Roll", "level": 2}],
...     "modifiers": [{"name": "Easily Strained", "category": "body", "grade": "minor", "level": -1}]})
>>> doc["method"], doc["attributes"]["will"], doc["modifiers"][0]["level"], doc["modifiers"][0]["negative"]
('pool-buy', 3, 1, True)
>>> doc["skills"][0]["focuses"][0]["specialties"][0]
{'name': 'Roll', 'level': 2, 'sp': 0}
>>> doc["skills"][0]["focuses"][0]["level"], notes
(0, [])
"""

from __future__ import annotations

from typing import Any

from facade.character.model import ATTRIBUTES, SCHEMA, VERSION, Message
from facade.character.rules import message

V1_METHODS = {"point": "point-buy", "pool": "pool-buy"}
V1_KEYS = ("version", "name", "method", "attributes", "skills", "modifiers", "backgrounds")
CARRIED = ("id", "player", "concept", "notes", "bodyweight", "settings", "conversions")
"""Version 2 keys a version 1 file may already carry; they pass through unchanged."""


def _node(children: list[dict[str, Any]], name: str, kind: str) -> dict[str, Any]:
    for child in children:
        if child["name"] == name:
            return child
    node: dict[str, Any] = {"name": name, "level": 0}
    if kind == "specialty":
        node["sp"] = 0
    else:
        node["focuses" if kind == "broad" else "specialties"] = []
    children.append(node)
    return node


def _name(row: dict[str, Any], key: str) -> str | None:
    value = row.get(key)
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else str(value)


def _skills(rows: Any, notes: list[Message]) -> Any:
    """Flat version 1 rows grouped into version 2 trees (anything else passes through for the reader)."""
    if not isinstance(rows, list):
        return rows
    trees: list[dict[str, Any]] = []
    seen: set[tuple[str, str | None, str | None]] = set()
    for index, row in enumerate(rows):
        path = f"skills.{index}"
        if not isinstance(row, dict):
            notes.append(message("error", "unreadable", f"{path}: a version 1 skill row must be an object; "
                                 "it was left out.", "skills", path))
            continue
        broad, focus, specialty = _name(row, "broad") or "", _name(row, "focus"), _name(row, "specialty")
        if specialty is not None and focus is None:
            notes.append(message("warning", "migrated-row", f"{path}: specialty {specialty!r} had no focus; it is "
                                 "kept under a focus with no name.", "skills", path))
            focus = ""
        key = (broad, focus, specialty)
        if key in seen:
            notes.append(message("warning", "migrated-row", f"{path}: a second row for the same skill; its level "
                                 "replaces the earlier one.", "skills", path))
        seen.add(key)
        node = _node(trees, broad, "broad")
        if focus is not None:
            node = _node(node["focuses"], focus, "focus")
            if specialty is not None:
                node = _node(node["specialties"], specialty, "specialty")
        node["level"] = row.get("level", 0)
        extra = sorted(str(k) for k in row if k not in ("broad", "focus", "specialty", "level"))
        if extra:
            notes.append(message("warning", "unknown-keys", f"{path}: left out unknown "
                                 f"{'key' if len(extra) == 1 else 'keys'} {', '.join(map(repr, extra))} "
                                 "(not part of a version 1 skill row).", "skills", path))
    return trees


def _attributes(values: Any, notes: list[Message]) -> Any:
    if not isinstance(values, list):
        return values
    if len(values) != len(ATTRIBUTES):
        notes.append(message("error", "migrated-attributes", f"attributes: a version 1 file lists fifteen "
                             f"attributes, this one has {len(values)}; missing ones take the default and extra "
                             "ones are left out.", "attributes", "attributes"))
    return dict(zip(ATTRIBUTES, values))


def _modifiers(values: Any) -> Any:
    if not isinstance(values, list):
        return values
    out: list[Any] = []
    for entry in values:
        if isinstance(entry, dict) and "negative" not in entry:
            entry = dict(entry)
            level = entry.get("level")
            negative = isinstance(level, (int, float)) and not isinstance(level, bool) and level < 0
            entry["negative"] = negative
            if negative and isinstance(level, (int, float)):
                entry["level"] = -level
        out.append(entry)
    return out


def migrate_v1(doc: dict[str, Any]) -> tuple[dict[str, Any], list[Message]]:
    """A version 1 document as a version 2 document, with notes about anything that did not fit."""
    notes: list[Message] = []
    method = doc.get("method")
    out: dict[str, Any] = {"schema": SCHEMA, "version": VERSION, "name": doc.get("name"),
                           "method": V1_METHODS.get(method, method) if isinstance(method, str) else method,
                           "attributes": _attributes(doc.get("attributes"), notes),
                           "modifiers": _modifiers(doc.get("modifiers")),
                           "skills": _skills(doc.get("skills"), notes),
                           "backgrounds": doc.get("backgrounds")}
    for key in CARRIED:
        if key in doc:
            out[key] = doc[key]
    for key in doc:
        if key not in V1_KEYS and key not in CARRIED and key != "schema":
            out[key] = doc[key]  # the reader reports it as unknown
    return out, notes
