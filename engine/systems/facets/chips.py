"""Facets's inline roll chips: an attribute die against a TN in a sentence, with its exact bands.

The chip frame is the kit's (:mod:`rollwright.kit.chips`); its odds are ``facets.check``'s
(the chance of meeting the TN, then every band), its roll is ``facets.chip``'s.

>>> from rollwright.kit.api import call
>>> html = die_chip(call("facets.check", {"die": 8, "tn": 8}), "c1")
>>> 'data-rw-call="facets.chip"' in html and "d8 vs TN 8" in html and 'data-rw-p="1/8"' in html
True
>>> roll_text(call("facets.roll", {"die": 8, "tn": 8, "seed": 3}))
'd8 rolled 4 against TN 8: Success at a cost, margin -4'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.chips import chance, chip, line
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import signed


def _name(data: dict[str, Any]) -> str:
    """``d8``, ``d8+2``."""
    return f"{data['die']}{signed(data['bonus']) if data['bonus'] else ''}"


def die_chip(check: dict[str, Any], chip_id: str) -> Html:
    """A chip for one Facets check, from its ``facets.check`` answer."""
    name = _name(check)
    p = Fraction(check["success"]["p"])
    tip: list[Html] = [line(el("strong", None, f"{name}, exploding on {check['explode_on']}+, against TN {check['tn']}.")),
                       line("Meets the TN: ", el("strong", None, *chance(p)), ".")]
    tip += [line(f"{band['name']}: ", *chance(Fraction(band["p"]))) for band in check["bands"] if Fraction(band["p"])]
    params: dict[str, Any] = {"die": int(check["die"][1:]), "tn": check["tn"], "bonus": check["bonus"]}
    data: dict[str, str | int | None] = {"data-rw-die": check["die"], "data-rw-vs": check["tn"],
                                         "data-rw-p": f"{p.numerator}/{p.denominator}"}
    return chip("facets", chip_id, "facets.chip", params, data, f"{name} vs TN {check['tn']}",
                f" ({name} exploding, against TN {check['tn']})", tip)


def roll_text(data: dict[str, Any]) -> str:
    """One sentence for a rolled Facets chip, from ``facets.roll`` (no closing full stop)."""
    faces = "+".join(str(f) for f in data["faces"])
    shown = f"{faces}{signed(data['bonus']) if data['bonus'] else ''}"
    total = f"{shown} = {data['total']}" if shown != str(data["total"]) else str(data["total"])
    text = f"{_name(data)} rolled {total} against TN {data['tn']}: {data['band']}, margin {signed(data['margin'])}"
    if data["advantages"]:
        text += f", {data['advantages']} advantage{'' if data['advantages'] == 1 else 's'}"
    return text
