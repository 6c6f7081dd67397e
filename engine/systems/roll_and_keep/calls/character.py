"""The character builder contract for Roll & Keep: new, check, editor, sheet and picker.

>>> from rollwright.kit.registry import call
>>> blank = call("roll-and-keep.character.new")["character"]
>>> call("roll-and-keep.character.check", {"character": blank})["valid"]
True
>>> "Brawn = 2" in call("roll-and-keep.character.picker", {"character": blank, "fields": ["rw-w3-brawn"]})["pickers"]["rw-w3-brawn"]
True
>>> hurt = {**blank, "wounds": {"flesh": 12, "dramatic": 3}}
>>> "Dramatic wounds = 3" in call("roll-and-keep.character.picker", {"character": hurt, "fields": ["rw-w4-dramatic"]})["pickers"]["rw-w4-dramatic"]
True
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.characters import render_picker
from rollwright.kit.documents import keep_unknown
from rollwright.kit.forms import NAME_MAX
from rollwright.kit.registry import Param, register
from roll_and_keep.character import (
    TRAITS, blank, note_messages, options_for, problems, read, read_fields,
)
from roll_and_keep.character_views import editor_html, report, sheet as sheet_of
from roll_and_keep.rules.combat import MAX_RANK
from roll_and_keep.rules.wounds import MAX_DRAMATIC, MAX_FLESH, MAX_TRAIT

def _samples() -> tuple[dict[str, Any], ...]:
    """A blank character and one with every value at its largest, for sweeps of every call."""
    full = blank()
    full.update(name="N" * NAME_MAX, traits={key: MAX_TRAIT for key in TRAITS},
                attacks=[{"name": "A" * NAME_MAX, "trait": key, "rank": MAX_RANK} for key in ("brawn", "panache")],
                defenses=[{"name": "D" * NAME_MAX, "rank": MAX_RANK}] * 2,
                wounds={"flesh": MAX_FLESH, "dramatic": MAX_DRAMATIC})
    return blank(), full


CAPS = {"traits.*": 1_000, "attacks.*.rank": 1_000, "defenses.*.rank": 1_000, "wounds.flesh": 100_000,
        "wounds.dramatic": 1_000}
"""Each count's cap where a document enters (far past the form's ranges, which the check reports)."""
CHARACTER = Param("character", dict, "a Roll & Keep character (any state, even unfinished)", samples=_samples,
                  caps=CAPS)
FIELDS = Param("fields", list, "ids of the fields to offer a select for",
               samples=lambda: (["rw-w1-brawn", "rw-w2-flesh"], [f"rw-w{i}-{fills}" for i in range(250)
                                                                for fills in ("brawn", "trait", "flesh", "dramatic")]))
RANGES = {"flesh": (0, MAX_FLESH), "dramatic": (0, MAX_DRAMATIC)}
"""The values a wound field takes; a trait field takes 1 to MAX_TRAIT."""


@register("roll-and-keep.character.new", "A new Roll & Keep character.")
def new() -> dict[str, Any]:
    return {"character": blank()}


@register("roll-and-keep.character.check", "Check a Roll & Keep character; with the report and sheet.", CHARACTER)
def check(character: dict[str, Any]) -> dict[str, Any]:
    c, notes = read_fields(character)
    c, kept = keep_unknown(character, c)
    messages = note_messages(notes, "error", "rk-type") + problems(c) + note_messages(kept, "warning", "rk-unknown")
    return {"valid": all(m["severity"] != "error" for m in messages), "character": c, "messages": messages,
            "migrated_from": None, "html": {"report": str(report(messages)), "sheet": sheet_of(c, messages, "html")}}


@register("roll-and-keep.character.editor", "The builder's form for a Roll & Keep character.", CHARACTER,
          Param("action", str, "what to do first (only 'render')", default="render", choices=("render",)),
          Param("path", str, "unused", default="", max_length=200),
          Param("value", str, "unused", default="", max_length=200))
def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
    return {"character": copy.deepcopy(character), "html": str(editor_html(read(character))), "focus": None}


@register("roll-and-keep.character.sheet", "A Roll & Keep character sheet as text, Markdown or HTML.", CHARACTER,
          Param("format", str, "sheet format", default="text", choices=("text", "markdown", "html")))
def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
    c = read(character)
    return {"sheet": sheet_of(c, problems(c), format)}


@register("roll-and-keep.character.picker", "\"Use my character\" selects for trait and wound fields.", CHARACTER,
          FIELDS)
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    c = read(character)
    pickers = {}
    for field in fields:
        if not isinstance(field, str):
            continue
        fills = field.rsplit("-", 1)[-1]
        low, high = RANGES.get(fills, (1, MAX_TRAIT))
        pickers[field] = str(render_picker(field, c["name"], options_for(c, fills), low, high))
    return {"pickers": pickers}
