"""A character builder made from a ``[character]`` declaration: the builder contract's five calls.

A character is ``{"schema", "version": 1, "name", "fields": {key: number}}``. Every field is read
through the kit's :class:`~rollwright.kit.fields.FieldReader`, so a half-made or damaged document
gives messages, never an exception; derived values and rules are formulas of the fields.

>>> from rollwright.data.loader import load_text
>>> game = load_text('''
... [character]
... section = "demo/index.md#stats"
... [character.fields.might]
... label = "Might"
... min = -1
... max = 2
... fills = "stat"
... [character.fields.grace]
... label = "Grace"
... min = -1
... max = 2
... fills = "stat"
... [character.derived.harm]
... label = "Harm track"
... formula = "6 + might"
... [character.budget]
... total = 1
... ''', "demo/game.toml", system_id="demo")
>>> spec = game.character
>>> doc = {"name": "Ada", "fields": {"might": 2, "grace": 0}}
>>> [m["text"] for m in problems(spec, read(spec, doc)[0])]
['Spend exactly 1 points on Might and Grace (now 2).']
>>> derived_values(spec, read(spec, doc)[0])
{'harm': 8}
>>> section_href("demo/index.md#stats"), section_href("demo/rules.md")
('demo/#stats', 'demo/rules/')
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rollwright.data.model import CharacterSpec, Game
from rollwright.errors import FormulaError, ParameterError
from rollwright.kit.characters import readable_message, render_pickers
from rollwright.kit.documents import document_version, keep_unknown
from rollwright.kit.fields import FieldNote, FieldReader
from rollwright.kit.forms import group, number, text_input
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import signed
from rollwright.kit.registry import Param, register

VERSION = 1


def section_href(page: str) -> str:
    """A page path with its anchor (``demo/index.md#stats``) as a link from the site's root."""
    path, _, anchor = page.partition("#")
    path = path.removesuffix(".md")
    path = path.removesuffix("index") if path.endswith("/index") or path == "index" else path + "/"
    return path + (f"#{anchor}" if anchor else "")


def blank(spec: CharacterSpec) -> dict[str, Any]:
    return {"schema": spec.schema, "version": VERSION, "name": "",
            "fields": {f.key: f.default for f in spec.fields}}


def read(spec: CharacterSpec, document: Mapping[str, Any]) -> tuple[dict[str, Any], list[FieldNote]]:
    """The document's fields as typed, and a note for each of the wrong type; ParameterError if not ours."""
    schema = document.get("schema", spec.schema)
    if schema != spec.schema:
        raise ParameterError(f"character: not a character of this game (schema {schema!r}, expected "
                             f"{spec.schema!r})", field="character")
    document_version(document, reads=(VERSION,))
    reader = FieldReader()
    values = reader.mapping(document.get("fields"), "fields")
    character: dict[str, Any] = {"schema": spec.schema, "version": VERSION,
                                 "name": reader.text(document.get("name"), "name"),
                                 "fields": {f.key: reader.number(values.get(f.key), f"fields.{f.key}", f.default)
                                            for f in spec.fields}}
    if "id" in document:
        character["id"] = reader.text(document.get("id"), "id")
    return character, reader.notes


def _valid(spec: CharacterSpec, character: Mapping[str, Any]) -> dict[str, int] | None:
    """The fields as whole numbers in range, or None while one is not."""
    values = character["fields"]
    for f in spec.fields:
        value = values[f.key]
        if isinstance(value, bool) or not isinstance(value, int) or not f.low <= value <= f.high:
            return None
    return dict(values)


def derived_values(spec: CharacterSpec, character: Mapping[str, Any]) -> dict[str, int] | None:
    """Every derived value, in order (each may use the fields and the derived values before it)."""
    scope = _valid(spec, character)
    if scope is None:
        return None
    found: dict[str, int] = {}
    for item in spec.derived:
        value = item.formula.evaluate({**scope, **found}, spec.ladders)
        found[item.key] = value if isinstance(value, int) else 0
    return found


def _message(severity: str, code: str, text: str, path: str, section: str) -> dict[str, str]:
    return {"severity": severity, "code": code, "text": text, "rule": "Making a character",
            "href": section_href(section) if section else "", "path": path}


def _spent(spec: CharacterSpec, values: Mapping[str, int]) -> int:
    assert spec.budget is not None
    cost = spec.budget.cost
    total = 0
    for key in spec.budget.fields:
        value = cost.evaluate({"value": values[key]}, spec.ladders) if cost is not None else values[key]
        total += value if isinstance(value, int) else 0
    return total


def problems(spec: CharacterSpec, character: Mapping[str, Any]) -> list[dict[str, str]]:
    """How the character breaks the declared rules (errors) or is unfinished (warnings)."""
    found = [_message("error", "field", f"{f.label}: enter a whole number from {f.low} to {f.high}.",
                      f"fields.{f.key}", spec.section)
             for f in spec.fields if _out(f, character["fields"][f.key])]
    values = _valid(spec, character)
    if values is not None and spec.budget is not None:
        budget = spec.budget
        spent = _spent(spec, values)
        labels = _and([f.label for f in spec.fields if f.key in budget.fields])
        if budget.total is not None and spent != budget.total:
            found.append(_message("error", "budget", f"Spend exactly {budget.total} {budget.label} on {labels} "
                                                     f"(now {spent}).", "fields", budget.section))
        if budget.points is not None and spent > budget.points:
            found.append(_message("error", "budget", f"Spend at most {budget.points} {budget.label} on {labels} "
                                                     f"(now {spent}).", "fields", budget.section))
    if values is not None:
        scope = {**values, **(derived_values(spec, character) or {})}
        for rule in spec.rules:
            value = rule.formula.evaluate(scope, spec.ladders)
            if isinstance(value, int) and ((rule.low is not None and value < rule.low)
                                           or (rule.high is not None and value > rule.high)):
                found.append(_message(rule.severity, rule.key, rule.message, "fields", rule.section))
    if not character["name"].strip():
        found.append(_message("warning", "name", "The character has no name yet.", "name", spec.section))
    return found


def _and(words: list[str]) -> str:
    """``Might, Grace and Wits``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _out(field: Any, value: Any) -> bool:
    return isinstance(value, bool) or not isinstance(value, int) or not field.low <= value <= field.high


def report_html(messages: list[dict[str, str]]) -> Html:
    if not messages:
        return el("p", None, "No problems: the character follows the rules.")
    return el("ul", None, [el("li", {"data-rw-severity": m["severity"]},
                              el("strong", None, f"{m['severity'].capitalize()}: "), m["text"], " ",
                              el("a", {"href": m["href"]}, f"Rule: {m['rule']}") if m["href"] else None)
                           for m in messages])


def sheet_lines(spec: CharacterSpec, character: Mapping[str, Any]) -> list[str]:
    lines = [f"{f.label}: {_number(f, character['fields'][f.key])}" for f in spec.fields]
    derived = derived_values(spec, character)
    if derived is not None:
        lines += [f"{d.label}: {derived[d.key]}" for d in spec.derived]
    values = _valid(spec, character)
    if spec.budget is not None and values is not None:
        budget = spec.budget
        limit = budget.total if budget.total is not None else budget.points
        lines.append(f"{budget.label.capitalize()} spent: {_spent(spec, values)} of {limit}")
    return lines


def _number(field: Any, value: Any) -> str:
    return signed(value) if isinstance(value, int) and field.low < 0 else str(value)


def sheet_html(spec: CharacterSpec, character: Mapping[str, Any]) -> Html:
    return el("article", {"class": "rw-csheet"},
              el("header", {"class": "rw-csheet__head"}, el("h2", None, character["name"] or "Unnamed character")),
              el("ul", None, [el("li", None, line) for line in sheet_lines(spec, character)]))


def editor_html(spec: CharacterSpec, character: Mapping[str, Any]) -> Html:
    groups: dict[str, list[Html]] = {}
    for f in spec.fields:
        groups.setdefault(f.group, []).append(
            number(f"fields.{f.key}", f.label, character["fields"][f.key], f.low, f.high))
    parts = [group(name, *controls) if name else el("div", None, controls) for name, controls in groups.items()]
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"}, text_input("name", "Name", character["name"]), parts)


def options(spec: CharacterSpec, character: Mapping[str, Any], fills: str | None) -> list[dict[str, Any]]:
    """What the character offers a check input that a character ``fills`` (fields, then derived values)."""
    values = _valid(spec, character) or {}
    found = [{"label": f.label, "value": values[f.key], "path": f"fields.{f.key}", "group": "Fields"}
             for f in spec.fields if f.key in values and f.fills and (fills is None or f.fills == fills)]
    derived = derived_values(spec, character) or {}
    found += [{"label": d.label, "value": derived[d.key], "group": "Worked out"}
              for d in spec.derived if d.key in derived and d.fills and (fills is None or d.fills == fills)]
    return found


def field_caps(spec: CharacterSpec) -> dict[str, int]:
    """Each field's cap where a document enters: 1,000 plus ten times the larger end of its declared range."""
    return {f"fields.{f.key}": 1_000 + 10 * max(abs(f.low), abs(f.high)) for f in spec.fields}


def install_character(game: Game, package: str) -> list[str]:
    """Register ``<id>.character.new``, ``check``, ``editor``, ``sheet`` and ``picker``; returns their names."""
    spec = game.character
    assert spec is not None
    base = f"{game.id}.character"
    character_param = Param("character", dict, "a character of this game (any state, even unfinished)",
                            caps=field_caps(spec))

    def notes(found: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
        return [_message(severity, code, readable_message(n.text, n.path), n.path, spec.section) for n in found]

    def new() -> dict[str, Any]:
        return {"character": blank(spec)}

    def check(character: dict[str, Any]) -> dict[str, Any]:
        c, wrong = read(spec, character)
        c, kept = keep_unknown(character, c)
        try:
            messages = notes(wrong, "error", "type") + problems(spec, c) + notes(kept, "warning", "unknown")
        except FormulaError as error:
            raise ParameterError(f"character: {error}", field="character") from None
        return {"valid": all(m["severity"] != "error" for m in messages), "character": c, "messages": messages,
                "migrated_from": None, "html": {"report": str(report_html(messages)),
                                                "sheet": str(sheet_html(spec, c))}}

    def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
        return {"character": copy.deepcopy(character), "html": str(editor_html(spec, read(spec, character)[0])),
                "focus": None}

    def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
        c = read(spec, character)[0]
        if format == "html":
            return {"sheet": str(sheet_html(spec, c))}
        name = c["name"] or "Unnamed character"
        lines = sheet_lines(spec, c)
        if format == "markdown":
            return {"sheet": "\n".join([f"# {name}", "", *(f"- {line}" for line in lines)]) + "\n"}
        return {"sheet": "\n".join([name, *(f"  {line}" for line in lines)]) + "\n"}

    def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
        c = read(spec, character)[0]
        out: dict[str, str] = {}
        for field_id in fields:
            if not isinstance(field_id, str):
                continue
            item = game.inputs.get(field_id.rsplit("-", 1)[-1])
            low, high = (item.low, item.high) if item is not None and not item.choices else (-10**9, 10**9)
            found = options(spec, c, item.fills if item is not None else None)
            out.update({k: str(v) for k, v in render_pickers([field_id], c["name"], found, low, high).items()})
        return {"pickers": out}

    for fn in (new, check, editor, sheet, picker):
        fn.__module__ = package  # the game's package owns them, as if its own module had registered them
    register(f"{base}.new", "A new character.")(new)
    register(f"{base}.check", "Check a character against the rules; with the report and sheet.", character_param)(
        check)
    register(f"{base}.editor", "The builder's form for a character.", character_param,
             Param("action", str, "what to do first (only 'render')", default="render", choices=("render",)),
             Param("path", str, "unused", default="", max_length=200),
             Param("value", str, "unused", default="", max_length=200))(editor)
    register(f"{base}.sheet", "A character's sheet as text, Markdown or HTML.", character_param,
             Param("format", str, "sheet format", default="text", choices=("text", "markdown", "html")))(sheet)
    register(f"{base}.picker", "\"Use my character\" selects for the fields a character fills.", character_param,
             Param("fields", list, "ids of the fields to offer a select for"))(picker)
    return [f"{base}.{op}" for op in ("new", "check", "editor", "sheet", "picker")]
