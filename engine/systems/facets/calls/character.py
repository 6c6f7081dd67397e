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

from rollwright.kit.characters import render_pickers
from rollwright.kit.documents import keep_unknown
from rollwright.kit.forms import NAME_MAX
from rollwright.kit.registry import Param, register
from facets.character import (
    MAX_EFFORT, MAX_PENALTIES, MAX_POOL, TRAIT_SLOTS, attribute_options, blank, note_messages, problems, read,
    read_fields,
)
from facets.views.character import editor_html, report_html_of, sheet_html_of, sheet_text

def _samples() -> tuple[dict[str, Any], ...]:
    """A blank character and one with every part filled, closed facets included, for sweeps of every call."""
    full = blank()
    full.update(name="N" * NAME_MAX, attributes={key: 20 for key in full["attributes"]}, health=MAX_POOL,
                cool=MAX_POOL, effort=MAX_EFFORT, penalties={key: MAX_PENALTIES for key in full["penalties"]})
    for index, facet in enumerate(full["facets"].values()):
        facet.update(name=f"Facet {index}", closed=True, requires_attribute="finesse", requires_die=20,
                     requires_facet=f"Facet {(index + 1) % 3}")
        facet["traits"] = [{"name": "T" * NAME_MAX, "picked": True, "requires": (slot + 1) % TRAIT_SLOTS}
                           for slot in range(TRAIT_SLOTS)]
    return blank(), full


CAPS = {"attributes.*": 1_000, "health": 100_000, "cool": 100_000, "effort": 100_000, "penalties.*": 1_000,
        "facets.*.requires_die": 1_000, "facets.*.traits.*.requires": 1_000}
"""Each count's cap where a document enters (far past the form's ranges, which the check reports)."""
CHARACTER = Param("character", dict, "a Facets character (any state, even unfinished)", samples=_samples,
                  caps=CAPS)


@register("facets.character.new", "A new Facets character.")
def new() -> dict[str, Any]:
    return {"character": blank()}


@register("facets.character.check", "Check a Facets character; with the report and sheet.", CHARACTER)
def check(character: dict[str, Any]) -> dict[str, Any]:
    c, notes = read_fields(character)
    c, kept = keep_unknown(character, c)
    messages = (note_messages(notes, "error", "facets-type") + problems(c)
                + note_messages(kept, "warning", "facets-unknown"))
    return {"valid": all(m["severity"] != "error" for m in messages), "character": c, "messages": messages,
            "migrated_from": None, "html": {"report": str(report_html_of(messages)),
                                            "sheet": str(sheet_html_of(c, messages))}}


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
    messages = problems(c)
    if format == "html":
        return {"sheet": str(sheet_html_of(c, messages))}
    return {"sheet": sheet_text(c, markdown=format == "markdown", messages=messages)}


@register("facets.character.picker", "\"Use my character\" selects for attribute-die fields.", CHARACTER,
          Param("fields", list, "ids of the fields to offer a select for",
                samples=(["w1-die"], [f"w{i}-die" for i in range(1000)])))
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    c = read(character)
    options = attribute_options(c)
    ids = [field for field in fields if isinstance(field, str)]
    return {"pickers": {field: str(html) for field, html in render_pickers(ids, c["name"], options, 4, 20).items()}}
