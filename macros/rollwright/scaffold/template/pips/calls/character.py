"""The character builder contract for Pips: new, check, editor, sheet and picker.

The shared builder page calls these by name (``pips.character.<operation>``);
``rollwright.kit.characters`` says what each must take and give.

>>> from rollwright.kit.registry import call
>>> blank = call("pips.character.new")["character"]
>>> out = call("pips.character.check", {"character": blank})
>>> out["valid"], [m["code"] for m in out["messages"]]
(True, ['pips-name'])
>>> print(call("pips.character.sheet", {"character": {**blank, "name": "Ada"}})["sheet"])
Ada
  Fight: 2 dice
  Sneak: 2 dice
  Talk: 2 dice
<BLANKLINE>
>>> picked = call("pips.character.picker", {"character": blank, "fields": ["w1-dice"]})
>>> "Fight = 2" in picked["pickers"]["w1-dice"]
True
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.characters import render_picker
from rollwright.kit.documents import keep_unknown
from rollwright.kit.registry import Param, register
from pips.character import (
    blank, editor_html, note_messages, problems, read, read_fields, report_html, sheet_html,
    sheet_text, skill_options,
)
from pips.rules.hits import MAX_DICE

CHARACTER = Param("character", dict, "a character for Pips (any state, even unfinished)",
                  caps={"skills.*": 1_000})
"""``caps``: the most each count may be where a document enters (a form, a link, a file); past it the
document is refused whole, naming the field. Far above the rules' range, which the check reports."""


@register("pips.character.new", "A new character for Pips.")
def new() -> dict[str, Any]:
    return {"character": blank()}


@register("pips.character.check", "Check a character for Pips; with the report and sheet.",
          CHARACTER)
def check(character: dict[str, Any]) -> dict[str, Any]:
    c, notes = read_fields(character)
    c, kept = keep_unknown(character, c)  # fields of a newer builder stay in the document
    messages = (note_messages(notes, "error", "pips-type") + problems(c)
                + note_messages(kept, "warning", "pips-unknown"))
    return {"valid": all(m["severity"] != "error" for m in messages),
            "character": c, "messages": messages, "migrated_from": None,
            "html": {"report": str(report_html(messages)), "sheet": str(sheet_html(c))}}


@register("pips.character.editor", "The builder's form for a character.",
          CHARACTER,
          Param("action", str, "what to do first (Pips has only 'render')",
                default="render", choices=("render",)),
          Param("path", str, "unused by Pips", default="", max_length=200),
          Param("value", str, "unused by Pips", default="", max_length=200))
def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
    return {"character": copy.deepcopy(character),
            "html": str(editor_html(read(character))), "focus": None}


@register("pips.character.sheet", "A character's sheet as text, Markdown or HTML.",
          CHARACTER,
          Param("format", str, "sheet format", default="text",
                choices=("text", "markdown", "html")))
def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
    c = read(character)
    if format == "html":
        return {"sheet": str(sheet_html(c))}
    return {"sheet": sheet_text(c, markdown=format == "markdown")}


@register("pips.character.picker", "\"Use my character\" selects for dice fields.",
          CHARACTER, Param("fields", list, "ids of the fields to offer a select for"))
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    c = read(character)
    selects = {field: render_picker(field, c["name"], skill_options(c), 1, MAX_DICE)
               for field in fields if isinstance(field, str)}
    return {"pickers": {field: str(html) for field, html in selects.items()}}
