"""Skillful's reference tables, all computed from the rules when the site is built.

>>> build_table("skillful-chart").text_rows()[2]
['0', 'Ordinary Defense', '10', '1-9', 'N + 2N']
>>> build_table("skillful-aid").text_rows()[4]
['30%', '9', '+1']
>>> build_table("skillful-thresholds").text_rows()[5]
['4', '6', '0/6/12/18/24', '0/6/12/18/24', '0/6/12/18/24']
"""

from __future__ import annotations


from rollwright.kit.errata import errata_table
from rollwright.kit.numbers import percent, signed
from rollwright.kit.tables import TableData, build_table, make_table, register_table
from skillful import SYSTEM
from skillful.rules.aid import TARGET_FLOOR, aid_bonus
from skillful.rules.checks import check_total, open_d20
from skillful.rules.effort import (
    ATTITUDES, OTHER_HARM, TASKS, attitude_terms, effort, effort_text,
)
from skillful.rules.fumble import FUMBLE_EXAMPLES, fumble_tier
from skillful.rules.tiers import (
    FLOORS, RESTED_WIDTH, TIERS, cutoffs, loss_range, threshold_width,
)

CHART_EFFECT = {-1: "N", 0: "N + 2N"}
EXAMPLE_N = 5
"""The draft's dodge against a medium sword: the N of the consequences table."""


@register_table("skillful-chart", "The consequence chart for a rested defender (T = 10).")
def chart() -> TableData:
    rows = [[t.chart_row, t.name, RESTED_WIDTH * (t.index + 1) if t.index < 4 else None,
             loss_range(t.index, RESTED_WIDTH), CHART_EFFECT.get(t.index, f"N + 2N + {t.penalty} penalty")]
            for t in TIERS]
    return make_table("skillful-chart", "Consequences by how much the defender lost",
                      ["Row", "Name", "Cutoff", "Loss", "Defender spends"], rows)


@register_table("skillful-thresholds", "Threshold width and cutoffs for each fatigue penalty and floor.")
def thresholds() -> TableData:
    rows = [[penalty, threshold_width(penalty),
             *("/".join(str(c) for c in cutoffs(threshold_width(penalty, floor))) for floor in FLOORS)]
            for penalty in range(0, 11)]
    return make_table("skillful-thresholds", "Thresholds as fatigue narrows them",
                      ["Fatigue penalty", "T (floor 3)", "Cutoffs, floor 3", "Cutoffs, floor 2",
                       "Cutoffs, floor 1"], rows)


@register_table("skillful-consequences", "What each tier costs for each task, at the dodge's N = 5.")
def consequences() -> TableData:
    rows = []
    for t in TIERS:
        cells: list[object] = [t.name]
        for task in TASKS:
            text = effort_text(effort(EXAMPLE_N, task, t.index))
            harm = OTHER_HARM.get(t.index) if task == "other" else None
            cells.append(f"{text}; {harm}" if harm else text)
        rows.append(cells)
    return make_table("skillful-consequences", f"What the defender spends, N = {EXAMPLE_N} Wind",
                      ["Consequence", *TASKS.values()], rows)


@register_table("skillful-attitudes", "What each attitude does to N, the up-front cost and the check.")
def attitudes() -> TableData:
    rule = {"relaxed": ("half of N, at least 1", "N (halved)", "-10, or -20 in life or death"),
            "ordinary": ("N", "N", "0"), "intense": ("N", "N + 3N", "+5")}
    rows = []
    for attitude in ATTITUDES:
        n, up_front, modifier = attitude_terms(EXAMPLE_N, attitude)
        rows.append([attitude.capitalize(), *rule[attitude], n + up_front, 3 * n + up_front,
                     effort_text(effort(n, "melee-broadsword", 1, up_front=up_front))])
    return make_table("skillful-attitudes", f"Attitudes, with the spend at N = {EXAMPLE_N} (halves rounded down)",
                      ["Attitude", "N becomes", "Paid up front", "Check", "Held, in all", "Lost by under T",
                       "Flailing melee defence"], rows)


@register_table("skillful-fumbles", "The draft's fumble thresholds and the chance of missing them.")
def fumbles() -> TableData:
    def chance(threshold: int, skill: int) -> str:
        total = check_total(skill)
        return percent(total.probability_where(lambda v: fumble_tier(v, threshold, RESTED_WIDTH) > 0))
    rows = [[threshold, tasks, chance(threshold, 0), chance(threshold, 5), chance(threshold, 10)]
            for threshold, tasks in FUMBLE_EXAMPLES]
    return make_table("skillful-fumbles", "Fumble thresholds, and the chance a rested attacker misses one",
                      ["Threshold", "For example", "Skill 0", "Skill 5", "Skill 10"], rows)


@register_table("skillful-aid", "The aid bonus for each tenth of the target (target 30).")
def aid() -> TableData:
    rows = [[f"{tenth * 10}%", TARGET_FLOOR * tenth // 10, signed(aid_bonus(TARGET_FLOOR * tenth // 10, 0))]
            for tenth in range(0, 12)]
    return make_table("skillful-aid", "Aid bonus by share of the target, with the aid totals at a target of 30",
                      ["Share of target", "Aid total (target 30)", "Bonus"], rows)


@register_table("skillful-open-d20", "Every total of one open d20 and its exact chance.")
def open_d20_table() -> TableData:
    d = open_d20()
    rows = [[value, percent(p), f"{p.numerator}/{p.denominator}", percent(d.at_least(value))]
            for value, p in d.probabilities()]
    return make_table("skillful-open-d20", "One open d20",
                      ["Roll", "Chance", "Exactly", "This or more"], rows)


@register_table("skillful-errata", "Every figure or claim of the draft that its own rules do not give.")
def errata() -> TableData:
    return errata_table(SYSTEM, "skillful-errata")
