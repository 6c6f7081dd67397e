"""Façade's page macros, registered by the site next to the generic ones.

Signatures::

    {{ trait_roll(12) }}                 a chip rolling a trait's dice (1-18)
    {{ trait_roll(12, vs=10) }}          ... against a difficulty (0-50): chance of success and of
                                         every outcome (Complete Failure ... Epic Success)
    {{ trait_roll(12, vs=10, label="Agility 12") }}   the chip's visible text (default "trait 12")
    {{ facade_dice(12) }}                the dice a trait rolls, e.g. 2d10+d4
    {{ facade_mean(12) }}                the exact mean roll of a trait, e.g. 13.5
    {{ facade_chance(12, 14) }}          the chance a trait meets a difficulty, as a percentage
    {{ facade_savage(10, 10, "lead") }}  simple combat: A's chance of a Savage blow under a reading

>>> facade_dice(12), facade_mean(12), facade_chance(10, 10)
('2d10+d4', '13.5', '64%')
>>> facade_savage(10, 10, "triple"), facade_savage(10, 10, "lead")
('4.8%', '2.2%')
>>> trait_roll(19, vs=10)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: trait_roll(19, vs=10): facade.chip: 'trait' must be at most 18 (got 19)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.api import call, lookup
from rollwright.kit.macros import engine_call, markdown_inert, next_chip_id
from rollwright.kit.numbers import percent
from facade.views.chips import trait_chip

MAX_LABEL_LENGTH = 60
"""Longest visible text a ``trait_roll`` chip may be given."""


def trait_roll(trait: int, vs: int | None = None, label: str | None = None) -> str:
    """A chip for a Façade trait roll, e.g. ``trait_roll(12, vs=10)``."""
    kwargs: dict[str, Any] = {k: v for k, v in (("vs", vs), ("label", label)) if v is not None}

    def work() -> str:
        lookup("facade.chip").bind({"trait": trait, "vs": vs, "seed": 0})  # what the browser will send
        if label is not None and (not isinstance(label, str) or not label.strip()
                                  or len(label) > MAX_LABEL_LENGTH):
            raise ParameterError(f"'label' must be text of 1 to {MAX_LABEL_LENGTH} characters (got {label!r})",
                                 field="label")
        row = call("facade.traits")["rows"][trait - 1]
        report = call("dice.dist", {"notation": row["dice"]})
        odds = None if vs is None else call("facade.odds", {"trait": trait, "difficulty": vs})
        return trait_chip(row, report, odds, next_chip_id(), label=label)

    return markdown_inert(engine_call("trait_roll", (trait,), kwargs, work))


def _odds(trait: int, difficulty: int, name: str) -> dict[str, Any]:
    params = {"trait": trait, "difficulty": difficulty}
    return engine_call(name, (trait, difficulty), {}, lambda: call("facade.odds", params))


def facade_dice(trait: int) -> str:
    """Inline: the dice a trait rolls, e.g. ``1d10+d10``."""
    return str(_odds(trait, 0, "facade_dice")["dice"])


def facade_mean(trait: int) -> str:
    """Inline: the exact mean roll of a trait (``11``, ``13.5``)."""
    return f"{float(Fraction(_odds(trait, 0, 'facade_mean')['mean'])):g}"


def facade_chance(trait: int, difficulty: int) -> str:
    """Inline: the chance that a trait meets a difficulty, as a percentage."""
    return percent(Fraction(_odds(trait, difficulty, "facade_chance")["p_success"]))


def facade_savage(trait_a: int, trait_b: int, reading: str) -> str:
    """Inline: side A's chance of a Savage blow in simple combat, under one reading of the draft."""
    params = {"trait_a": trait_a, "trait_b": trait_b, "savage": reading}
    data = engine_call("facade_savage", (trait_a, trait_b, reading), {}, lambda: call("facade.blow", params))
    p_a = next(r["p_a"] for r in data["savage_readings"] if r["key"] == reading)
    return percent(Fraction(p_a))


MACROS = (trait_roll, facade_dice, facade_mean, facade_chance, facade_savage)
"""Registered by the site's ``define_env`` under their own names."""
