"""Registry calls for Façade combat: attack odds, simple-combat blows and damage against armor.

>>> from rollwright.kit.registry import call
>>> call("facade.armor_damage", {"weapon": "broadsword", "armor": "leather-armor"})["taken"]
'1B'
>>> call("facade.blow", {"trait_a": 10, "trait_b": 10, "roll_a": 10, "roll_b": 6})["given"]["blow"]
'full'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from facade.calls.traits import trait_param
from rollwright.kit.registry import Param, register
from rollwright.errors import ParameterError
from rollwright.kit.numbers import fraction_text
from facade.rules.combat import (
    ATTACK_KEYS, BLOW_NAMES, BLOWS, LOCATIONS, SAVAGE_READING_NAMES, SAVAGE_READINGS, SIMPLE_KEYS, TIE, attack_odds, blow_damage, blow_odds,
    damage_after_armor, key_step, levels_text, location_blow, simple_exchange,
)
from facade.rules.combat_equipment import (
    ARMOR, ARMOR_LIST, DAMAGE_TYPES, MATERIAL, MATERIALS, MELEE_WEAPONS, RANGED_WEAPONS, UNDEFINED_TYPE, WEAPONS,
)
from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY
from facade.rules.success import success_chart
from facade.rules.traits import trait_dice, trait_distribution

CUSTOM = "custom"
NO_ARMOR = "none"
WEAPON_CHOICES = tuple(w.key for w in MELEE_WEAPONS + RANGED_WEAPONS) + (CUSTOM,)
ARMOR_CHOICES = (NO_ARMOR,) + tuple(a.key for a in ARMOR_LIST) + tuple(f"material-{m.key}" for m in MATERIALS)
BULLET_CHOICES = ("weapon", "yes", "no")
_NAMES = {row.key: row.name for row in success_chart()} | {TIE: "Tie"}
_RANGES = {row.key: row.result for row in success_chart()} | {TIE: "Equal rolls"}


def _options(key: str) -> dict[str, str | None]:
    step = key_step(key)
    return {loc: location_blow(step, loc) for loc in LOCATIONS}


@register("facade.attack", "Dramatic-combat attack: odds of each success level and the blow it allows per location.",
          trait_param("trait", "attacker's trait rating (1-18)"),
          Param("action", int, "the defender's Action score (the difficulty)", minimum=MIN_DIFFICULTY,
                maximum=MAX_DIFFICULTY),
          Param("defense", str, "none: the Action score alone; active: the defender also rolls a trait",
                default="none", choices=("none", "active")),
          Param("defender_trait", int, "defender's trait for an active defense (1-18)", default=None,
                minimum=1, maximum=18, fills="trait"))
def attack(trait: int, action: int, defense: str, defender_trait: int | None) -> dict[str, Any]:
    if defense == "active" and defender_trait is None:
        raise ParameterError("facade.attack: 'defender_trait' is needed for an active defense", field="defender_trait")
    used = defender_trait if defense == "active" else None
    odds = attack_odds(trait, action, used)
    keys = [k for k in ATTACK_KEYS if k != TIE or used is not None]
    ranges = _RANGES | ({"level-0": "Succeeded by 1-2"} if used is not None else {})  # equal rolls: a tie
    outcomes = [{"key": k, "name": _NAMES[k], "margins": ranges[k], "p": fraction_text(odds[k]),
                 "options": _options(k)} for k in keys]
    hit = sum((odds[k] for k in keys if k.startswith("level-")), Fraction(0))
    return {"trait": trait, "dice": trait_dice(trait).notation, "action": action, "defense": defense,
            "defender_trait": used, "defender_dice": None if used is None else trait_dice(used).notation,
            "outcomes": outcomes, "p_hit": fraction_text(hit),
            "p_effect": fraction_text(hit + odds["near-miss"]), "p_tie": fraction_text(odds[TIE])}


def _check_roll(trait: int, roll: int, name: str) -> None:
    dist = trait_distribution(trait)
    if not dist.min_outcome <= roll <= dist.max_outcome:
        raise ParameterError(f"facade.blow: '{name}' must be a roll trait {trait} ({trait_dice(trait).notation}) "
                             f"can make: {dist.min_outcome} to {dist.max_outcome} (got {roll})", field=name)


@register("facade.blow", "Simple combat: exact odds of each blow between two traits, and the blow of two given rolls.",
          trait_param("trait_a", "side A's trait rating (1-18)"),
          trait_param("trait_b", "side B's trait rating (1-18)"),
          Param("roll_a", int, "side A's roll (optional; checked against what trait_a can roll)", default=None),
          Param("roll_b", int, "side B's roll (optional; checked against what trait_b can roll)", default=None),
          Param("savage", str, "reading of 'wins by triple the opponent's roll': triple (roll at least 3x the "
                "loser's) or lead (lead at least 3x the loser's roll, so the roll at least 4x)",
                default="triple", choices=SAVAGE_READINGS))
def blow(trait_a: int, trait_b: int, roll_a: int | None, roll_b: int | None, savage: str) -> dict[str, Any]:
    given = None
    if (roll_a is None) != (roll_b is None):
        missing = "roll_a" if roll_a is None else "roll_b"
        raise ParameterError(f"facade.blow: '{missing}' is needed when the other roll is given", field=missing)
    if roll_a is not None and roll_b is not None:
        _check_roll(trait_a, roll_a, "roll_a")
        _check_roll(trait_b, roll_b, "roll_b")
        side, kind = simple_exchange(roll_a, roll_b, savage)
        given = {"roll_a": roll_a, "roll_b": roll_b, "side": side, "blow": kind, "name": BLOW_NAMES[kind]}
    odds = blow_odds(trait_a, trait_b, savage)
    readings = []
    for reading in SAVAGE_READINGS:
        other = odds if reading == savage else blow_odds(trait_a, trait_b, reading)
        readings.append({"key": reading, "name": SAVAGE_READING_NAMES[reading],
                         "p_a": fraction_text(other["a-savage"]), "p_b": fraction_text(other["b-savage"])})
    return {"trait_a": trait_a, "trait_b": trait_b, "dice_a": trait_dice(trait_a).notation,
            "dice_b": trait_dice(trait_b).notation,
            "results": [{"key": k, "p": fraction_text(odds[k])} for k in SIMPLE_KEYS],
            "p_a": fraction_text(sum((p for k, p in odds.items() if k.startswith("a-")), Fraction(0))),
            "p_b": fraction_text(sum((p for k, p in odds.items() if k.startswith("b-")), Fraction(0))),
            "p_tie": fraction_text(odds["tie"]), "given": given, "savage": savage,
            "savage_name": SAVAGE_READING_NAMES[savage], "savage_readings": readings}


def _armor(key: str) -> Any:
    if key == NO_ARMOR:
        return None
    if key.startswith("material-"):
        return MATERIAL[key.removeprefix("material-")]
    return ARMOR[key]


@register("facade.armor_damage", "Damage of one blow against one armor (our reading of the draft's example).",
          Param("weapon", str, "a weapon key from the equipment tables, or custom", default="broadsword",
                choices=WEAPON_CHOICES),
          Param("levels", int, "damage levels of a custom weapon", default=3, minimum=1, maximum=20),
          Param("damage_type", str, "damage type for a custom weapon or one whose type is L", default="D",
                choices=DAMAGE_TYPES),
          Param("armor", str, "an armor-list key, material-<key>, or none", default=NO_ARMOR, choices=ARMOR_CHOICES),
          Param("bullets", str, "count double against Reduction: as the weapon's footnote 3, yes or no",
                default="weapon", choices=BULLET_CHOICES),
          Param("blow", str, "the blow landed", default="full", choices=BLOWS))
def armor_damage(weapon: str, levels: int, damage_type: str, armor: str, bullets: str, blow: str) -> dict[str, Any]:
    chosen = None if weapon == CUSTOM else WEAPONS[weapon]
    base_levels = levels if chosen is None else chosen.damage.levels
    printed_type = damage_type if chosen is None else chosen.damage.kind
    kind = damage_type if printed_type == UNDEFINED_TYPE else printed_type
    doubled = chosen is not None and chosen.bullets if bullets == "weapon" else bullets == "yes"
    worn = _armor(armor)
    out: dict[str, Any] = {
        "weapon": weapon, "weapon_name": "Custom weapon" if chosen is None else chosen.name,
        "weapon_damage": f"{base_levels}{printed_type}", "type_chosen": printed_type == UNDEFINED_TYPE or chosen is None,
        "kind": kind, "blow": blow, "blow_name": BLOW_NAMES[blow], "bullets": doubled,
        "armor": armor, "armor_name": "No armor" if worn is None else worn.name,
        "armor_protection": None if worn is None else worn.protection_text,
        "armor_reduction": None if worn is None else worn.reduction_text}
    dealt = blow_damage(base_levels, blow)
    if dealt is None:
        return {**out, "known": False, "incoming": None, "taken": None, "steps": []}
    incoming_kind = "B" if blow == "scratch" else kind
    result = damage_after_armor(dealt, incoming_kind, worn, bullets=doubled)
    return {**out, "known": True, "incoming": f"{levels_text(dealt)}{incoming_kind}",
            "incoming_levels": fraction_text(dealt), "protection": result.protection,
            "remaining": f"{levels_text(result.remaining)}{incoming_kind}",
            "remaining_levels": fraction_text(result.remaining),
            "tested": levels_text(result.tested), "reduction": result.reduction, "reduced": result.reduced,
            "taken": result.taken_text, "taken_levels": fraction_text(result.taken), "taken_kind": result.taken_kind}
