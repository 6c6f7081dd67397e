"""Façade's inline trait chips: a trait roll in a sentence, its exact odds in a tooltip.

The chip frame and the dice helpers are the kit's (:mod:`rollwright.kit.chips`); this
module adds the trait's dice, its chance of success and every outcome's chance.

>>> from rollwright.kit.api import call
>>> html = trait_chip(call("facade.traits")["rows"][11], call("dice.dist", {"notation": "2d10+d4"}),
...                   call("facade.odds", {"trait": 12, "difficulty": 10}), "c1")
>>> 'data-rw-call="facade.chip"' in html and 'data-rw-trait="12"' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.chips import chance, chip, dice_detail, line, most_likely, spread
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import signed


def trait_chip(trait: dict[str, Any], report: dict[str, Any], odds: dict[str, Any] | None, chip_id: str,
                label: str | None = None) -> Html:
    """A chip for a Façade trait roll.

    ``trait`` is the trait's row of ``facade.traits``, ``report`` the ``dice.dist`` of its dice
    and ``odds`` the ``facade.odds`` against the difficulty (None to just roll).
    """
    rating, dice = trait["rating"], trait["dice"]
    vs = None if odds is None else odds["difficulty"]
    shown = label if label is not None else f"trait {rating}"
    visible = shown if vs is None else f"{shown} vs {vs}"
    tip = [line(el("strong", None, f"Trait {rating} ({trait['label']}) rolls {dice}"),
                 "" if vs is None else f" against difficulty {vs}."),
           spread(report)]
    p = None
    if odds is None:
        tip.append(most_likely(report))
    else:
        p = Fraction(odds["p_success"])
        tip.append(line("Success: ", el("strong", None, *chance(p)), "."))
        for outcome in odds["outcomes"]:
            share = Fraction(outcome["p"])
            if share:
                tip.append(line(el("span", {"class": "rw-chip__outcome", "data-rw-outcome": outcome["key"]},
                                    f"{outcome['name']}: ", *chance(share))))
        if odds["automatic_failure"]:
            tip.append(line(f"No roll reaches {vs} (best is {odds['max_roll']}): an automatic failure "
                             "unless stunts are in use."))
        if odds["automatic_success"]:
            tip.append(line(f"Uncontested, the trait may take an automatic {odds['automatic_success']} "
                             "success instead of rolling, if the GM allows."))
    extra = f" (trait {rating}, {dice})" if label is not None else f" ({dice})"
    params: dict[str, Any] = {"trait": rating, "vs": vs}
    data: dict[str, str | int | None] = {"data-rw-trait": rating, "data-rw-notation": dice, "data-rw-vs": vs,
                                         "data-rw-p": None if p is None else f"{p.numerator}/{p.denominator}"}
    return chip("trait", chip_id, "facade.chip", params, data, visible, extra, tip)



def trait_result_text(data: dict[str, Any]) -> str:
    """One sentence for a rolled trait chip, from ``facade.roll``.

    >>> from rollwright.kit.api import call
    >>> trait_result_text(call("facade.roll", {"trait": 12, "difficulty": 10, "seed": 5}))
    'Trait 12 rolled 18 (10 + 5 + 3) against 10: Full Success, margin +8, level 2'
    """
    text = f"Trait {data['trait']} rolled {data['total']} ({dice_detail(data['roll'])})"
    outcome = data["outcome"]
    if outcome is None:
        return text
    level = "" if outcome["level"] is None else f", level {outcome['level']}"
    return f"{text} against {data['difficulty']}: {outcome['name']}, margin {signed(outcome['margin'])}{level}"
