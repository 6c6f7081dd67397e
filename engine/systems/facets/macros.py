"""Facets's page macros.

``{{ facets_chance(8, 8) }}`` writes the chance that a d8 (exploding) meets TN 8;
``{{ facets_done(8, 8) }}`` the chance that the task gets done, counting a success at a cost;
``{{ facets_calm(10) }}`` writes the calm value of a d10.
``{{ facets_cap(4) }}`` writes how often a d4 (exploding on its top face) reaches the explosion cap.
``{{ facets_roll(8, tn=8) }}`` is a chip: a d8 against TN 8, its exact bands on hover, focus or a
tap, rolled when pressed (``bonus=2`` adds a skill bonus).

>>> facets_chance(8, 8), facets_done(8, 8), facets_calm(10), facets_cap(4), facets_cap(20)
('12.5%', '75%', '5', '0.95 in a million', 'about 1 in 10 trillion')
>>> facets_chance(7, 8)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: facets_chance(7, 8): die: a d7 is not an attribute die (d4, d6, d8, d10, d12, d20)
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.kit.api import call, lookup
from rollwright.kit.macros import engine_call, markdown_inert, next_chip_id
from rollwright.kit.numbers import chance_text, rarity
from facets.chips import die_chip

DONE = ("advantage", "success", "cost")
"""The bands in which the task gets done (at a cost in the last)."""


def facets_chance(die: int, tn: int, bonus: int = 0) -> str:
    """The chance that an exploding ``die`` plus ``bonus`` meets ``tn``."""
    answer = engine_call("facets_chance", (die, tn), {"bonus": bonus} if bonus else {},
                         lambda: call("facets.check", {"die": die, "tn": tn, "bonus": bonus}))
    return str(answer["success"]["percent"])


def facets_done(die: int, tn: int, bonus: int = 0) -> str:
    """The chance that an exploding ``die`` plus ``bonus`` gets the task done against ``tn`` (at a cost or not)."""
    answer = engine_call("facets_done", (die, tn), {"bonus": bonus} if bonus else {},
                         lambda: call("facets.check", {"die": die, "tn": tn, "bonus": bonus}))
    return chance_text(sum((Fraction(b["p"]) for b in answer["bands"] if b["key"] in DONE), Fraction(0)))


def facets_calm(die: int) -> str:
    """The calm value of a die."""
    return str(engine_call("facets_calm", (die,), {}, lambda: call("facets.check", {"die": die}))["calm"])


def facets_cap(die: int) -> str:
    """How often ``die``, exploding on its top face, is still exploding when the cap stops it."""
    answer = engine_call("facets_cap", (die,), {}, lambda: call("facets.check", {"die": die}))
    return rarity(Fraction(answer["cap"]["p"]))


def facets_roll(die: int, tn: int = 8, bonus: int = 0) -> str:
    """A chip for one attribute die against a TN, e.g. ``facets_roll(8, tn=8)``.

    >>> 'data-rw-p="1/8"' in facets_roll(8, tn=8)
    True
    """
    kwargs = {"tn": tn, **({"bonus": bonus} if bonus else {})}

    def work() -> str:
        lookup("facets.chip").bind({"die": die, "tn": tn, "bonus": bonus, "seed": 0})  # what the browser sends
        return die_chip(call("facets.check", {"die": die, "tn": tn, "bonus": bonus}), next_chip_id())

    return markdown_inert(engine_call("facets_roll", (die,), kwargs, work))


MACROS = (facets_chance, facets_done, facets_calm, facets_cap, facets_roll)
"""Registered by the site under their own names."""
