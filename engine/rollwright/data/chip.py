"""The inline chip of a declared check: its outcomes' exact chances in a tooltip, a live roll on a press.

>>> answer = {"check": "A Pips roll", "inputs": [["Dice in the pool", "3"], ["Hits needed", "2"]],
...           "notation": "3d6", "success": "7/27",
...           "outcomes": [{"name": "Enough hits", "p": "7/27"}, {"name": "Too few hits", "p": "20/27"}]}
>>> html = check_chip("pips.odds", {"dice": 3, "need": 2}, answer, "c1")
>>> 'data-rw-call="pips.odds.roll"' in html and 'data-rw-p="7/27"' in html and "25.9%" in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.data.views import inputs_text
from rollwright.kit.chips import chance, chip, line
from rollwright.kit.markup import Html, el


def check_chip(name: str, inputs: dict[str, Any], answer: dict[str, Any], chip_id: str) -> Html:
    """A chip for the answer of a declared check's odds call (``name``) with these inputs."""
    success = Fraction(answer["success"])
    tip = [line(el("strong", None, answer["check"]), f" ({inputs_text(answer['inputs'])}): rolls ",
                el("code", None, answer["notation"]), ".")]
    tip += [line(f"{o['name']}: ", el("strong", None, *chance(Fraction(o["p"]))), ".") for o in answer["outcomes"]]
    label = inputs_text(answer["inputs"])
    data: dict[str, str | int | None] = {"data-rw-p": answer["success"], "data-rw-check": name}
    return el("span", {"class": "rw-check-chip"},
              chip("check", chip_id, f"{name}.roll", dict(inputs), data, label, "", tip),
              el("span", {"class": "rw-check-chip__odds"}, f" ({chance(success)[0]} to succeed)"))
