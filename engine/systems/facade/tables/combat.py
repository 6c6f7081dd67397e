"""Registered tables for Façade combat, all built from the engine's rules and equipment data.

>>> build_table("facade-hit-locations").text_rows()[6]
['9-11', '3', 'Full', 'Full', 'Glancing', 'Glancing', 'Scratch']
>>> build_table("facade-armor").text_rows()[3][:3]
['Leather Armor', '2B/1C/2D', '3']
"""

from __future__ import annotations

from rollwright.kit.tables import TableData, build_table, make_table, register_table
from facade.rules.combat import (
    BLOW_NAMES, BLOWS, HEALTH_LEVELS, LOCATION_NAMES, LOCATIONS, SAVAGE_READINGS, WOUND_LOCATIONS, attack_step,
    location_blow,
    wound_penalty,
)
from facade.rules.combat_equipment import (
    ARMOR_LIST, COVERAGE_NAMES, DAMAGE_TYPES, MARTIAL_ARTS, MATERIAL_CELLS, MATERIALS, MELEE_WEAPONS,
    RANGED_WEAPONS,
)
from facade.rules.success import success_chart

__all__ = ["build_table"]


def _margins(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low}+"
    return f"{high} or {low}" if high < 0 else f"{low}-{high}"


@register_table("facade-hit-locations", "Blow landed on each hit location, by the attack's success level.")
def hit_location_table() -> TableData:
    rows, keys = [], []
    for row in success_chart():
        margin = row.low if row.low is not None else row.high
        assert margin is not None
        step = attack_step(margin)
        blows = [location_blow(step, loc) for loc in LOCATIONS]
        rows.append([_margins(row.low, row.high), row.level]
                    + [None if b is None else BLOW_NAMES[b] for b in blows])
        keys.append(row.key)
    return make_table("facade-hit-locations",
                      "Hit locations: the torso's blow by success level; each location further along the row "
                      "reads one level lower",
                      ["Attack minus Action", "Success level"] + [LOCATION_NAMES[loc] for loc in LOCATIONS], rows,
                      row_keys=keys)


_BLOW_RULES = {
    "glancing": ("equal rolls, or ahead by 1", "half"),
    "full": ("ahead by 2 or more", "the weapon's damage"),
    "strong": ("at least double the loser's roll", "double"),
}
_SAVAGE_RULES = {
    "triple": "reading 1: at least triple the loser's roll",
    "lead": "reading 2: ahead by at least triple the loser's roll (so at least four times it)",
}


@register_table("facade-simple-blows", "Simple combat: which blow the winner's roll scores, and its damage.")
def simple_blows_table() -> TableData:
    rows = [[BLOW_NAMES[b], *_BLOW_RULES[b]] for b in BLOWS[1:-1]]
    rows += [[BLOW_NAMES["savage"], _SAVAGE_RULES[r], "not given in the draft"] for r in SAVAGE_READINGS]
    return make_table("facade-simple-blows", "Simple combat: the winner's roll against the loser's",
                      ["Blow", "Winner's roll", "Damage"], rows,
                      row_keys=list(BLOWS[1:-1]) + [f"savage-{r}" for r in SAVAGE_READINGS])


@register_table("facade-wound-penalties", "Penalty from one hit, by location and damage type.")
def wound_penalty_table() -> TableData:
    rows = []
    for loc in WOUND_LOCATIONS:
        cells = []
        for kind in DAMAGE_TYPES:
            penalty, scope = wound_penalty(loc, kind)
            cells.append(f"{penalty} to {scope}".replace("-", "−") if penalty else "none")
        rows.append([loc.capitalize(), *cells])
    return make_table("facade-wound-penalties", "Penalty from each hit, whatever its number of levels",
                      ["Location hit", "Bruising hit", "Crushing hit", "Deadly hit"], rows,
                      row_keys=list(WOUND_LOCATIONS))


@register_table("facade-health-levels", "Health levels a normal human has of each damage type.")
def health_levels_table() -> TableData:
    rows = [[name, letter, f"1-{most}"] for name, letter, most in HEALTH_LEVELS]
    return make_table("facade-health-levels", "Health levels of a human without special powers",
                      ["Damage", "Letter", "Levels"], rows, row_keys=[letter for _, letter, _ in HEALTH_LEVELS])


@register_table("facade-melee-weapons", "Melee weapons: damage, Str., Min. and reach.")
def melee_table() -> TableData:
    rows = [[w.name, w.damage.text, w.strength, w.minimum, w.reach] for w in MELEE_WEAPONS]
    return make_table("facade-melee-weapons", "Melee weapons", ["Weapon", "Damage", "Str.", "Min.", "Reach"], rows,
                      row_keys=[w.key for w in MELEE_WEAPONS])


@register_table("facade-martial-arts", "Martial-arts attacks: damage formula and special notes.")
def martial_arts_table() -> TableData:
    rows = [[m.name, m.damage_text, m.other + "".join(f" (note {n})" for n in m.notes)] for m in MARTIAL_ARTS]
    return make_table("facade-martial-arts", "Martial-arts attacks (all deal Bruising damage)",
                      ["Attack", "Damage", "Other"], rows, row_keys=[m.name.lower() for m in MARTIAL_ARTS])


@register_table("facade-ranged-weapons", "Ranged weapons: damage, Str., Min., range and footnotes.")
def ranged_table() -> TableData:
    rows = [[w.name, w.damage.text, w.strength, w.minimum, f"{w.range_feet} ft",
             ", ".join(str(n) for n in w.notes) or None] for w in RANGED_WEAPONS]
    return make_table("facade-ranged-weapons", "Ranged weapons (footnote 2 applies to the Str. of every bow)",
                      ["Weapon", "Damage", "Str.", "Min.", "Range", "Notes"], rows,
                      row_keys=[w.key for w in RANGED_WEAPONS])


@register_table("facade-armor-materials", "Basic armor values: protection per damage type and Reduction.")
def materials_table() -> TableData:
    rows = []
    for m in MATERIALS:
        cells: list[object] = list(MATERIAL_CELLS[m.key])
        if m.bullet_reduction is not None:
            cells[3] = f"{cells[3]} ({m.bullet_reduction} vs bullets)"
        rows.append([m.name, m.example or None, *cells])
    return make_table("facade-armor-materials", "Basic armor values by material (a dash: no protection)",
                      ["Material", "Example", "B", "C", "D", "Reduction"], rows, row_keys=[m.key for m in MATERIALS])


@register_table("facade-armor", "The armor list: protection, Reduction, coverage and restrictions.")
def armor_table() -> TableData:
    rows = [[a.name, a.protection_text, "NA" if a.reduction is None else a.reduction, ", ".join(COVERAGE_NAMES[c] for c in a.coverage),
             a.restrictions or None] for a in ARMOR_LIST]
    return make_table("facade-armor", "Armor list (used by the calculators for named armor)",
                      ["Armor", "Protection", "Reduction", "Covers", "Restrictions"], rows,
                      row_keys=[a.key for a in ARMOR_LIST])

