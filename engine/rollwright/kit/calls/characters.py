"""The builder's system-free calls: the roster of saved characters, as buttons, and a choice of them.

>>> from rollwright.kit.registry import call
>>> call("character.roster", {"characters": [{"id": "c-1", "name": "Ada"}], "active": "c-1"})["count"]
1
"""

from __future__ import annotations

from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import render_roster
from rollwright.kit.markup import el
from rollwright.kit.registry import Param, register

MAX_ROSTER = 1000
"""Most characters one roster lists."""


@register("character.roster", "The builder's list of saved characters (of any system) as buttons.",
          Param("characters", list, "the saved characters: [{id, name, note?}], in order",
                samples=lambda: ([], [{"id": f"c-{i}", "name": "N" * 80, "note": "n" * 40} for i in range(MAX_ROSTER)])),
          Param("active", str, "the id of the active character", default="", max_length=200, samples=("c-999",)))
def roster(characters: list[Any], active: str) -> dict[str, Any]:
    if len(characters) > MAX_ROSTER:
        raise ParameterError(f"character.roster: at most {MAX_ROSTER} characters", field="characters")
    entries = [c for c in characters if isinstance(c, dict)]
    return {"html": str(render_roster(entries, active)), "count": len(entries)}


@register("character.choice", "A labelled select of the saved characters (\"use my character\" on a page: which one).",
          Param("characters", list, "the saved characters: [{id, name}], in order",
                samples=lambda: ([], [{"id": f"c-{i}", "name": "N" * 80} for i in range(MAX_ROSTER)])),
          Param("chosen", str, "the id of the character offered now", default="", max_length=200, samples=("c-999",)),
          Param("control_id", str, "the select's id (unique on the page)", max_length=200, samples=("rw-w1-page-character",)))
def choice(characters: list[Any], chosen: str, control_id: str) -> dict[str, Any]:
    """``{"html"}``: the select, each option a character's name (escaped), the chosen one selected.

    >>> from rollwright.kit.registry import call
    >>> html = call("character.choice", {"characters": [{"id": "c-1", "name": "<Ada>"}, {"id": "c-2", "name": ""}],
    ...                                 "chosen": "c-2", "control_id": "x"})["html"]
    >>> "&lt;Ada&gt;" in html and '<option value="c-2" selected>Unnamed character</option>' in html
    True
    """
    if len(characters) > MAX_ROSTER:
        raise ParameterError(f"character.choice: at most {MAX_ROSTER} characters", field="characters")
    entries = [c for c in characters if isinstance(c, dict) and isinstance(c.get("id"), str)]
    options = [el("option", {"value": c["id"], "selected": c["id"] == chosen},
                  str(c.get("name") or "").strip()[:200] or "Unnamed character") for c in entries]
    return {"html": str(el("p", {"class": "rw-page-character", "data-rw-page-character": True},
                           el("label", {"for": control_id}, "“Use my character” on this page uses"),
                           el("select", {"id": control_id}, options)))}
