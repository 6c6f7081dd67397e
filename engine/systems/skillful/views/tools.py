"""Views for thresholds, suckage, fumbles and aid.

>>> from rollwright.kit.registry import call
>>> "2 suckage points" in str(suckage_view(call("skillful.suckage", {"loss": 21})))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.exact import chance, exact_suffix, number
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import chance_text
from skillful.rules.effort import effort_text


def thresholds_view(data: dict[str, Any]) -> Html:
    """``skillful.thresholds``: T and the cutoffs."""
    return el("div", {"class": "rw-odds", "data-rw-width": data["width"]},
              el("p", {"class": "rw-headline"}, f"Fatigue penalty {data['penalty']}, floor {data['floor']}: T = ",
                 el("strong", None, str(data["width"])), ", cutoffs ",
                 el("strong", None, "/".join(str(c) for c in data["cutoffs"])), "."))


def _article(name: str) -> str:
    """The indefinite article for ``name``: "an" before Ordinary Defense, "a" before Bad Defense."""
    return "an" if name[:1].lower() in "aeiou" else "a"


def suckage_view(data: dict[str, Any]) -> Html:
    """``skillful.suckage``: the points that reach the next better tier, and what they save."""
    now = data["now"]
    if data["points"] is None:
        return el("div", {"class": "rw-odds"},
                  el("p", {"class": "rw-headline"}, f"A loss of {data['loss']} is {_article(now['name'])} ",
                     el("strong", None, now["name"]), ": the defender held, and suckage points buy nothing."))
    after = data["after"]
    one = data["points"] == 1
    points, bring, them = ("point", "brings", "it") if one else ("points", "bring", "them")
    return el("div", {"class": "rw-odds", "data-rw-points": data["points"]},
              el("p", {"class": "rw-headline"},
                 f"A loss of {data['loss']} (T = {data['width']}) is {_article(now['name'])} {now['name']}. ",
                 el("strong", None, f"{data['points']} suckage {points}"),
                 f" {bring} it to {data['loss'] - data['points']}: {_article(after['name'])} {after['name']}."),
              el("p", None, f"Effort without {them}: {now['effort_text']}. With {them}: {after['effort_text']}. "
                 f"{_trade_text(data['saved'])}"))


def _trade_text(saved: dict[str, int]) -> str:
    """What the better tier saves, and what it costs more of, never a negative saving.

    >>> _trade_text({"Wind": -40, "Stamina": -10, "Health": 70}), _trade_text({"Wind": 5})
    ('Saved: 70 Health. Costs more: 40 Wind + 10 Stamina.', 'Saved: 5 Wind.')
    """
    less = {pool: n for pool, n in saved.items() if n > 0}
    more = {pool: -n for pool, n in saved.items() if n < 0}
    parts = [f"Saved: {effort_text(less)}."] if less or not more else []
    if more:
        parts.append(f"Costs more: {effort_text(more)}.")
    return " ".join(parts)


def fumble_view(data: dict[str, Any]) -> Html:
    """``skillful.fumble``: the raised threshold, the chance of a fumble and of each consequence."""
    bars = [Bar(str(t["tier"]), Fraction(t["p"]), "rw-bar--success" if t["tier"] == 0 else "rw-bar--fail", t["name"])
            for t in data["tiers"]]
    return el("div", {"class": "rw-odds", "data-rw-p": data["p_fumble"]},
              el("p", {"class": "rw-headline"}, f"Threshold after fatigue: {data['raised']}. Chance of a fumble: ",
                 chance(data["p_fumble"], strong=True)),
              el("p", None, f"Check penalty {data['check_penalty']}, attitude {data['modifier']:+d}, "
                 f"threshold width T = {data['width']}."),
              bar_chart(bars, title="Chance of no fumble (0) and of each consequence (1-4)"),
              el("ul", None, [el("li", None, f"{t['name']}: {chance_text(t['p'])}") for t in data["tiers"]]))


def aid_bonus_view(data: dict[str, Any]) -> Html:
    """``skillful.aid_bonus``: target, share and bonus."""
    return el("div", {"class": "rw-odds", "data-rw-bonus": data["bonus"]},
              el("p", {"class": "rw-headline"}, f"Target {data['target']}; the aid reached {data['share_percent']} "
                 "of it", exact_suffix(data["share"]), ". Bonus: ", el("strong", None, f"{data['bonus']:+d}"), "."))


def aid_odds_view(data: dict[str, Any]) -> Html:
    """``skillful.aid_odds``: the bonus's distribution and the aided check's chance."""
    bars = [Bar(f"{b:+d}", Fraction(p), "rw-bar--success" if b > 0 else "rw-bar--fail", f"bonus {b:+d}")
            for b, p in data["bonus"]]
    return el("div", {"class": "rw-odds", "data-rw-p": data["p_with"]},
              el("p", {"class": "rw-headline"}, f"Reaching {data['difficulty']} alone: ",
                 chance(data["p_without"], strong=True), "; with the aid: ", chance(data["p_with"], strong=True)),
              el("p", None, "Average bonus ", "+" if Fraction(data["mean_bonus"]) > 0 else "",
                 number(data["mean_bonus"]), "."),
              bar_chart(bars, title="Chance of each aid bonus"))
