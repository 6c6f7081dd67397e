"""The character builder contract for Skillful: new, check, editor, sheet and picker.

>>> from rollwright.kit.registry import call
>>> blank = call("skillful.character.new")["character"]
>>> out = call("skillful.character.check", {"character": blank})
>>> out["valid"], [m["code"] for m in out["messages"]]
(True, ['skillful-name'])
>>> ada = {**blank, "name": "Ada", "skills": [{"name": "Swords", "level": 7}]}
>>> picked = call("skillful.character.picker", {"character": ada, "fields": ["w1-attacker_skill", "w1-penalty"]})
>>> "Swords = 7" in picked["pickers"]["w1-attacker_skill"], "Physical penalty = 0" in picked["pickers"]["w1-penalty"]
(True, True)
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.characters import render_picker
from rollwright.kit.documents import keep_unknown
from rollwright.kit.forms import NAME_MAX
from rollwright.kit.registry import Param, register
from skillful.character import (
    MAX_POOL, SKILL_SLOTS, blank, fill_options, note_messages, problems, read, read_fields,
)
from skillful.character_views import editor_html, report, sheet as sheet_of
from skillful.rules.checks import MAX_SKILL

def _samples() -> tuple[dict[str, Any], ...]:
    """A blank character and one with every skill slot and pool at its largest, for sweeps of every call."""
    full = blank()
    full.update(name="N" * NAME_MAX, skills=[{"name": "S" * NAME_MAX, "level": MAX_SKILL}] * SKILL_SLOTS,
                pools={pool: {"size": MAX_POOL, "current": -MAX_POOL} for pool in full["pools"]},
                settings={key: 9 for key in full["settings"]})
    return blank(), full


CAPS = {"skills.*.level": 1_000, "pools.*.size": 1_000_000, "pools.*.current": 1_000_000, "settings.*": 1_000}
"""Each count's cap where a document enters (far past the form's ranges, which the check reports)."""
CHARACTER = Param("character", dict, "a Skillful character (any state, even unfinished)", samples=_samples,
                  caps=CAPS)


@register("skillful.character.new", "A new Skillful character.")
def new() -> dict[str, Any]:
    return {"character": blank()}


@register("skillful.character.check", "Check a Skillful character; with the report and sheet.", CHARACTER)
def check(character: dict[str, Any]) -> dict[str, Any]:
    c, notes = read_fields(character)
    c, kept = keep_unknown(character, c)
    messages = (note_messages(notes, "error", "skillful-type") + problems(c)
                + note_messages(kept, "warning", "skillful-unknown"))
    return {"valid": all(m["severity"] != "error" for m in messages), "character": c, "messages": messages,
            "migrated_from": None, "html": {"report": str(report(messages)), "sheet": sheet_of(c, messages, "html")}}


@register("skillful.character.editor", "The builder's form for a Skillful character.",
          CHARACTER,
          Param("action", str, "what to do first (only 'render')", default="render", choices=("render",)),
          Param("path", str, "unused", default="", max_length=200),
          Param("value", str, "unused", default="", max_length=200))
def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
    return {"character": copy.deepcopy(character), "html": str(editor_html(read(character))), "focus": None}


@register("skillful.character.sheet", "A Skillful character sheet as text, Markdown or HTML.",
          CHARACTER, Param("format", str, "sheet format", default="text", choices=("text", "markdown", "html")))
def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
    c = read(character)
    return {"sheet": sheet_of(c, problems(c), format)}


@register("skillful.character.picker", "\"Use my character\" selects for skill and penalty fields.",
          CHARACTER, Param("fields", list, "ids of the fields to offer a select for",
                           samples=(["w1-skill", "w1-penalty"], [f"w{i}-attacker_skill" for i in range(1000)])))
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    c = read(character)
    pickers = {}
    for field in fields:
        if isinstance(field, str):
            options, low, high = fill_options(c, field)
            pickers[field] = str(render_picker(field, c["name"], options, low, high))
    return {"pickers": pickers}
