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
rollwright.kit.macros.MacroError: roll('2d6+'): expected a die, a number, 'od20', '(', '{', 'min(' or 'max(' after '+', found the end of the notation at position 5
"""

from __future__ import annotations

from typing import Any

from rollwright.data.chip import check_chip
from rollwright.errors import UnknownCallError
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


def check(name: str, **inputs: Any) -> str:
    """A chip for a check declared in a game's ``game.toml``, e.g. ``check("pips.odds", dice=3, need=2)``.

    The tooltip gives the exact chance of every outcome; pressing it rolls the check live
    (``<name>.roll``), every die told in one sentence.
    """
    def work() -> str:
        if not _is_declared_check(name):  # a check may be named anything, "roll" too
            raise UnknownCallError(f"no declared check named {name!r}; check() takes a check of a game.toml, "
                                   f"such as 'mygame.move' (declared as [checks.move])" + _closest_check(name))
        lookup(f"{name}.roll").bind({**inputs, "seed": 0})  # what the browser will send
        answer = call(name, inputs)
        return check_chip(name, inputs, answer, next_chip_id())

    return markdown_inert(engine_call("check", (name,), inputs, work))


def _declared_checks() -> list[str]:
    from rollwright.kit.registry import REGISTRY

    return sorted(n for n in REGISTRY if f"{n}.roll" in REGISTRY and getattr(REGISTRY[n].fn, "declared_check", False))


def _is_declared_check(name: str) -> bool:
    lookup("dice.roll")  # fills the registry
    return name in _declared_checks()


def _closest_check(name: str) -> str:
    import difflib

    close = difflib.get_close_matches(name, [n for n in _declared_checks() if n != name], 1)
    return f"; did you mean {close[0]!r}?" if close else ""
