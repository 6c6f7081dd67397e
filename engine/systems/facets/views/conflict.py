"""Views of an opposed attack, a conflict's odds, and recovery.

>>> from rollwright.kit.api import call
>>> "to hit" in attack_view(call("facets.attack", {"attack": 8, "defense": 6}))
True
>>> "takes B out first" in conflict_view(call("facets.conflict", {"a_health": 3, "b_health": 3}))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.plain_table import table
from facets.views.checks import _exact, bands_chart


def attack_view(data: dict[str, Any]) -> Html:
    """Bands, hit chance, damage per action (after armor) and the defender's tokens."""
    pair = " (two attacks)" if data["attacks"] == 2 else ""
    damage = bar_chart([Bar(str(d["value"]), Fraction(d["p"]), "rw-bar--success" if d["value"] else "rw-bar--fail",
                            f"{d['value']} damage") for d in data["damage_action"][:16]],
                       title="Damage per action after armor")
    return el("div", {"class": "rw-facets-attack", "data-rw-p-hit": data["hit"]["p"]},
              el("p", {"class": "rw-headline"},
                 f"{data['attack_die']} against {data['defense_die']} ({data['defended_with']}), "
                 f"{data['weapon']} ({data['damage']}){pair}: ",
                 el("strong", None, f"{data['hit']['percent']} to hit"), _exact(data["hit"]["p"])),
              bands_chart(data["bands"], "Outcome bands of one attack"),
              el("p", None, f"Mean damage per action: {data['mean_damage_text']} ",
                 _exact(data["mean_damage"]),
                 f", armor {data['armor']}. The defender earns a token {data['defender_token']['percent']} "
                 "of the time (each attack)."),
              damage)


def conflict_view(data: dict[str, Any]) -> Html:
    """Who takes whom out first, and the exchanges it takes."""
    bars = [Bar(str(r["n"]), Fraction(r["p"]), "rw-bar--success", f"ends in exchange {r['n']}")
            for r in data["exchanges"]]
    if Fraction(data["beyond"]["p"]):
        bars.append(Bar(f">{data['max_exchanges']}", Fraction(data["beyond"]["p"]), "rw-bar--near",
                        f"still going after {data['max_exchanges']} exchanges"))
    rows = [[r["n"], el("span", None, r["percent"], _exact(r["p"]))] for r in data["exchanges"]]
    return el("div", {"class": "rw-facets-conflict", "data-rw-p-a": data["a_wins"]["p"]},
              el("p", {"class": "rw-headline"}, "A takes B out first: ", el("strong", None, data["a_wins"]["percent"]),
                 _exact(data["a_wins"]["p"]), "; B takes A out first: ", el("strong", None, data["b_wins"]["percent"])),
              el("p", None, f"A acts first in an exchange {data['a_first']['percent']} of the time. "
                 f"Exchanges after {data['max_exchanges']} are lumped together: "
                 f"{data['beyond']['percent']} of conflicts last longer."),
              bar_chart(bars, title="Exchanges until someone is taken out"),
              table(["Exchange", "Ends here"], rows, name="facets-exchanges"))


def recovery_view(data: dict[str, Any]) -> Html:
    """What the condition imposes and how recovery goes."""
    social = f" (social ladder: {data['social']})" if data["condition"] != "healthy" else ""
    lines = [f"Attributes carrying a penalty: {data['penalised_attributes']}.",
             f"Health or Cool regained: {data['regain']}."]
    if data["minutes_per_point"]:
        lines.append(f"Prorated: one point every {data['minutes_per_point']} minutes.")
    if data["step_down"]:
        lines.append(f"Rest to lift the condition one step: {data['step_down']}.")
    return el("div", {"class": "rw-facets-recovery", "data-rw-regain": data["regain"]},
              el("p", {"class": "rw-headline"}, el("strong", None, data["condition"].capitalize()), social,
                 f", maximum {data['maximum']}"),
              el("ul", None, [el("li", None, line) for line in lines]))
