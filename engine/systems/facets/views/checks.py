"""Views of a single roll, a check's bands, and an extended check.

>>> from rollwright.kit.api import call
>>> "Success with advantage" in check_view(call("facets.check", {"die": 8, "tn": 8}))
True
>>> "data-rw-total" in roll_view(call("facets.roll", {"die": 6, "seed": 2}))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.exact import chance, number
from rollwright.kit.numbers import number_text, ordinal, percent, plural, rarity
from rollwright.kit.plain_table import table

BAR_CSS = {"advantage": "rw-bar--success", "success": "rw-bar--success", "cost": "rw-bar--near",
           "failure": "rw-bar--fail", "failure-cost": "rw-bar--fail"}
MAX_ADVANTAGES_SHOWN = 4
SHORT = {"advantage": "Adv", "success": "Succ", "cost": "Cost", "failure": "Fail", "failure-cost": "F+C"}


def bands_chart(bands: list[dict[str, Any]], title: str) -> Html:
    """A bar per outcome band, best first."""
    return bar_chart([Bar(SHORT[b["key"]], Fraction(b["p"]), BAR_CSS[b["key"]], b["name"]) for b in bands],
                     title=title)


def roll_view(data: dict[str, Any]) -> Html:
    """One seeded roll: each face, the total and its band."""
    faces = el("span", {"class": "rw-facets-faces"},
               [el("span", {"class": "rw-die", "data-rw-face": f}, str(f)) for f in data["faces"]])
    how = "under pressure (no explosions)" if data["pressure"] else f"exploding on {data['explode_on']}+"
    notes = [f"Seed {data['seed']}.", " The explosion cap was reached." if data["capped"] else None]
    return el("div", {"class": "rw-facets-roll", "data-rw-total": data["total"], "data-rw-band": data["band_key"],
                      "data-rw-seed": data["seed"]},
              el("p", {"class": "rw-headline"}, f"{data['die']} {how}: ", faces,
                 f" + {data['bonus']} = " if data["bonus"] else " = ", el("strong", None, str(data["total"]))),
              el("p", None, f"Against TN {data['tn']} (margin {data['margin']:+d}): ", el("strong", None, data["band"]),
                 f", {data['advantages']} advantage{'s' if data['advantages'] != 1 else ''}" if data["advantages"]
                 else None, f"; earns {data['effort']} effort" if data["effort"] else None, "."),
              el("p", {"class": "rw-exact"}, notes))


def steps_view(data: dict[str, Any]) -> Html:
    """A die moved along the ladder, and whether the change ran off an end.

    >>> from rollwright.kit.api import call
    >>> "stops at the end" in steps_view(call("facets.steps", {"die": 4, "steps": -2}))
    True
    """
    note = (" The change runs past the end of the ladder; the draft does not say what happens, "
            "so the die stops at the end.") if data["off_ladder"] else ""
    return el("div", {"class": "rw-facets-steps", "data-rw-die": data["result"]},
              el("p", {"class": "rw-headline"}, f"{data['die']} moved {_way(data['steps'])}: ",
                 el("strong", None, data["result"]), "."), el("p", None, note) if note else None)


def _way(steps: int) -> str:
    """``up 2 steps``, ``down 1 step``, ``0 steps``."""
    way = "up " if steps > 0 else "down " if steps < 0 else ""
    return f"{way}{plural(abs(steps), 'step')}"


def check_view(data: dict[str, Any]) -> Html:
    """A check's exact bands, its advantages, effort and the calm alternative."""
    how = "under pressure" if data["pressure"] else f"exploding on {data['explode_on']}+"
    bonus = f" {data['bonus']:+d}" if data["bonus"] else ""
    rows = [[b["name"], chance(b["p"])] for b in data["bands"]]
    shown = data["advantages"][:MAX_ADVANTAGES_SHOWN]
    rest = sum((Fraction(a["p"]) for a in data["advantages"][MAX_ADVANTAGES_SHOWN:]), Fraction(0))
    adv = ", ".join(f"{a['count']}: {a['percent']}" for a in shown)
    if rest:
        adv += f", {MAX_ADVANTAGES_SHOWN} or more: {percent(rest)}"
    cap = (f"Explosions stop after {data['depth']} extra dice (chance of reaching that: {rarity(Fraction(data['cap']['p']))})."
           if not data["pressure"] else "No explosions under pressure.")
    return el("div", {"class": "rw-facets-check", "data-rw-p": data["success"]["p"]},
              el("p", {"class": "rw-headline"}, f"{data['die']}{bonus} {how} against TN {data['tn']}: ",
                 "meets it ", chance(data["success"]["p"], strong=True)),
              bands_chart(data["bands"], f"Outcome bands of {data['die']}{bonus} against TN {data['tn']}"),
              table(["Band", "Chance"], rows, name="facets-check-bands"),
              el("p", None, f"Advantages (count: chance): {adv}."),
              el("p", None, "Effort earned per check, on average: ", number(data["effort"]), ". ",
                 f"Taking it calm instead: {data['calm']}{bonus} = {data['calm_total']}, " if bonus
                 else f"Taking it calm instead: {data['calm']}, ",
                 el("strong", None, data["calm_band"]), " (double time)."),
              el("p", {"class": "rw-exact"}, f"Mean roll {number_text(Fraction(data['mean']))}. {cap}"))


def extended_view(data: dict[str, Any]) -> Html:
    """An extended check: the chance to finish, attempts used, the expected time."""
    check = data["check"]
    rows = [[a["n"], chance(a["done"]), chance(a["lost"])] for a in data["attempts"]]
    reading = ["A success at a cost counts." if data["costly"] else "Only a met TN counts as a success.",
               " Every attempt is taken calm." if data["calm"] else None]
    return el("div", {"class": "rw-facets-extended", "data-rw-p": data["chance"]["p"]},
              el("p", {"class": "rw-headline"}, f"{check['notation']} with {data['die']}"
                 f"{' ' + format(data['bonus'], '+d') if data['bonus'] else ''}: ",
                 "finishes ", chance(data["chance"]["p"], strong=True)),
              el("p", None, "Each attempt succeeds: ", chance(data["per_attempt"]["p"]),
                 f"; the task is lost at the {ordinal(data['impossible_after'])} failure. ", reading),
              table(["Attempt", "Done on this attempt", "Lost on this attempt"], rows, name="facets-attempts"),
              el("p", None, "Expected attempts: ", number(data["mean_attempts"]),
                 f"; at {data['time_per_attempt']} an attempt, that is {data['mean_time']} on average."))
