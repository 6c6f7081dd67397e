"""Inline roll macros: a roll written into a sentence, as a chip with exact odds.

Signatures (use them inside a paragraph, not in headings)::

    {{ roll("3d6") }}                  any dice notation; odds: range, average, most likely total
    {{ roll("2d10+d4", vs=10) }}       ... and the exact chance the total meets or beats 10
    {{ trait_roll(12) }}               a Façade trait's dice (1-18)
    {{ trait_roll(12, vs=10) }}        ... against a difficulty (0-50): chance of success and of
                                       every outcome (Complete Failure ... Epic Success)
    {{ trait_roll(12, vs=10, label="Agility 12") }}   the chip's visible text (default "trait 12")

The odds are computed here, at build time (``dice.dist``, ``facade.odds``), and
shown in a tooltip on hover or keyboard focus even without JavaScript; pressing
the chip rolls live in the browser (``chip.dice`` / ``chip.trait``). A bad call
(bad notation, a cap exceeded, a trait or difficulty out of range) raises
:class:`~macros.pages.MacroError` naming the macro and the cause, so the build
fails naming the page.

>>> 'data-rw-p="7/12"' in roll("2d6", vs=7)
True
>>> roll("2d6+")
Traceback (most recent call last):
...
macros.pages.MacroError: roll('2d6+'): expected a die, a number, 'od20' or '(' after '+', found the end of the notation at position 5
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from engine.api import call, lookup
from engine.errors import ParameterError
from engine.present.chips import dice_chip, trait_chip
from macros.pages import _engine

MAX_LABEL_LENGTH = 60
"""Longest visible text a ``trait_roll`` chip may be given."""

_chip_ids = itertools.count(1)
_TEXT = re.compile(r">([^<]+)<")
_MARKDOWN_SPECIAL = {c: f"&#{ord(c)};" for c in "*_`[]\\{}~"}


def markdown_inert(html: str) -> str:
    """Make the text between tags safe from Markdown's inline syntax (``*``, ``_``, ...).

    Macro output goes back into Markdown, which would read ``a_b_c`` inside a span as
    emphasis. Tags themselves are left alone (Markdown keeps inline tags whole).

    >>> markdown_inert('<span class="a__b">x_y*z*</span>')
    '<span class="a__b">x&#95;y&#42;z&#42;</span>'
    """
    def inert(match: re.Match[str]) -> str:
        return ">" + "".join(_MARKDOWN_SPECIAL.get(c, c) for c in match.group(1)) + "<"

    return _TEXT.sub(inert, html)


def _next_id() -> str:
    return f"rw-c{next(_chip_ids)}"


def roll(notation: str, vs: int | None = None) -> str:
    """A chip for any dice expression, e.g. ``roll("2d10+d4", vs=10)``."""
    kwargs = {} if vs is None else {"vs": vs}

    def work() -> str:
        lookup("chip.dice").bind({"notation": notation, "vs": vs, "seed": 0})  # what the browser will send
        report = call("dice.dist", {"notation": notation})
        return dice_chip(report, vs, _next_id())

    return markdown_inert(_engine("roll", (notation,), kwargs, work))


def trait_roll(trait: int, vs: int | None = None, label: str | None = None) -> str:
    """A chip for a Façade trait roll, e.g. ``trait_roll(12, vs=10)``."""
    kwargs: dict[str, Any] = {k: v for k, v in (("vs", vs), ("label", label)) if v is not None}

    def work() -> str:
        lookup("chip.trait").bind({"trait": trait, "vs": vs, "seed": 0})
        if label is not None and (not isinstance(label, str) or not label.strip()
                                  or len(label) > MAX_LABEL_LENGTH):
            raise ParameterError(f"'label' must be text of 1 to {MAX_LABEL_LENGTH} characters (got {label!r})",
                                 field="label")
        row = call("facade.traits")["rows"][trait - 1]
        report = call("dice.dist", {"notation": row["dice"]})
        odds = None if vs is None else call("facade.odds", {"trait": trait, "difficulty": vs})
        return trait_chip(row, report, odds, _next_id(), label=label)

    return markdown_inert(_engine("trait_roll", (trait,), kwargs, work))
