"""The builder's one system-free call: the roster of saved characters, as buttons.

>>> from rollwright.kit.registry import call
>>> call("character.roster", {"characters": [{"id": "c-1", "name": "Ada"}], "active": "c-1"})["count"]
1
"""

from __future__ import annotations

from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import render_roster
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
