"""The character builder contract: what a system implements so the shared builder works for it.

One builder page, one store, export, import, share link, print sheet and "use my
character" serve every system. The browser script reads the system's id from
the page (``data-rw-builder="<id>"``) and calls these registry calls, which a
system with ``character_schema`` set registers in its ``calls/`` folder:

- ``<id>.character.new`` (no parameter required): ``{"character": a blank document}``.
- ``<id>.character.check`` (``character``): ``{"valid", "character"`` (normalised),
  ``"messages", "migrated_from", "html": {"report", "sheet"}}``.
- ``<id>.character.editor`` (``character, action, path, value``): ``{"character",
  "html"`` (the form), ``"focus"`` (an element id or null)``}``.
- ``<id>.character.sheet`` (``character, format``: text, markdown or html): ``{"sheet"}``.
- ``<id>.character.picker`` (``character, fields``): ``{"pickers": {field id: select html}}``.

Every document carries ``"schema": <character_schema>``, which is how the CLI
(``python -m rollwright character validate FILE``) finds its system. ``check``
never refuses a readable document (its problems are messages, each
``{"severity", "text", "code", "rule", "href", "path"}``) and raises
ParameterError (field ``character``) only for one it cannot read at all. The
editor form is built from :mod:`rollwright.kit.forms`; widget fields whose
parameter declares ``fills`` get a "use my character" select from ``picker``.
The roster (the list of saved characters) is the kit's own call,
``character.roster``, since it is the same for every system.

>>> problems = contract_problems(System("demo", "Demo", "", "", "demo", (), character_schema="rollwright/demo"))
>>> problems[0]
"demo.character.new is not registered (the builder contract's 'new')"
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.forms import shown
from rollwright.kit.markup import Html, el, join
from rollwright.kit.registry import REGISTRY
from rollwright.kit.system import System, all_systems

CONTRACT: dict[str, tuple[str, ...]] = {
    "new": (),
    "check": ("character",),
    "editor": ("character", "action", "path", "value"),
    "sheet": ("character", "format"),
    "picker": ("character", "fields"),
}
"""Each contract call and the parameters it must take (others must have defaults)."""


def place_words(path: str) -> str:
    """A document path in a player's words, for messages: numbered items, no dots.

    >>> place_words("modifiers.0.name"), place_words("attributes.strength")
    ('Modifier 1, name', 'Strength')
    >>> place_words("skills.2.focuses.0.level"), place_words("settings.budget.WP")
    ('Skill 3, focus 1, level', 'Settings, budget, WP')
    """
    words: list[str] = []
    parts = path.split(".")
    for index, part in enumerate(parts):
        if part.isdigit() and words:
            words[-1] = f"{_singular(words[-1])} {int(part) + 1}"
        elif part == "attributes" and index + 1 < len(parts):
            continue  # "Strength" says enough
        else:
            words.append(part.replace("_", " "))
    text = ", ".join(words)
    return text[:1].upper() + text[1:]


def _singular(word: str) -> str:
    """``modifiers`` -> ``modifier``, ``focuses`` -> ``focus``, ``abilities`` -> ``ability``."""
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("ses"):
        return word[:-2]
    return word.removesuffix("s")


def readable_message(text: str, path: str) -> str:
    """A message that starts with its document path, restated in the player's words, naming the place once.

    >>> readable_message("modifiers.0.name: this modifier has no name yet.", "modifiers.0.name")
    'Modifier 1, name: this modifier has no name yet.'
    >>> readable_message("attributes.strength: Strength 18 is too high.", "attributes.strength")
    'Strength 18 is too high.'
    >>> readable_message("modifiers.0.level: modifier level 9 is too high.", "modifiers.0.level")
    'Modifier 1, level: 9 is too high.'
    """
    if not path or not text.startswith(f"{path}:"):
        return text
    place, rest = place_words(path), text[len(path) + 1:].lstrip()
    if re.match(re.escape(place) + r"\b", rest, re.IGNORECASE):  # "Strength 18 ...": the rest names the place
        return rest[:1].upper() + rest[1:]
    named = re.match(r"((?:[A-Za-z]+ )+)(?=[-+]?\d)", rest)  # "modifier level 9 ...": words of the place, a value
    if named and set(named.group(1).lower().split()) <= set(re.findall(r"[a-z]+", place.lower())):
        rest = rest[named.end():]
    return f"{place}: {rest}"


def contract_call(system: System, operation: str) -> str:
    """The registry name of one contract operation, e.g. ``demo.character.check``."""
    if operation not in CONTRACT:
        raise ValueError(f"the builder contract has no operation {operation!r} (it has {', '.join(CONTRACT)})")
    return f"{system.id}.character.{operation}"


def contract_problems(system: System) -> list[str]:
    """What a system with a character builder is missing from the contract (empty: nothing)."""
    from rollwright.kit.discovery import load

    load("calls")
    problems = []
    for operation, wanted in CONTRACT.items():
        name = contract_call(system, operation)
        registered = REGISTRY.get(name)
        if registered is None:
            problems.append(f"{name} is not registered (the builder contract's {operation!r})")
            continue
        names = [p.name for p in registered.params]
        problems += [f"{name} lacks the parameter {w!r}" for w in wanted if w not in names]
        problems += [f"{name} requires {p.name!r}, which the contract does not send"
                     for p in registered.params if p.required and p.name not in wanted]
    return problems


def builder_systems() -> list[System]:
    """The systems that have a character builder."""
    return [s for s in all_systems().values() if s.character_schema is not None]


def system_for_document(document: Any) -> System:
    """The system a character document belongs to, from its ``schema``; ParameterError if none.

    A document with no ``schema`` (from before schemas) belongs to the one system
    that declares ``reads_unmarked_characters``.
    """
    if not isinstance(document, Mapping):
        raise ParameterError("a character file must be a JSON object", field="character")
    schema = document.get("schema")
    systems = builder_systems()
    if schema is None:
        unmarked = [s for s in systems if s.reads_unmarked_characters]
        if len(unmarked) == 1:
            return unmarked[0]
        raise ParameterError('the character names no system: add "schema", one of '
                             + ", ".join(repr(s.character_schema) for s in systems), field="character")
    for system in systems:
        if schema == system.character_schema:
            return system
    known = ", ".join(repr(s.character_schema) for s in systems) or "none"
    raise ParameterError(f"no system reads characters of schema {schema!r} (known: {known})", field="character")


def render_roster(entries: Sequence[Mapping[str, Any]], active: str) -> Html:
    """The saved characters as a list of buttons; the active one is pressed.

    >>> html = render_roster([{"id": "c-1", "name": "Ada"}, {"id": "c-2", "name": ""}], "c-1")
    >>> 'aria-pressed="true"' in html and "Unnamed character" in html
    True
    """
    if not entries:
        return el("p", {"class": "rw-roster__empty"}, "No saved characters yet.")
    items = []
    for entry in entries:
        ident = shown(entry.get("id"))
        name = shown(entry.get("name")).strip() or "Unnamed character"
        note = shown(entry.get("note"))
        items.append(el("li", None, el(
            "button", {"type": "button", "class": "rw-roster__pick", "data-rw-pick": ident,
                       "id": f"rw-pick-{ident}", "aria-pressed": "true" if ident == active else "false"},
            name, el("span", {"class": "rw-roster__note"}, f" ({note})") if note else None)))
    return el("ul", {"class": "rw-roster__list", "aria-label": "Saved characters"}, items)


def _picker_groups(options: Sequence[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """Options grouped for a reader: by their ``group``, else by the skill after " + " in their label
    (a lone attribute goes under "Attributes"); skill groups first, the highest total first in each.

    >>> groups = _picker_groups([{"label": "Agility", "value": 4}, {"label": "Wits + Lore", "value": 9},
    ...                          {"label": "Agility + Lore", "value": 11}])
    >>> [(g, [o["value"] for o in m]) for g, m in groups.items()]
    [('Lore', [11, 9]), ('Attributes', [4])]
    """
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for option in options:
        label = shown(option.get("label"))
        group = shown(option.get("group")) or (label.split(" + ", 1)[1] if " + " in label else "Attributes")
        groups.setdefault(group, []).append(option)
    ordered = sorted(groups.items(), key=lambda item: item[0] == "Attributes")  # skills first, stable
    return {group: sorted(members, key=lambda o: -o["value"]) for group, members in ordered}


MAX_PICKER_OPTIONS = 300
"""Most totals one "use my character" select lists. A character at the builder's caps can offer tens of
thousands (every attribute with every skill); past this, whole skill groups are left out, the lone
attributes never, and the select says how many totals it does not list."""


def render_picker(field_id: str, character_name: str, options: Sequence[Mapping[str, Any]],
                  low: int, high: int) -> Html:
    """The "use my character" select for one trait field: the character's totals within the field's range.

    >>> html = render_picker("rw-w1-trait", "Ada", [{"label": "Agility", "value": 4},
    ...                                            {"label": "Agility + Athletics", "value": 20}], 1, 18)
    >>> "Agility = 4" in html and "= 20" not in html and 'data-rw-use-for="rw-w1-trait"' in html
    True
    >>> many = [{"label": f"Agility + Skill {i}", "value": 5} for i in range(MAX_PICKER_OPTIONS)]
    >>> html = render_picker("rw-w1-trait", "Ada", [*many, {"label": "Agility", "value": 4}], 1, 18)
    >>> html.count("<option") - 2, "Agility = 4" in html, "1 more total not listed" in html
    (300, True, True)
    """
    return render_pickers([field_id], character_name, options, low, high)[field_id]


def render_pickers(field_ids: Sequence[str], character_name: str, options: Sequence[Mapping[str, Any]],
                   low: int, high: int) -> dict[str, Html]:
    """:func:`render_picker` for several fields of the same range, the options sorted and rendered once."""
    usable = [o for o in options if isinstance(o.get("value"), int) and low <= o["value"] <= high]
    name = character_name.strip() or "my character"
    choices = [el("option", {"value": ""}, f"Use {name}…")]
    groups = _picker_groups(usable)
    room = MAX_PICKER_OPTIONS - len(groups.get("Attributes", ()))
    left_out = 0
    for group, members in groups.items():
        if group != "Attributes":
            listed = members[:max(room, 0)]
            left_out += len(members) - len(listed)
            room -= len(listed)
            members = listed
        if members:
            choices.append(el("optgroup", {"label": group},
                              [el("option", {"value": o["value"], "data-rw-path": shown(o.get("path")) or None},
                                  f"{shown(o.get('label'))} = {o['value']}") for o in members]))
    if left_out:
        choices.append(el("option", {"value": "", "disabled": True},
                          f"{left_out:,} more {'total' if left_out == 1 else 'totals'} not listed"))
    inner = join(choices)
    return {field_id: el("span", {"class": "rw-field rw-use-character", "data-rw-use-for": field_id},
                         el("label", {"class": "rw-field__label", "for": f"{field_id}-use"},
                            f"Use my character ({name})"),
                         el("select", {"id": f"{field_id}-use", "data-rw-use-character": True,
                                       "disabled": not usable}, inner))
            for field_id in field_ids}
