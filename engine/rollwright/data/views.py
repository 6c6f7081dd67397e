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
from rollwright.kit.exact import chance
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import chance_text, plural


def inputs_text(inputs: list[list[str]]) -> str:
    """The inputs in words: ``Stat +1, Mode advantage``."""
    return ", ".join(f"{label} {value}" for label, value in inputs)


def _measure_words(data: dict[str, Any]) -> str:
    return {"total": "the total", "margin": "the margin (roll minus target)", "hits": "the hits",
            "hit-margin": "hits minus those needed"}.get(data["measure"], "the roll")


def odds_view(data: dict[str, Any]) -> Html:
    """The chance of success, each outcome's chance (a list and a bar chart), and any extras."""
    bars = [Bar(o["name"], Fraction(o["p"]), "rw-bar--success" if o["succeeds"] else "rw-bar--fail",
                f"{o['name']} ({o['span']})") for o in data["outcomes"]]
    extras = [el("p", None, f"{e['plural'].capitalize()} earned: ",
                 ", ".join(f"{n}: {chance_text(p)}" for n, p in e["counts"]), ".") for e in data["extras"]]
    return el("div", {"class": "rw-odds rw-data-odds", "data-rw-p": data["success"]},
              el("p", {"class": "rw-headline"}, f"{data['check']} ({inputs_text(data['inputs'])}; rolls ",
                 el("code", None, data["notation"]), "): success ", chance(data["success"], strong=True)),
              el("ul", {"class": "rw-data-odds__list"},
                 [el("li", {"data-rw-outcome": o["key"]}, el("strong", None, o["name"]),
                     f" ({_measure_words(data)} {o['span']}): ", chance(o["p"])) for o in data["outcomes"]]),
              bar_chart(bars, title=f"{data['check']}: the chance of each outcome"),
              *extras)


def roll_sentence(data: dict[str, Any]) -> str:
    """One roll told in one sentence (no full stop: a chip sits inside the page's own sentence).

    >>> roll_sentence({"notation": "2d6+1", "terms": [{"kind": "dice", "sign": 1, "dice": [
    ...     {"faces": [4], "kept": True, "sign": 1}, {"faces": [6], "kept": True, "sign": 1}]},
    ...     {"kind": "constant", "sign": 1, "value": 1}], "total": 11, "hits": None, "target": None,
    ...     "margin": None, "outcome_name": "Hit", "extra": None})
    '2d6+1 rolled 11 (4 + 6 + 1): Hit'
    """
    text = f"{data['notation']} rolled {data['total']} ({dice_detail(data)})"
    if data["hits"] is not None:
        text += f", {plural(data['hits'], 'hit')}"
    if data["target"] is not None:
        text += f" against {data['target']}"
        if data.get("target_terms"):
            text += f" ({dice_detail({'terms': data['target_terms']})})"
        text += f", margin {data['margin']}"
    text += f": {data['outcome_name']}"
    extra = data["extra"]
    if extra is not None and extra["count"]:
        text += f", {extra['count']} {extra['name'] if extra['count'] == 1 else extra['plural']}"
    return text


def roll_view(data: dict[str, Any]) -> Html:
    """A seeded roll: the outcome first, then every die."""
    return el("div", {"class": "rw-data-roll", "data-rw-outcome": data["outcome"],
                      "data-rw-seed": data["seed"]},
              el("p", {"class": "rw-headline", "data-rw-log-entry": True},
                 el("strong", None, data["outcome_name"]), ". ", roll_sentence(data), ".",
                 el("span", {"class": "rw-seed"}, f" · seed {data['seed']}")))
