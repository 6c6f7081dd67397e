"""Reference tables of the Façade systems page: carrying capacity, running speeds, healing times.

>>> build_table("facade-carrying").text_rows()[4]
['3', '12%', '25%', '50%', '100%']
>>> build_table("facade-healing-times", up_to=3).text_rows()[3]
['3', '8 h', '2 months', 'a third of a month']
"""

from __future__ import annotations

from fractions import Fraction

from facade.views.systems import decimal_text, duration_text
from rollwright.kit.tables import Cell, TableData, build_table, make_table, register_table
from facade.rules.action_systems import (
    RUN_HUNDREDTHS_MILE_PER_MINUTE, SPRINT_FEET_PER_SECOND, running)
from facade.rules.body_systems import (
    HEALING_PERIODS, MAX_ATTRIBUTE, PRINTED_HEAVY_PERCENT, PRINTED_UNBEARABLE_PERCENT, carry_line)

__all__ = ["build_table"]


def _pct(value: int, printed: int | None = None) -> Cell:
    return Cell(f"{value}%", printed=None if printed in (None, value) else f"{printed}%")


@register_table("facade-carrying", "Carrying capacity by Strength: load limits in percent of bodyweight.")
def carrying_table() -> TableData:
    rows = []
    for strength in range(MAX_ATTRIBUTE + 1):
        line = carry_line(strength)
        rows.append([str(strength), _pct(line.light), _pct(line.comfortable),
                     _pct(line.heavy, PRINTED_HEAVY_PERCENT[strength]),
                     _pct(line.unbearable, PRINTED_UNBEARABLE_PERCENT[strength])])
    return make_table("facade-carrying", "Heaviest load of each kind, as a percentage of bodyweight",
                      ["Strength", "Light", "Comfortable", "Heavy", "Unbearable"], rows,
                      row_keys=[str(s) for s in range(MAX_ATTRIBUTE + 1)])


def _mph(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@register_table("facade-running-speeds", "Running speeds by Agility: the sprint and run chart, and the formulas.")
def running_table() -> TableData:
    rows = []
    for agility in range(MAX_ATTRIBUTE + 1):
        paces = {p.key: p for p in running(agility, 1).paces}
        stroll = paces["stroll"].speed or Fraction(0)
        rows.append([str(agility), str(SPRINT_FEET_PER_SECOND[agility]), _mph(paces["sprint"].mph or Fraction(0)),
                     decimal_text(Fraction(RUN_HUNDREDTHS_MILE_PER_MINUTE[agility], 100)),
                     _mph(paces["run"].mph or Fraction(0)), str(agility + 1), decimal_text(stroll)])
    return make_table("facade-running-speeds", "Speed of each pace by Agility, before Fatigue (≈ mph converted)",
                      ["Agility", "Sprint (feet/second)", "Sprint (≈ mph)", "Run (miles/minute)", "Run (≈ mph)",
                       "Distance running (mph)", "Stroll (mph)"], rows,
                      row_keys=[str(a) for a in range(MAX_ATTRIBUTE + 1)])


@register_table("facade-healing-times", "Time for one damage level to heal, by healing Health.")
def healing_times_table(up_to: int = 12) -> TableData:
    rows = []
    for health in range(1, up_to + 1):
        rows.append([str(health)] + [duration_text(Fraction(p.length, health), p.unit) for p in HEALING_PERIODS])
    return make_table("facade-healing-times", "Time one level of each damage type takes to heal, by healing Health",
                      ["Healing Health"] + [f"One {p.name} level" for p in HEALING_PERIODS], rows,
                      row_keys=[str(h) for h in range(1, up_to + 1)])
