"""HTML views of Façade call results: charts, a roll, odds and contests.

Each view takes the plain dict a registry call returned, so the page shows
exactly the numbers the call computed.

>>> from rollwright.kit.api import call
>>> html = odds_view(call("facade.odds", {"trait": 10, "difficulty": 10}))
>>> 'data-rw-p-success="16/25"' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el, join
from rollwright.kit.numbers import percent, signed
from rollwright.kit.plain_table import table

_OUTCOME_CSS = {"complete-failure": "rw-bar--fail", "near-miss": "rw-bar--near"}
_SHORT = {"complete-failure": "CF", "near-miss": "NM"}
OUTCOME_KEY = (("CF", "complete failure"), ("NM", "near miss"), ("1, 2, …", "success level"))
"""The short bar labels of an outcome chart, explained under it."""


def _short(key: str) -> str:
    return _SHORT.get(key, key.removeprefix("level-"))


def _die(die: dict[str, Any]) -> Html:
    faces = " ".join(str(f) for f in die["faces"])
    classes = "rw-die" + (" rw-die--exploded" if die.get("exploded") else "")
    if die.get("kept") is False:
        classes += " rw-die--dropped"
    label = f"d{die['sides']} showing {faces.replace(' ', ' then ')}"
    return el("li", {"class": classes, "data-rw-sides": die["sides"], "data-rw-faces": faces,
                     "aria-label": label, "title": label},
              el("span", {"class": "rw-die__sides"}, f"d{die['sides']}"),
              el("span", {"class": "rw-die__face"}, faces))


def _roll_dice(report: dict[str, Any]) -> Html:
    dice = [d for term in report["terms"] if term["kind"] != "constant" for d in term.get("dice", [])]
    return el("ul", {"class": "rw-dice", "aria-label": "Dice rolled"}, [_die(d) for d in dice])


def roll_view(data: dict[str, Any]) -> Html:
    """One Façade roll from ``facade.roll``: every die, the total and the outcome."""
    outcome = data["outcome"]
    verdict = None
    if outcome is not None:
        level = "" if outcome["level"] is None else f", level {outcome['level']}"
        css = "rw-outcome--success" if outcome["kind"] == "success" else f"rw-outcome--{outcome['kind']}"
        verdict = el("p", {"class": f"rw-outcome {css}"},
                     f"Against difficulty {data['difficulty']}: ", el("strong", None, outcome["name"]),
                     f" (margin {signed(outcome['margin'])}{level})")
    return el("div", {"class": "rw-roll", "data-rw-total": data["total"],
                      "data-rw-outcome": outcome["key"] if outcome else "", "data-rw-seed": data["seed"]},
              el("p", {"class": "rw-roll__what"},
                 f"Trait {data['trait']} ({data['label']}) rolls ", el("code", None, data["dice"]),
                 el("span", {"class": "rw-seed"}, f" · seed {data['seed']}")),
              _roll_dice(data["roll"]),
              el("p", {"class": "rw-total"}, "Total ", el("strong", None, data["total"])),
              verdict)


def odds_view(data: dict[str, Any]) -> Html:
    """Exact outcome odds from ``facade.odds``: headline, chart and table."""
    p_success = Fraction(data["p_success"])
    bars = [Bar(_short(o["key"]), Fraction(o["p"]), _OUTCOME_CSS.get(o["key"], "rw-bar--success"), o["name"])
            for o in data["outcomes"]]
    title = f"Outcomes of trait {data['trait']} ({data['dice']}) against difficulty {data['difficulty']}"
    notes = []
    if data["automatic_failure"]:
        notes.append(el("p", {"class": "rw-flag rw-flag--fail"},
                        f"No roll of {data['dice']} reaches {data['difficulty']} (best is {data['max_roll']}): "
                        "without stunts this is an automatic failure."))
    if data["automatic_success"]:
        notes.append(el("p", {"class": "rw-flag rw-flag--success"},
                        f"Uncontested, the trait beats the difficulty by enough to take an automatic "
                        f"{data['automatic_success']} success instead of rolling, if the GM allows."))
    rows = [[o["name"], percent(Fraction(o["p"])), el("span", {"class": "rw-exact"}, o["p"])]
            for o in data["outcomes"]]
    return el("div", {"class": "rw-odds", "data-rw-p-success": data["p_success"]},
              el("p", {"class": "rw-headline"}, f"Trait {data['trait']} ({data['dice']}) vs difficulty "
                 f"{data['difficulty']}: ", el("strong", None, f"{percent(p_success)} to succeed"),
                 el("span", {"class": "rw-exact"}, f" (exactly {data['p_success']})")),
              join(notes),
              bar_chart(bars, title=title, key=OUTCOME_KEY),
              el("details", {"class": "rw-details"}, el("summary", None, "Exact odds of every outcome"),
                 table(["Outcome", "Chance", "Exact"], rows, name="facade-odds",
                       row_keys=[o["key"] for o in data["outcomes"]])))


def contest_view(data: dict[str, Any]) -> Html:
    """Active-contest odds from ``facade.contest``, with winner's success levels charted."""
    a, b = data["trait_a"], data["trait_b"]
    bars = [Bar(f"B{lv}", Fraction(p), "rw-bar--fail", f"B wins at level {lv}")
            for lv, p in reversed(data["levels_b"])]
    bars.append(Bar("tie", Fraction(data["p_tie"]), "rw-bar--near", "Equal rolls"))
    bars += [Bar(f"A{lv}", Fraction(p), "rw-bar--success", f"A wins at level {lv}") for lv, p in data["levels_a"]]
    summary = el("ul", {"class": "rw-contest__summary"},
                 el("li", None, f"A (trait {a}) wins: ", el("strong", None, percent(Fraction(data["p_a"])))),
                 el("li", None, f"B (trait {b}) wins: ", el("strong", None, percent(Fraction(data["p_b"])))),
                 el("li", None, "Equal rolls: ", el("strong", None, percent(Fraction(data["p_tie"])))))
    return el("div", {"class": "rw-contest", "data-rw-p-a": data["p_a"], "data-rw-p-b": data["p_b"],
                      "data-rw-p-tie": data["p_tie"]},
              summary,
              bar_chart(bars, title=f"Active contest, trait {a} against trait {b}: winner and success level",
                        key=(("A0, A1, …", "A wins at success level 0, 1, …"), ("B0, B1, …", "B wins at that level"),
                             ("tie", "equal rolls"))),
              el("p", {"class": "rw-caption"},
                 "Bars left of the tie are B's wins, right are A's, by the winner's success level "
                 "(margin ÷ 3, rounded down)."))
