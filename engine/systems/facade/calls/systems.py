"""Registry calls for the Façade systems: first aid, healing, pain, carrying, running, stunts, passion.

Exact numbers travel as ``"p/q"`` strings; views turn them into readable text.

>>> from rollwright.kit.registry import call
>>> call("facade.healing", {"health": 3, "activity": "bed-rest", "doctor_level": 3,
...                         "complete_care": True})["effective_health"]
11
>>> call("facade.carrying", {"strength": 3, "bodyweight": 100, "load": 0, "will_added": 3})["percents"]
[24, 50, 100, 200]
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from facade.calls.traits import trait_param
from rollwright.kit.registry import Param, register
from rollwright.kit.numbers import fraction_text
from facade.rules.action_systems import (
    MAX_CATEGORY, MAX_FATIGUE, MAX_SKILL, MAX_STUNT_DICE, passion, passion_contest, running, stunt_dice_needed,
    stunt_odds, stunt_rescue)
from facade.rules.body_systems import (
    ACTIVITY_HEALTH, FEAT_SECONDS, LOAD_CATEGORIES, MAX_ATTRIBUTE, MAX_BODYWEIGHT, MAX_BRUISING, MAX_CRUSHING,
    MAX_DEADLY, MAX_DOCTOR_LEVEL, MAX_LOAD, MAX_TOTAL_DAMAGE, RETRY_MINUTES, COMPLETE_CARE_FACTOR, LevelOdds,
    carrying as carrying_rule, enduring_pain, first_aid as first_aid_rule, healing_health, healing_times)
from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY
from facade.rules.traits import trait_dice


def _attribute(name: str, description: str, default: Any = ...) -> Param:
    if default is ...:
        return Param(name, int, description, minimum=0, maximum=MAX_ATTRIBUTE)
    return Param(name, int, description, default=default, minimum=0, maximum=MAX_ATTRIBUTE)


def _maybe(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def _level_odds(odds: LevelOdds) -> dict[str, Any]:
    return {"trait": odds.trait, "dice": trait_dice(odds.trait).notation, "difficulty": odds.difficulty,
            "p_fail": fraction_text(odds.p_fail), "p_success": fraction_text(odds.p_success),
            "levels": [[lv, fraction_text(p)] for lv, p in odds.by_level], "mean": fraction_text(odds.mean)}


@register("facade.first_aid", "First aid: difficulty (damage taken minus Health) and the chance per attempt.",
          Param("damage", int, "total damage levels the patient has taken", minimum=0, maximum=MAX_TOTAL_DAMAGE),
          _attribute("health", "the patient's Health (0-6)"),
          Param("trait", int, "first-aider's Insight + First Aid trait (omit for the difficulty only)",
                default=None, minimum=1, maximum=18, fills="trait"))
def first_aid(damage: int, health: int, trait: int | None) -> dict[str, Any]:
    aid = first_aid_rule(damage, health, trait)
    return {"damage": damage, "health": health, "difficulty": aid.difficulty, "trait": trait,
            "dice": None if trait is None else trait_dice(trait).notation,
            "p_success": _maybe(aid.p_success), "certain": aid.difficulty <= 1,
            "retries": [] if trait is None else [[m, _maybe(aid.within(m))] for m in RETRY_MINUTES]}


_ACTIVITY_LABELS = {"bed-rest": "bed rest", "normal": "normal activity", "strenuous": "strenuous action"}


@register("facade.healing", "Healing Health (rest, doctor, complete care) and how long each damage type takes.",
          _attribute("health", "the patient's Health (0-6)"),
          Param("bruising", int, "Bruising levels to heal", default=0, minimum=0, maximum=MAX_BRUISING),
          Param("crushing", int, "Crushing levels to heal", default=0, minimum=0, maximum=MAX_CRUSHING),
          Param("deadly", int, "Deadly levels to heal", default=0, minimum=0, maximum=MAX_DEADLY),
          Param("activity", str, "bed rest (+2), normal life, or strenuous action (-2)", default="normal",
                choices=tuple(ACTIVITY_HEALTH)),
          Param("doctor_level", int, "the treating doctor's success level (0 for none)", default=0, minimum=0,
                maximum=MAX_DOCTOR_LEVEL),
          Param("complete_care", bool, "complete medical care doubles the doctor's level", default=False))
def healing(health: int, bruising: int, crushing: int, deadly: int, activity: str, doctor_level: int,
            complete_care: bool) -> dict[str, Any]:
    effective = healing_health(health, activity, doctor_level, complete_care)
    doctor = doctor_level * (COMPLETE_CARE_FACTOR if complete_care else 1)
    doctor_label = f"doctor's level {doctor_level}" + (" × 2 for complete care" if complete_care else "")
    parts = [["Health", health], [_ACTIVITY_LABELS[activity], ACTIVITY_HEALTH[activity]], [doctor_label, doctor]]
    types = [{"kind": t.period.kind, "name": t.period.name, "levels": t.levels, "period": t.period.length,
              "unit": t.period.unit, "per_level": _maybe(t.per_level), "total": _maybe(t.total)}
             for t in healing_times(effective, bruising, crushing, deadly)]
    return {"health": health, "activity": activity, "doctor_level": doctor_level, "complete_care": complete_care,
            "effective_health": effective, "parts": parts, "rate_given": effective > 0, "types": types}


@register("facade.enduring_pain", "Enduring pain: chance of ignoring each number of wounds.",
          trait_param("trait", "Stamina + Endurance (Torture) trait (1-18)"),
          Param("damage_levels", int, "total damage levels taken (the difficulty)", minimum=0,
                maximum=MAX_TOTAL_DAMAGE))
def pain(trait: int, damage_levels: int) -> dict[str, Any]:
    return _level_odds(enduring_pain(trait, damage_levels))


@register("facade.carrying", "Carrying capacity: load category and the limits of each category in pounds.",
          _attribute("strength", "Strength (0-6)"),
          Param("bodyweight", int, "bodyweight in pounds", minimum=1, maximum=MAX_BODYWEIGHT),
          Param("load", int, "weight carried or lifted, in pounds", minimum=0, maximum=MAX_LOAD),
          _attribute("will_added", "Will added for a feat of strength (0-6)", default=0),
          Param("body", int, "Body category, for how far an Unbearable load moves (optional)", default=None,
                minimum=0, maximum=MAX_CATEGORY))
def carrying(strength: int, bodyweight: int, load: int, will_added: int, body: int | None) -> dict[str, Any]:
    result = carrying_rule(strength, bodyweight, load, will_added)
    return {"strength": strength, "will_added": will_added, "bodyweight": bodyweight, "load": load, "body": body,
            "percents": list(result.line.limits()),
            "limits": [{"category": c, "percent": pct, "pounds": fraction_text(lbs)}
                       for (c, lbs), pct in zip(result.limits(), result.line.limits())],
            "category": result.category, "categories": list(LOAD_CATEGORIES),
            "exhaustion": result.exhaustion_per_two_seconds, "exhaustion_seconds": FEAT_SECONDS}


_SKILL = "Running ({}) skill total, added to Agility (optional)"


@register("facade.running", "Running: speed of each pace after Fatigue, how often to roll, and the chance.",
          _attribute("agility", "Agility (0-6)"), _attribute("stamina", "Stamina (0-6)"),
          Param("fatigue", int, "current Fatigue", default=0, minimum=0, maximum=MAX_FATIGUE),
          Param("sprinting_skill", int, _SKILL.format("Sprinting"), default=None, minimum=0, maximum=MAX_SKILL),
          Param("distance_skill", int, _SKILL.format("Distance"), default=None, minimum=0, maximum=MAX_SKILL),
          Param("action", int, "Action category, for Fatigue's limits (optional)", default=None, minimum=0,
                maximum=MAX_CATEGORY))
def run(agility: int, stamina: int, fatigue: int, sprinting_skill: int | None, distance_skill: int | None,
        action: int | None) -> dict[str, Any]:
    result = running(agility, stamina, fatigue, sprinting_skill, distance_skill, action)
    paces = []
    for p in result.paces:
        check = None if p.check is None else {
            "trait": p.check.trait, "difficulty": p.check.difficulty, "automatic_failure": p.check.automatic_failure,
            "p_success": _maybe(p.check.p_success)}
        paces.append({"key": p.key, "name": p.name, "speed": _maybe(p.speed), "unit": p.unit, "mph": _maybe(p.mph),
                      "roll_every": p.roll_every, "roll_unit": p.roll_unit, "check": check})
    return {"agility": agility, "stamina": stamina, "fatigue": fatigue, "action": action, "paces": paces}


@register("facade.stunts", "Stunts: chance of success with 0-5 extra d4, before or after the roll.",
          trait_param(),
          Param("difficulty", int, "difficulty to meet or beat", minimum=MIN_DIFFICULTY, maximum=MAX_DIFFICULTY),
          Param("rolled", int, "the total already rolled, if the dice are awarded afterwards (optional)",
                default=None, minimum=1, maximum=36))
def stunts(trait: int, difficulty: int, rolled: int | None) -> dict[str, Any]:
    lines = stunt_odds(trait, difficulty)
    rescue = None if rolled is None else [[k, fraction_text(p)] for k, p in stunt_rescue(trait, rolled, difficulty)]
    return {"trait": trait, "difficulty": difficulty, "dice": trait_dice(trait).notation, "rolled": rolled,
            "max_extra": MAX_STUNT_DICE,
            "lines": [{"extra": ln.extra, "notation": ln.notation, "best_roll": ln.best_roll,
                       "p_success": fraction_text(ln.p_success), "possible": ln.possible} for ln in lines],
            "needed": stunt_dice_needed(trait, difficulty), "automatic_failure": not lines[0].possible,
            "rescue": rescue}


@register("facade.passion", "Inspiring passion: Passion added by level, passively or in an active contest.",
          trait_param("trait", "inspirer's Wits + skill + modifiers trait (1-18)"),
          Param("persona", int, "the target's Persona (the difficulty)", minimum=0, maximum=MAX_CATEGORY),
          Param("rival_trait", int, "the target's own inspiring trait, if both inspire each other (optional)",
                default=None, minimum=1, maximum=18, fills="trait"))
def inspire(trait: int, persona: int, rival_trait: int | None) -> dict[str, Any]:
    contest = None
    if rival_trait is not None:
        odds = passion_contest(trait, rival_trait)
        contest = {"rival_trait": rival_trait, "p_win": fraction_text(odds.p_a_wins),
                   "p_lose": fraction_text(odds.p_b_wins), "p_tie": fraction_text(odds.p_tie),
                   "to_target": [[lv, fraction_text(p)] for lv, p in odds.level_odds("a")],
                   "to_self": [[lv, fraction_text(p)] for lv, p in odds.level_odds("b")]}
    return {"persona": persona, "passive": _level_odds(passion(trait, persona)), "contest": contest}
