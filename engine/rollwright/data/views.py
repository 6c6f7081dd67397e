"""How a declared check's answers look: the odds widget with its band chart, a roll with every die, a chip.

Every view takes the plain answer of the check's registry call, so the build and the
browser draw the same HTML from the same numbers.

>>> answer = {"check": "Move", "inputs": [["Stat", "+1"]], "notation": "2d6+1", "mode": None,
...           "outcomes": [{"key": "hit", "name": "Hit", "p": "5/18", "succeeds": True, "span": "10 or more"},
...                        {"key": "miss", "name": "Miss", "p": "13/18", "succeeds": False, "span": "9 or less"}],
...           "success": "5/18", "extras": [], "measure": "total"}
>>> html = odds_view(answer)
>>> "Stat +1" in html and "<svg" in html and 'data-rw-p="5/18"' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.chips import dice_detail
from rollwright.kit.dice_views import every_die
from rollwright.kit.exact import chance
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import chance_text, plural


def inputs_text(inputs: list[list[str]]) -> str:
    """The inputs in words: ``Stat +1, Mode advantage``."""
    return ", ".join(f"{label} {value}" for label, value in inputs)


MEASURES = {"total": "total", "margin": "margin", "hits": "hits", "hit-margin": "hits over the need"}
"""What a check's bands are read on, in words: the total, the margin over a target, the hits of a pool."""


def odds_view(data: dict[str, Any]) -> Html:
    """The chance of success, each outcome's chance (a list and a bar chart), and any extras."""
    bars = [Bar(str(index), Fraction(o["p"]), "rw-bar--success" if o["succeeds"] else "rw-bar--fail",
                f"{o['name']} ({o['span']})") for index, o in enumerate(data["outcomes"], start=1)]
    key = [(str(index), o["name"]) for index, o in enumerate(data["outcomes"], start=1)]
    extras = [el("p", None, f"{e['plural'].capitalize()} earned: ",
                 ", ".join(f"{n}: {chance_text(p)}" for n, p in e["counts"]), ".") for e in data["extras"]]
    return el("div", {"class": "rw-odds rw-data-odds", "data-rw-p": data["success"]},
              el("p", {"class": "rw-headline"}, f"{data['check']} ({inputs_text(data['inputs'])}; rolls ",
                 el("code", None, data["notation"]), "): success ", chance(data["success"], strong=True)),
              el("ul", {"class": "rw-data-odds__list"},
                 [el("li", {"data-rw-outcome": o["key"]}, el("strong", None, o["name"]),
                     f" ({_span(data['measure'], o['span'])}): ", chance(o["p"]))
                  for o in data["outcomes"]]),
              bar_chart(bars, title=f"{data['check']}: the chance of each outcome", key=key),
              *extras)


def _span(measure: str, span: str) -> str:
    """An outcome's values in words: ``total: 10 or more``, or a condition as written (``when die(1) == 20``)."""
    return span if measure == "outcomes" else f"{MEASURES.get(measure, 'roll')}: {span}"


def roll_sentence(data: dict[str, Any], *, outcome: bool = True) -> str:
    """One roll told in one sentence (no full stop: a chip sits inside the page's own sentence).

    >>> die = lambda face: {"faces": [face], "kept": True, "sign": 1}
    >>> roll_sentence({"notation": "2d6+1", "terms": [{"kind": "dice", "sign": 1, "dice": [die(4), die(6)]},
    ...     {"kind": "constant", "sign": 1, "value": 1}], "total": 11, "hits": None, "target": None,
    ...     "target_terms": None, "margin": None, "outcome_name": "Hit", "extra": None})
    '2d6+1 rolled 11 (4 + 6 + 1): Hit'
    >>> roll_sentence({"notation": "3d6", "terms": [{"kind": "dice", "sign": 1, "dice": [die(2), die(5), die(1)]}],
    ...     "total": 8, "hits": 1, "target": 2, "target_terms": [{"kind": "constant", "sign": 1, "value": 2}],
    ...     "margin": -1, "outcome_name": "Too few hits", "extra": None})
    '3d6 rolled 2, 5, 1: 1 hit, 2 needed: Too few hits'
    """
    if data["hits"] is not None:
        faces = ", ".join(str(f) for t in data["terms"] for d in t.get("dice", []) for f in d["faces"])
        text = f"{data['notation']} rolled {faces}: {plural(data['hits'], 'hit')}"
        if data["target"] is not None:
            text += f", {data['target']} needed"
    else:
        text = f"{data['notation']} rolled {data['total']} ({dice_detail(data)})"
        if data["target"] is not None:
            rolled = any(t.get("dice") for t in data["target_terms"] or [])
            detail = f" ({dice_detail({'terms': data['target_terms']})})" if rolled else ""
            text += f" against {data['target']}{detail}, margin {data['margin']}"
    if outcome:
        text += f": {data['outcome_name']}"
    extra = data["extra"]
    if extra is not None and extra["count"]:
        text += f", {extra['count']} {extra['name'] if extra['count'] == 1 else extra['plural']}"
    return text


def roll_view(data: dict[str, Any]) -> Html:
    """A seeded roll: the outcome first, then every die (and the target's, when it is rolled)."""
    target = data.get("target_terms") or []
    return el("div", {"class": "rw-data-roll", "data-rw-outcome": data["outcome"],
                      "data-rw-seed": data["seed"]},
              el("p", {"class": "rw-headline", "data-rw-log-entry": True},
                 el("strong", None, data["outcome_name"]), ". ", roll_sentence(data, outcome=False), ".",
                 el("span", {"class": "rw-seed"}, f" · seed {data['seed']}")),
              every_die(data["terms"], totals=data["hits"] is None),
              every_die(target, "The target's dice") if any(t.get("dice") for t in target) else None)
