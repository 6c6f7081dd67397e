"""Views for the open d20, the contest and one consequence.

>>> from rollwright.kit.registry import call
>>> "both dice" in str(roll_view(call("skillful.roll", {"seed": 5})))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import signed
from rollwright.kit.series_chart import Series, series_chart

TIER_CSS = {-1: "rw-bar--success", 0: "rw-bar--near"}


def roll_view(data: dict[str, Any]) -> Html:
    """``skillful.roll``: the dice (both after a 1 or 20), the roll and the total."""
    faces = data["faces"]
    dice = el("ul", {"class": "rw-dice", "aria-label": "Dice rolled"},
              [el("li", {"class": "rw-die"}, str(face)) for face in faces])
    shift = data["skill"] - data["penalty"] + data["modifier"]
    extra = f" ({'both dice: ' if len(faces) > 1 else ''}{data['how']})"
    return el("div", {"class": "rw-dice-roll", "data-rw-total": data["total"], "data-rw-seed": data["seed"]},
              el("p", {"class": "rw-roll__what", "data-rw-log-entry": True},
                 "Open d20 ", el("strong", None, str(data["roll"])), extra,
                 f", {signed(shift)} for skill, fatigue and attitude: total ",
                 el("strong", {"data-rw-check-total": True}, str(data["total"])),
                 el("span", {"class": "rw-seed"}, f" · seed {data['seed']}")),
              dice)


def distribution_view(data: dict[str, Any]) -> Html:
    """``skillful.open_d20``: a line chart of every total, and the range and mean."""
    points = [(value, Fraction(p)) for value, p in data["rows"]]
    mean = Fraction(data["mean"])
    return el("div", {"class": "rw-odds"},
              el("p", {"class": "rw-headline"}, f"Totals from {data['lowest']} to {data['highest']}; "
                 f"average {float(mean):.2f}", el("span", {"class": "rw-exact"}, f" (exactly {data['mean']})")),
              series_chart([Series("open d20", points)], title="Chance of each total"))


def contest_view(data: dict[str, Any]) -> Html:
    """``skillful.contest``: the odds of each tier as a chart and a table, and the expected effort."""
    bars = [Bar(str(t["row"]), Fraction(t["p"]), TIER_CSS.get(t["index"], "rw-bar--fail"), t["name"])
            for t in data["tiers"]]
    # Same markup as rollwright.kit.plain_table (class-less, so the theme styles it), plus
    # data-rw-p on each chance cell.
    rows = [el("tr", None, el("td", None, str(t["row"])), el("td", None, t["name"]),
               el("td", None, t["losses"]), el("td", {"data-rw-p": t["p"]}, t["percent"]),
               el("td", None, t["effort_text"])) for t in data["tiers"]]
    up_front = f" (including {data['up_front']} paid up front for an intense attitude)" if data["up_front"] else ""
    return el("div", {"class": "rw-odds", "data-rw-width": data["width"]},
              el("p", {"class": "rw-headline"}, "The defender holds (ties included): ",
                 el("strong", None, data["tiers"][0]["percent"]),
                 el("span", {"class": "rw-exact"}, f" (exactly {data['tiers'][0]['p']})")),
              el("p", None, f"Attacker {signed(data['attacker_shift'])}, defender {signed(data['defender_shift'])} "
                 f"on an open d20 each; threshold width T = {data['width']} "
                 f"(cutoffs {'/'.join(str(c) for c in data['cutoffs'])}); N = {data['n']}; {data['task']}."),
              bar_chart(bars, title="Chance of each consequence tier"),
              el("table", {"data-rw-table": "skillful-contest-tiers"},
                 el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in
                                                   ("Row", "Consequence", "Loss", "Chance", "Defender spends")])),
                 el("tbody", None, rows)),
              el("p", None, "Expected spend for the defender: ", el("strong", None, data["expected_text"] or "0"),
                 up_front, "."),
              el("p", None, "The same defender, by attitude: ",
                 "; ".join(f"{a['attitude']} {a['expected_text']}" for a in data["by_attitude"]), "."))


def consequence_view(data: dict[str, Any]) -> Html:
    """``skillful.consequence``: the tier one loss falls in and what it costs."""
    return el("div", {"class": "rw-odds", "data-rw-tier": data["index"]},
              el("p", {"class": "rw-headline"}, f"A loss of {data['loss']} with T = {data['width']}: ",
                 el("strong", None, data["name"]), f" (chart row {data['row']}, losses {data['losses']})."),
              el("p", None, f"N = {data['n']}. The defender spends ", el("strong", None, data["effort_text"]), "."))
