"""The character builder contract for Facets: new, check, editor, sheet and picker.

>>> from rollwright.kit.api import call
>>> blank = call("facets.character.new")["character"]
>>> out = call("facets.character.check", {"character": blank})
>>> out["valid"], "facets-trait-count" in [m["code"] for m in out["messages"]]
(False, True)
>>> picked = call("facets.character.picker", {"character": blank, "fields": ["w1-die"]})
>>> "Finesse (d6) = 6" in picked["pickers"]["w1-die"]
True
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.characters import render_picker
from rollwright.kit.registry import Param, register
from facets.character import attribute_options, blank, problems, read
from facets.views.character import editor_html, report_html, sheet_html, sheet_text

CHARACTER = Param("character", dict, "a Facets character (any state, even unfinished)")


@register("facets.character.new", "A new Facets character.")
def new() -> dict[str, Any]:
    return {"character": blank()}


@register("facets.character.check", "Check a Facets character; with the report and sheet.", CHARACTER)
def check(character: dict[str, Any]) -> dict[str, Any]:
    c = read(character)
    messages = problems(c)
    return {"valid": all(m["severity"] != "error" for m in messages), "character": c, "messages": messages,
            "migrated_from": None, "html": {"report": str(report_html(messages)), "sheet": str(sheet_html(c))}}


@register("facets.character.editor", "The builder's form for a Facets character.", CHARACTER,
          Param("action", str, "what to do first (Facets has only 'render')", default="render", choices=("render",)),
          Param("path", str, "unused by Facets", default="", max_length=200),
          Param("value", str, "unused by Facets", default="", max_length=200))
def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
    return {"character": copy.deepcopy(character), "html": str(editor_html(read(character))), "focus": None}


@register("facets.character.sheet", "A Facets character sheet as text, Markdown or HTML.", CHARACTER,
          Param("format", str, "sheet format", default="text", choices=("text", "markdown", "html")))
def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
    c = read(character)
    if format == "html":
        return {"sheet": str(sheet_html(c))}
    return {"sheet": sheet_text(c, markdown=format == "markdown")}


@register("facets.character.picker", "\"Use my character\" selects for attribute-die fields.", CHARACTER,
          Param("fields", list, "ids of the fields to offer a select for"))
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    c = read(character)
    options = attribute_options(c)
    return {"pickers": {field: str(render_picker(field, c["name"], options, 4, 20))
                        for field in fields if isinstance(field, str)}}
