"""Roll & Keep's widgets: roller, odds, attack, active defense, wound check, one check, soak planner, turn tracker.

>>> from rollwright.kit.widget import render_result
>>> "Phase 7" in render_result("roll-and-keep-turn", {})["html"]
True
>>> turn_from_character({"name": "Ada; Bo 7", "traits": {"panache": 3}})["params"]["actors"]
'Ada Bo roll 3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rollwright.errors import ParameterError
from roll_and_keep.character import read
from roll_and_keep.rules.turn_text import MAX_PANACHE

from rollwright.kit.dice_views import roll_view
from rollwright.kit.widget import Field, Widget, register_widget
from roll_and_keep import views
from roll_and_keep.calls.turn import BAR_FIGHT_PLAN

def turn_from_character(document: Mapping[str, Any]) -> dict[str, Any]:
    """A turn for a saved character: the character alone, rolling its Panache in initiative dice, at phase 1
    (play it phase by phase; add the others as actors). Its name keeps only the words an actor's name can
    hold (no digits, no ';', not the word 'roll')."""
    character = read(document)
    words = [w for w in re.sub(r"[^\w' -]|\d|_", " ", character["name"]).split() if w.lower() != "roll"]
    name = " ".join(words)[:40].strip() or "My character"
    panache = character["traits"]["panache"]
    if not (isinstance(panache, int) and not isinstance(panache, bool) and 1 <= panache <= MAX_PANACHE):
        raise ParameterError(f"character: its Panache ({panache}) must be a whole number from 1 to {MAX_PANACHE} "
                             "to roll initiative", field="character")
    return {"name": character["name"].strip() or name,
            "params": {"actors": f"{name} roll {panache}", "plan": "", "phase": 1}}


_READING = {"passed": "After Resolve, out after 2 x Resolve (the rule as worded)",
            "reached": "At Resolve, out at 2 x Resolve (the rock example)"}

register_widget(Widget(
    "roll-and-keep-roller", "Roll a pool", "roll-and-keep.roll",
    (Field("rolled", "Dice rolled"), Field("kept", "Dice kept"), Field("crippled", "Crippled (no explosions)"),
     Field("seed", "Seed (empty: random)", seed=True)),
    "Roll", roll_view, defaults={"rolled": 4, "kept": 2, "seed": 7},
    url_key="rkroll", log=5, log_title="Earlier rolls"))

register_widget(Widget(
    "roll-and-keep-odds", "Odds of a pool against a TN", "roll-and-keep.pool",
    (Field("rolled", "Dice rolled"), Field("kept", "Dice kept"), Field("tn", "Target number"),
     Field("crippled", "Crippled (no explosions)")),
    "Work it out", views.pool_view, live="change", defaults={"rolled": 4, "kept": 2, "tn": 15}))

register_widget(Widget(
    "roll-and-keep-attack", "Attack against a passive TN", "roll-and-keep.attack",
    (Field("trait", "Attacker's trait"), Field("knack", "Attack knack rank"),
     Field("rank", "Defender's defensive knack rank"), Field("can_defend", "Target can defend itself"),
     Field("crippled", "Attacker crippled")),
    "Work it out", views.attack_view, live="change", defaults={"trait": 2, "knack": 2, "rank": 2}))

register_widget(Widget(
    "roll-and-keep-defense", "Active defense", "roll-and-keep.defense",
    (Field("attack_rolled", "Attack dice rolled"), Field("attack_kept", "Attack dice kept"),
     Field("defense_rolled", "Defense dice rolled"), Field("defense_kept", "Defense dice kept"),
     Field("tn", "Defender's passive TN"), Field("attacker_crippled", "Attacker crippled"),
     Field("defender_crippled", "Defender crippled")),
    "Work it out", views.defense_view, live="change",
    defaults={"attack_rolled": 4, "attack_kept": 2, "defense_rolled": 5, "defense_kept": 3, "tn": 15}))

register_widget(Widget(
    "roll-and-keep-wound-check", "Wound check odds", "roll-and-keep.wound-check",
    (Field("brawn", "Brawn"), Field("flesh", "Flesh wounds after the damage"), Field("crippled", "Crippled")),
    "Work it out", views.wound_check_view, live="change", defaults={"brawn": 2, "flesh": 20}))

register_widget(Widget(
    "roll-and-keep-outcome", "One wound check", "roll-and-keep.dramatic-wounds",
    (Field("flesh", "Flesh wounds after the damage"), Field("rolled", "Wound check total"),
     Field("resolve", "Resolve"), Field("dramatic", "Dramatic wounds before"),
     Field("reading", "Thresholds", choice_labels=_READING)),
    "Work it out", views.outcome_view, live="change",
    defaults={"flesh": 20, "rolled": 12, "resolve": 2, "dramatic": 2}))

register_widget(Widget(
    "roll-and-keep-soak", "Soak planner", "roll-and-keep.soak",
    (Field("brawn", "Brawn"), Field("resolve", "Resolve"), Field("flesh", "Flesh wounds now"),
     Field("dramatic", "Dramatic wounds now"), Field("damage_rolled", "Damage dice rolled"),
     Field("damage_kept", "Damage dice kept"), Field("hits", "Hits to plan for"),
     Field("depth", "Explosion cap (extra rolls a die)"), Field("reading", "Thresholds", choice_labels=_READING)),
    "Plan", views.soak_view, defaults={"brawn": 2, "resolve": 2, "damage_rolled": 3, "damage_kept": 2}))

register_widget(Widget(
    "roll-and-keep-turn", "Turn tracker", "roll-and-keep.turn",
    (Field("actors", "Actors and their dice", hint="Name then dice, ';' between actors; or 'Name roll 3'."),
     Field("plan", "Holds and defenses",
           hint="'Ark hold 3 use 7' (without 'use': forfeited); 'Finch defend 6 spend 8 9'."),
     Field("phase", "Show up to phase", hint="Arrow keys step through the phases."),
     Field("seed", "Seed for rolled dice")),
    "Show the turn", views.turn_view, live="change", defaults={"plan": BAR_FIGHT_PLAN}, url_key=views.TURN_URL_KEY,
    keep=True, from_character=turn_from_character))

register_widget(Widget(
    "roll-and-keep-passive-tn", "Passive TN", "roll-and-keep.passive-tn",
    (Field("rank", "Defensive knack rank"), Field("can_defend", "Target can defend itself")),
    "Work it out", views.passive_view, live="change", defaults={"rank": 2}))
