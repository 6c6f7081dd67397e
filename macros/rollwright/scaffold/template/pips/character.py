"""A character for Pips (a name and three skills rated in dice), and how the builder shows it.

Making a character: spread six dice over Fight, Sneak and Talk, at least one
and at most four in each. A character is a JSON document, e.g.
``{"schema": "rollwright/pips", "version": 1, "name": "Ada", "skills": {"fight": 3, ...}}``
(the builder adds an ``id``). A half-made character is still read: its
problems are messages, never an exception. Every field is read through the
kit's ``FieldReader``, which notes a value of the wrong type (a list for a name)
instead of passing it on; a version this builder does not read is refused.

>>> ada = read({"name": "Ada", "skills": {"fight": 4, "sneak": 1, "talk": 2}})
>>> [m["text"] for m in problems(ada)]
['Spread exactly 6 dice over the skills (now 7).']
>>> read({"schema": "rollwright/other"})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: character: not a character for Pips (schema 'rollwright/other')
>>> [note.text for note in read_fields({"name": ["Ada"]})[1]]
['name: expected text, got a list; it is left empty.']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import readable_message
from rollwright.kit.documents import document_version
from rollwright.kit.fields import FieldNote, FieldReader
from rollwright.kit.forms import number, shown, text_input
from rollwright.kit.markup import Html, el

SCHEMA = "rollwright/pips"
VERSION = 1  # the document version this builder writes and reads
SKILLS = {"fight": "Fight", "sneak": "Sneak", "talk": "Talk"}
DICE_TO_SPREAD = 6
MIN_SKILL, MAX_SKILL = 1, 4
RULE = "Making a character"
RULE_HREF = "pips/#making-a-character"  # relative to the site's root


def blank() -> dict[str, Any]:
    """A new character: no name, two dice in each skill."""
    return {"schema": SCHEMA, "version": VERSION, "name": "", "skills": {key: 2 for key in SKILLS}}


def read_fields(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[FieldNote]]:
    """The character's fields, kept as typed, and a note for each field of the wrong
    type; ParameterError for another system's character or a newer version."""
    schema = document.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParameterError(f"character: not a character for Pips (schema {schema!r})",
                             field="character")
    document_version(document, reads=(VERSION,))
    fields = FieldReader()
    skills = fields.mapping(document.get("skills"), "skills")
    character: dict[str, Any] = {
        "schema": SCHEMA, "version": VERSION, "name": fields.text(document.get("name"), "name"),
        "skills": {key: fields.number(skills.get(key), f"skills.{key}") for key in SKILLS}}
    if "id" in document:
        character["id"] = fields.text(document.get("id"), "id")
    return character, fields.notes


def read(document: Mapping[str, Any]) -> dict[str, Any]:
    """The character's fields, kept as typed (see ``read_fields``)."""
    return read_fields(document)[0]


def _message(severity: str, code: str, text: str, path: str) -> dict[str, str]:
    return {"severity": severity, "code": code, "text": text,
            "rule": RULE, "href": RULE_HREF, "path": path}


def note_messages(notes: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
    """Notes on the document's fields (a wrong type, an unknown field kept) as messages."""
    return [_message(severity, code, readable_message(note.text, note.path), note.path)
            for note in notes]


def _dice(value: Any) -> bool:
    """Whether a skill's value is a whole number of dice in the allowed range."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and MIN_SKILL <= value <= MAX_SKILL)


def problems(character: Mapping[str, Any]) -> list[dict[str, str]]:
    """How the character breaks the rules (errors) or is unfinished (warnings)."""
    skills = character["skills"]
    found = [_message("error", "pips-skill",
                      f"{label}: enter a whole number from {MIN_SKILL} to {MAX_SKILL}.",
                      f"skills.{key}")
             for key, label in SKILLS.items() if not _dice(skills[key])]
    total = sum(value for value in skills.values() if _dice(value))
    if not found and total != DICE_TO_SPREAD:
        found.append(_message("error", "pips-total",
                              f"Spread exactly {DICE_TO_SPREAD} dice over the skills "
                              f"(now {total}).", "skills"))
    if not character["name"].strip():
        found.append(_message("warning", "pips-name", "The character has no name yet.",
                              "name"))
    return found


def report_html(messages: list[dict[str, str]]) -> Html:
    """The builder's report: each problem, with a link to its rule."""
    if not messages:
        return el("p", None, "No problems: the character follows the rules.")
    return el("ul", None, [
        el("li", {"data-rw-severity": m["severity"]},
           el("strong", None, f"{m['severity'].capitalize()}: "), m["text"], " ",
           el("a", {"href": m["href"]}, f"Rule: {m['rule']}"))
        for m in messages])


def _skill_lines(character: Mapping[str, Any]) -> list[str]:
    skills = character["skills"]
    return [f"{label}: {shown(skills[key])} {'die' if skills[key] == 1 else 'dice'}"
            for key, label in SKILLS.items()]


def sheet_text(character: Mapping[str, Any], *, markdown: bool = False) -> str:
    """The character sheet as plain text or Markdown."""
    name = character["name"] or "Unnamed character"
    if markdown:
        lines = [f"# {name}", ""] + [f"- {line}" for line in _skill_lines(character)]
    else:
        lines = [name] + [f"  {line}" for line in _skill_lines(character)]
    return "\n".join(lines) + "\n"


def sheet_html(character: Mapping[str, Any]) -> Html:
    """The printable character sheet."""
    return el("article", {"class": "rw-csheet"},
              el("header", {"class": "rw-csheet__head"},
                 el("h2", None, character["name"] or "Unnamed character")),
              el("ul", None, [el("li", None, line) for line in _skill_lines(character)]))


def editor_html(character: Mapping[str, Any]) -> Html:
    """The builder's form; each control names its place in the document."""
    controls = [number(f"skills.{key}", f"{label} (dice)", character["skills"][key],
                       MIN_SKILL, MAX_SKILL) for key, label in SKILLS.items()]
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              text_input("name", "Name", character["name"]), controls)


def skill_options(character: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the character offers a field that a character ``fills`` with a skill."""
    return [{"label": label, "value": character["skills"][key], "path": f"skills.{key}"}
            for key, label in SKILLS.items() if _dice(character["skills"][key])]
