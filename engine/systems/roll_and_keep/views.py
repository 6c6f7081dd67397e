"""HTML for Roll & Keep's widgets, from the calls' answers (built only with ``el``).

>>> from rollwright.kit.registry import call
>>> "62.2%" in attack_view(call("roll-and-keep.attack", {"trait": 2, "knack": 2, "rank": 2}))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.markup import Html, el
from rollwright.kit.exact import chance
from rollwright.kit.numbers import chance_text, plural
from rollwright.kit.series_chart import Series, series_chart
from rollwright.kit.widget import state_link
from roll_and_keep.rules.turn_text import PHASES

TURN_URL_KEY = "rkturn"
"""The turn tracker's key in the page's address (``?rkturn.plan=...``)."""


def _headline(*parts: object) -> Html:
    return el("p", {"class": "rw-headline", "data-rw-log-entry": True}, *parts)


def pool_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.pool``: P(>= TN), the mean, and a chart of P(>= t) for every total t."""
    points = [(total, Fraction(p)) for total, p in data["series"]]
    note = "crippled: no explosions" if data["crippled"] else f"10s explode, at most {data['depth']} extra rolls a die"
    return el("div", {"class": "rw-rk-pool", "data-rw-p": data["at_least"]["p"]},
              _headline(el("code", None, data["pool"]), f" reaches {data['tn']} or more: ",
                        chance(data["at_least"]["p"], strong=True)),
              el("p", None, f"Mean total {data['mean_text']} ({note})."),
              series_chart([Series(f"{data['pool']}: chance of at least this total", points)],
                           title=f"Chance that {data['pool']} reaches each total", top=Fraction(1),
                           mark=(data["tn"], "TN")))


def attack_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.attack``: the pool, the passive TN and the chance to hit."""
    capped = " (rolled dice capped at 10)" if data["capped"] else ""
    return el("div", {"class": "rw-rk-attack", "data-rw-p": data["hit"]["p"]},
              _headline("Attack ", el("code", None, data["pool"]), capped, f" against passive TN {data['tn']}: hits ",
                        chance(data["hit"]["p"], strong=True)),
              el("p", None, f"Mean attack total {data['mean_text']}."))


def defense_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.defense``: miss, defended, hit."""
    rows = [("The attack misses the passive TN", data["miss"]),
            ("It hits, and the active defense reaches its total", data["defended"]),
            ("It hits, and the defense falls short", data["hit"])]
    return el("div", {"class": "rw-rk-defense", "data-rw-p": data["defended"]["p"]},
              _headline(el("code", None, data["defense"]), " defends against ", el("code", None, data["attack"]),
                        f" (passive TN {data['tn']}): ", el("strong", None, data["defended_if_hit"]["percent"]),
                        " of the hits are turned aside"),
              el("table", None,
                 el("tbody", None, [el("tr", None, el("th", {"scope": "row"}, label),
                                       el("td", None, chance_text(p["p"]))) for label, p in rows])))


def wound_check_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.wound-check``: P(fail) and the dramatic wounds gained."""
    return el("div", {"class": "rw-rk-wound", "data-rw-p": data["fail"]["p"]},
              _headline(el("code", None, data["pool"]), f" against {plural(data['flesh'], 'flesh wound')}, the check fails: ",
                        chance(data["fail"]["p"], strong=True)),
              el("table", None,
                 el("thead", None, el("tr", None, el("th", None, "Dramatic wounds gained"), el("th", None, "Chance"))),
                 el("tbody", None, [el("tr", None, el("td", None, count), el("td", None, chance_text(p)))
                                    for count, p in data["gained"]])))


def outcome_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.dramatic-wounds``: one check's result and the character's state."""
    if data["gained"] == 0:
        what = f"The check reaches {data['flesh']}: the flesh wounds stay, no dramatic wound."
    else:
        added = ("1 dramatic wound is added" if data["gained"] == 1
                 else f"{data['gained']} dramatic wounds are added")
        what = f"Short by {data['missed_by']}: the flesh wounds are cleared and {added}."
    return el("div", {"class": "rw-rk-outcome", "data-rw-gained": data["gained"]},
              _headline(what),
              el("p", None, f"Dramatic wounds now {data['dramatic']}: ", el("strong", None, data["state"]),
                 f" (crippled at {data['crippled_at']}, knocked out at {data['knocked_out_at']})."))


def soak_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.soak``: one row per accepted hit."""
    head = el("tr", None, el("th", None, "After hit"), el("th", None, "Crippled or worse"),
              el("th", None, "Knocked out"), el("th", None, "Mean dramatic wounds"))
    rows = [el("tr", None, el("td", None, r["hit"]), el("td", None, chance_text(r["crippled"]["p"])),
               el("td", None, chance_text(r["knocked_out"]["p"])), el("td", None, r["mean_dramatic"])) for r in data["rows"]]
    last = data["rows"][-1]
    return el("div", {"class": "rw-rk-soak", "data-rw-p": last["knocked_out"]["p"]},
              _headline(f"After {plural(len(data['rows']), 'hit')} of {data['damage']}, knocked out: ",
                        el("strong", None, chance_text(last["knocked_out"]["p"]))),
              el("table", None, el("thead", None, head), el("tbody", None, rows)),
              el("p", {"class": "rw-caption"}, f"Crippled at {data['crippled_at']} dramatic wounds, knocked out at "
                 f"{data['knocked_out_at']}. Explosions stop after {data['depth']} extra rolls a die."))


def _actor(entry: dict[str, Any], tag: str = "li") -> Html:
    return el(tag, {"data-rw-actor": entry["name"]}, el("strong", None, entry["name"]),
              f" (Total Init {entry['total']}) ", "; ".join(entry["does"]))


def _group(group: list[dict[str, Any]]) -> Html:
    """One place in a phase's order: a line of its own, one marker; actors tied on it share it.

    >>> _group([{"name": "Ark", "total": 10, "does": ["acts"]}])
    '<li><span data-rw-actor="Ark"><strong>Ark</strong> (Total Init 10) acts</span></li>'
    """
    if len(group) == 1:
        return el("li", None, _actor(group[0], "span"))
    return el("li", None, "At the same time: ",
              el("ul", {"class": "rw-rk-together"}, [_actor(a) for a in group]))


def _turn_link(data: dict[str, Any], text: str, css: str = "md-button", focus: str | None = None,
               **changes: str | int) -> Html:
    return state_link(TURN_URL_KEY, {**data["inputs"], **changes}, text, css, focus)


def _turn_choices(data: dict[str, Any]) -> Html:
    """Stepping through the phases and taking back the last entry, then the shown phase's open choices."""
    shown = data["phase"]
    steps = [_turn_link(data, f"On to phase {shown + 1}", "md-button md-button--primary", "next", phase=shown + 1)
             if shown < PHASES else None,
             _turn_link(data, f"Back to phase {shown - 1}", focus="back", phase=shown - 1) if shown > 1 else None]
    offered = [_turn_link(data, c["label"], "md-button rw-rk-choice", plan=c["plan"]) for c in data["choices"]]
    undo = _turn_link(data, f"Take back: {data['last']}", focus="undo", plan=data["undo"]) if data["last"] else None
    if data["plan_full"]:
        heading = "The plan is as long as it may be: shorten it to add more choices."
    elif not shown:
        heading = "The turn has not started."
    elif offered:
        heading = f"Choices in phase {shown} (each one is written into the plan):"
    else:
        heading = f"No choices are left in phase {shown}."
    return el("div", {"class": "rw-rk-choices", "data-rw-choices-phase": shown},
              el("p", {"class": "rw-tracker__actions"}, steps, undo),
              el("p", None, el("strong", None, heading)),
              el("p", {"class": "rw-tracker__actions"}, offered) if offered else None)


def turn_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.turn``: the dice, each phase so far with its order and events, then the choices."""
    rolled = bool(data.get("rolled"))  # initiative rolled from the seed: a roll, with a link that reproduces it
    cast = el("p", {"data-rw-roll-text": rolled}, "Dice: ", "; ".join(f"{a['name']} {' '.join(map(str, a['dice']))} (Total Init {a['total']})"
                                             for a in data["actors"]))
    phases = []
    for phase in data["phases"]:
        groups = [_group(group) for group in phase["order"]]
        body = el("ol", {"class": "rw-rk-order"}, groups) if groups else el("p", None, "Nobody acts.")
        events = [el("p", {"class": "rw-rk-event"}, e) for e in phase["events"]]
        phases.append(el("li", {"class": "rw-rk-phase", "data-rw-phase": phase["phase"]},
                         el("strong", None, f"Phase {phase['phase']}"), body, events))
    return el("div", {"class": "rw-rk-turn", "data-rw-phase-shown": data["phase"],
                      "data-rw-seed": data["inputs"]["seed"] if rolled else None},
              _headline(f"Turn shown through phase {data['phase']}."), cast,
              el("ol", {"class": "rw-rk-phases"}, phases), _turn_choices(data))


def passive_view(data: dict[str, Any]) -> Html:
    """``roll-and-keep.passive-tn``: the target number an attack must reach."""
    why = f"5 + 5 x {data['rank']}" if data["can_defend"] else "the target cannot defend itself"
    return el("div", {"class": "rw-rk-passive", "data-rw-tn": data["tn"]},
              _headline("Passive TN ", el("strong", None, data["tn"]), f" ({why})."))
