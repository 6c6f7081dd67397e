"""Reference tables computed from the rules: dice, TN odds, bands, weapons, defenses, recovery, errata.

>>> build_table("facets-dice").text_rows()[1][:3]
['d4', '2', '3.333']
>>> build_table("facets-weapons").text_rows()[1]
['Light', '1', '1 step', 'knife, bare hands; a gentle prod']
"""

from __future__ import annotations

from rollwright.kit.errata import errata_table
from rollwright.kit.numbers import percent
from rollwright.kit.tables import TableData, build_table, make_table, register_table
from facets import SYSTEM
from facets.rules.attacks import DAMAGE, SPECIFIC_STEPS
from facets.rules.bands import BANDS, band_odds
from facets.rules.dice import DEPTH, DIE_STEPS, calm_value, cap_chance, roll_distribution
from facets.rules.recovery import CONDITIONS, amount_text, regain_rate, step_down_time

TNS = (4, 6, 8, 10, 12, 15, 20, 25)


@register_table("facets-dice", "Each attribute die: calm value, mean roll exploding and under pressure.")
def dice_table() -> TableData:
    rows = [[f"d{s}", calm_value(s), f"{float(roll_distribution(s).mean()):.3f}",
             amount_text(roll_distribution(s, pressure=True).mean()), percent(cap_chance(s))] for s in DIE_STEPS]
    return make_table("facets-dice", f"The attribute dice (explosions capped at {DEPTH} extra dice)",
                      ["Die", "Calm value", "Mean roll", "Mean under pressure", "Chance to reach the cap"], rows)


@register_table("facets-meet", "Chance to meet a TN with each die, exploding.")
def meet_table() -> TableData:
    rows = []
    for sides in DIE_STEPS:
        dist = roll_distribution(sides)
        rows.append([f"d{sides}", *(percent(dist.at_least(tn)) for tn in TNS)])
    return make_table("facets-meet", "Chance to meet the TN (no bonus, exploding dice)",
                      ["Die", *(f"TN {tn}" for tn in TNS)], rows)


@register_table("facets-bands-pressure", "Chance of each band under pressure (no explosions), TN 8.")
def pressure_table() -> TableData:
    rows = []
    for sides in DIE_STEPS:
        odds = band_odds(roll_distribution(sides, pressure=True), 8)
        rows.append([f"d{sides}", *(percent(odds[b.key]) for b in BANDS)])
    return make_table("facets-bands-pressure", "Each band against TN 8 under pressure",
                      ["Die", *(b.name for b in BANDS)], rows)


@register_table("facets-bands", "The five outcome bands: margins, effort and tokens.")
def bands_table() -> TableData:
    margins = {"advantage": "+5 or more", "success": "0 to +4", "cost": "-1 to -5", "failure": "-6 to -10",
               "failure-cost": "-11 or less"}
    effort = {"failure": "1", "failure-cost": "1 (2 if critical)"}
    in_conflict = {"advantage": "hit; +1 damage per full 5 over (or a token instead of one of them)",
                   "success": "hit", "cost": "hit; the defender earns a token", "failure": "miss",
                   "failure-cost": "miss; the defender earns a token"}
    rows = [[b.name, margins[b.key], effort.get(b.key, "0"), in_conflict[b.key]] for b in BANDS]
    return make_table("facets-bands", "Outcome bands by margin (total minus TN)",
                      ["Band", "Margin", "Effort earned", "As an attack"], rows)


@register_table("facets-weapons", "Weapons and social approaches: damage and pairing.")
def weapons_table() -> TableData:
    examples = {"light": "knife, bare hands; a gentle prod", "medium": "machete, handgun; a direct approach",
                "heavy": "rifle, sledgehammer, sword; a risky approach"}
    pairing = {"light": "1 step", "medium": "2 steps", "heavy": "not allowed"}
    rows = [[name.capitalize(), DAMAGE[name], pairing[name], examples[name]] for name in DAMAGE]
    return make_table("facets-weapons", "Damage (or Cool lost) and the die cost of a second attack",
                      ["Weight", "Damage", "Second attack", "Examples"], rows)


@register_table("facets-specific-defenses", "The optional specific-defenses rule's die steps.")
def specific_table() -> TableData:
    rows = [[weapon.capitalize(), defense.capitalize(), f"{steps:+d} step"]
            for (weapon, defense), steps in SPECIFIC_STEPS.items()]
    return make_table("facets-specific-defenses", "Defender's die change under the optional rule",
                      ["Attack", "Defends with", "Defender's die"], rows)


@register_table("facets-recovery", "Rest per condition step, and health regained by condition and care.")
def recovery_table() -> TableData:
    rows = []
    for condition in CONDITIONS:
        rates = [regain_rate(condition, 10, care) for care in ("none", "rest", "medical")]
        texts = [f"{amount_text(r)} per {u}" for r, u in rates]
        if condition in ("healthy", "hurt"):
            texts = [texts[0], "same", "same"]
        step = "-" if condition == "healthy" else " / ".join(
            f"{amount_text(a)} {u}" for a, u in (step_down_time(condition, False), step_down_time(condition, True)))
        rows.append([condition.capitalize(), step, *texts])
    return make_table("facets-recovery", "Recovery with 10 maximum health (rest without / with professional help)",
                      ["Condition", "Rest to lift one step", "Regain", "Resting", "Resting, medical care"], rows)


@register_table("facets-errata", "Every printed value that differs from the rule it follows.")
def errata() -> TableData:
    return errata_table(SYSTEM, "facets-errata")
