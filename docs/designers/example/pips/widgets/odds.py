"""The odds widget: dice and hits needed in; the chance, in words, out.

The form is made from ``pips.odds``'s parameters (so it has their ranges), and
the view turns that call's answer into HTML, at build time and on every change.

>>> from rollwright.kit.widget import render_result
>>> "25.9%" in render_result("pips-odds", {"dice": 3, "need": 2})["html"]
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent
from rollwright.kit.widget import Field, Widget, register_widget


def odds_view(data: dict[str, Any]) -> Html:
    """``pips.odds``'s answer: the chance, and the chance of each number of hits."""
    each = ", ".join(f"{hits}: {percent(Fraction(p))}" for hits, p in enumerate(data["hits"]))
    return el("div", {"class": "rw-odds", "data-rw-p": data["p"]},
              el("p", {"class": "rw-headline"},
                 f"{data['dice']} dice, {data['need']} hits needed: ",
                 el("strong", None, data["percent"]),
                 el("span", {"class": "rw-exact"}, f" (exactly {data['p']})")),
              el("p", None, f"Hits rolled: {each}."))


register_widget(Widget(
    name="pips-odds",
    title="Odds of a Pips roll",
    call="pips.odds",
    fields=(Field("dice", "Dice in the pool"), Field("need", "Hits needed")),
    submit="Work it out",
    view=odds_view,
    live="change",
))
