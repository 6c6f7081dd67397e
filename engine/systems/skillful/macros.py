"""Skillful's page macros: an open d20 named in a sentence, as a chip with its exact odds.

``{{ skillful_roll(10, vs=20) }}`` is a chip: an open d20 plus 10 skill levels against a total
of 20, its exact chance on hover, focus or a tap, rolled when pressed (``penalty=4`` takes a
fatigue penalty off). The open d20 is the kit's ``od20``, so the chip is the kit's dice chip in
Skillful's words, rolled by ``chip.dice``.

>>> html = skillful_roll(10, vs=20)
>>> 'data-rw-notation="od20+10"' in html and "open d20+10 vs 20" in html and 'data-rw-p="11/20"' in html
True
>>> skillful_roll(61)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: skillful_roll(61): skillful.roll: 'skill' must be at most 60 (got 61)
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.api import call, lookup
from rollwright.kit.chips import dice_chip
from rollwright.kit.macros import engine_call, markdown_inert, next_chip_id
from rollwright.kit.numbers import signed


def skillful_roll(skill: int = 0, vs: int | None = None, penalty: int = 0) -> str:
    """A chip for an open d20 plus ``skill`` less ``penalty`` (and the chance of reaching ``vs``)."""
    kwargs: dict[str, Any] = {k: v for k, v in (("vs", vs), ("penalty", penalty)) if v}

    def work() -> str:
        lookup("skillful.roll").bind({"skill": skill, "penalty": penalty, "seed": 0})  # the calls' own limits
        lookup("chip.dice").bind({"notation": "od20", "vs": vs, "seed": 0})
        shift = skill - penalty
        notation = f"od20{signed(shift) if shift else ''}"
        report = call("dice.dist", {"notation": notation})
        label = f"open d20{signed(shift) if shift else ''}"
        about = f"An open d20{f' {signed(shift)}' if shift else ''}: a 20 adds a second d20, a 1 takes one off"
        return dice_chip(report, vs, next_chip_id(), label=label if vs is None else f"{label} vs {vs}",
                         about=about)

    return markdown_inert(engine_call("skillful_roll", (skill,), kwargs, work))


MACROS = (skillful_roll,)
"""Registered by the site under their own names."""
