"""The inline roll macro: any dice roll written into a sentence, as a chip with exact odds.

Signatures (use them inside a paragraph, not in headings)::

    {{ roll("3d6") }}                  any dice notation; odds: range, average, most likely total
    {{ roll("2d10+d4", vs=10) }}       ... and the exact chance the total meets or beats 10

The odds are computed here, at build time (``dice.dist``), and shown in a
tooltip on hover or keyboard focus even without JavaScript; pressing the chip
rolls live in the browser (``chip.dice``). A bad call (bad notation, a cap
exceeded) raises :class:`~rollwright.kit.macros.MacroError` naming the macro and
the cause, so the build fails naming the page. Systems add chips of their own
(e.g. a trait roll) in their ``macros.py``.

>>> 'data-rw-p="7/12"' in roll("2d6", vs=7)
True
>>> roll("2d6+")
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: roll('2d6+'): expected a die, a number, 'od20' or '(' after '+', found the end of the notation at position 5
"""

from __future__ import annotations

from rollwright.kit.api import call, lookup
from rollwright.kit.chips import dice_chip
from rollwright.kit.macros import engine_call, markdown_inert, next_chip_id


def roll(notation: str, vs: int | None = None) -> str:
    """A chip for any dice expression, e.g. ``roll("2d10+d4", vs=10)``."""
    kwargs = {} if vs is None else {"vs": vs}

    def work() -> str:
        lookup("chip.dice").bind({"notation": notation, "vs": vs, "seed": 0})  # what the browser will send
        report = call("dice.dist", {"notation": notation})
        return dice_chip(report, vs, next_chip_id())

    return markdown_inert(engine_call("roll", (notation,), kwargs, work))
