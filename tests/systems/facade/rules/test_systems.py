"""Façade systems: the seed's worked examples, its printed tables, brute force and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, strategies as st

from rollwright.kit.registry import call
from rollwright.errors import ParameterError
from rollwright.kit.tables import build_table
from facade import outcome_odds, success_level, trait_dice, trait_distribution
from facade.rules.action_systems import (
    RUN_HUNDREDTHS_MILE_PER_MINUTE, SPRINT_FEET_PER_SECOND, passion, passion_contest, running, stunt_dice_needed,
    stunt_odds, stunt_rescue)
from facade.rules.body_systems import (
    COMFORTABLE_PERCENT, LIGHT_PERCENT, PRINTED_HEAVY_PERCENT, PRINTED_UNBEARABLE_PERCENT, carry_line, carrying,
    carrying_errata, enduring_pain, feat_line, first_aid, healing_health, healing_times, level_odds)
from rollwright.kit.errata import all_errata

# The seed's printed tables, copied cell by cell (Strength / Agility 0-6).
PRINTED_CARRYING = [(3, 5, 10, 20), (8, 15, 30, 60), (10, 20, 40, 80), (12, 25, 50, 100), (20, 40, 80, 160),
                    (30, 60, 120, 240), (40, 75, 150, 300)]
PRINTED_RUNNING = [(1, "0.01"), (3, "0.04"), (6, "0.07"), (12, "0.10"), (18, "0.15"), (24, "0.20"), (32, "0.25")]


def _faces(rating: int) -> list[range]:
    dice = trait_dice(rating)
    return [range(1, 11)] * dice.d10s + [range(1, dice.extra_sides + 1)]


def _icepool_trait(rating: int) -> icepool.Die:
    dice = trait_dice(rating)
    extra = icepool.d(dice.extra_sides)
    return dice.d10s @ icepool.d10 + extra if dice.d10s else extra


def _as_fractions(die: icepool.Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {o: Fraction(q, total) for o, q in die.items()}


# --- healing -------------------------------------------------------------------------------------

def test_seed_example_health_eleven() -> None:
    assert healing_health(3, "bed-rest", doctor_level=3, complete_care=True) == 11
    data = call("facade.healing", {"health": 3, "activity": "bed-rest", "doctor_level": 3, "complete_care": True})
    assert data["effective_health"] == 11 and sum(v for _, v in data["parts"]) == 11


@pytest.mark.parametrize("activity, doctor, care, expected", [
    ("normal", 0, False, 3), ("bed-rest", 0, False, 5), ("strenuous", 0, False, 1), ("normal", 4, False, 7),
    ("normal", 4, True, 11), ("strenuous", 2, True, 5)])
def test_healing_health_parts(activity: str, doctor: int, care: bool, expected: int) -> None:
    assert healing_health(3, activity, doctor, care) == expected


def test_healing_time_is_period_over_health_per_level() -> None:
    bruising, crushing, deadly = healing_times(4, bruising=6, crushing=2, deadly=3)
    assert bruising.per_level == Fraction(1, 4) and bruising.total == Fraction(3, 2)  # days
    assert crushing.per_level == Fraction(6, 4) and crushing.total == 3  # months
    assert deadly.per_level == Fraction(1, 4) and deadly.total == Fraction(3, 4)  # months


@pytest.mark.parametrize("health", [0, -1, -2])
def test_no_healing_rate_when_health_not_positive(health: int) -> None:
    assert all(t.per_level is None and t.total is None for t in healing_times(health, bruising=3))


def test_healing_call_reports_no_rate_instead_of_inventing() -> None:
    data = call("facade.healing", {"health": 1, "bruising": 2, "activity": "strenuous"})
    assert data["effective_health"] == -1 and data["rate_given"] is False
    assert [t["total"] for t in data["types"]] == [None, None, None]


def test_healing_times_table_matches_rule() -> None:
    rows = build_table("facade-healing-times").text_rows()
    assert rows[3] == ["3", "8 h", "2 months", "a third of a month"]
    # 6/11 of a month is 15.3 days in a 28-day month, 16.9 in a 31-day one; 1/11: 2.5 to 2.8 days
    assert rows[11] == ["11", "about 2 h 11 min", "15 to 17 days", "about 3 days"]
    assert rows[12] == ["12", "2 h", "half a month", "2 to 3 days"]


# --- first aid ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("damage, health, trait", [(7, 3, 9), (12, 2, 10), (2, 5, 3), (30, 0, 18), (0, 0, 1)])
def test_first_aid_chance_is_trait_against_damage_minus_health(damage: int, health: int, trait: int) -> None:
    aid = first_aid(damage, health, trait)
    assert aid.difficulty == damage - health
    rolls = [sum(c) for c in itertools.product(*_faces(trait))]
    assert aid.p_success == Fraction(sum(r >= damage - health for r in rolls), len(rolls))
    assert aid.within(3) == 1 - (1 - aid.p_success) ** 3


def test_first_aid_without_trait_and_when_certain() -> None:
    data = call("facade.first_aid", {"damage": 2, "health": 3})
    assert data["difficulty"] == -1 and data["certain"] is True and data["p_success"] is None
    assert call("facade.first_aid", {"damage": 2, "health": 3, "trait": 1})["p_success"] == "1/1"


# --- enduring pain and inspiring passion --------------------------------------------------------

@pytest.mark.parametrize("trait, difficulty", [(1, 0), (6, 4), (9, 5), (13, 10), (18, 3)])
def test_level_odds_match_icepool(trait: int, difficulty: int) -> None:
    levels = _icepool_trait(trait).map(lambda t: -1 if t < difficulty else min((t - difficulty) // 3, 9))
    expected = _as_fractions(levels)
    odds = level_odds(trait, difficulty)
    assert odds.p_fail == expected.get(-1, 0)
    assert dict(odds.by_level) == {lv: expected.get(lv, Fraction(0)) for lv in range(10)}
    assert odds.p_fail + sum(p for _, p in odds.by_level) == 1


def test_pain_and_passion_use_level_odds() -> None:
    assert enduring_pain(10, 6) == level_odds(10, 6)
    assert passion(12, 9) == level_odds(12, 9)
    data = call("facade.passion", {"trait": 10, "persona": 9, "rival_trait": 8})
    contest = passion_contest(10, 8)
    assert data["contest"]["p_win"] == f"{contest.p_a_wins.numerator}/{contest.p_a_wins.denominator}"
    assert contest.margin == trait_distribution(10) - trait_distribution(8)


def test_passion_contest_brute_force() -> None:
    # Trait 4 (d8) inspiring trait 3 (d6): the winner adds (difference // 3) Passion to the loser.
    data = call("facade.passion", {"trait": 4, "persona": 3, "rival_trait": 3})["contest"]
    pairs = list(itertools.product(range(1, 9), range(1, 7)))
    to_target = {lv: Fraction(sum(a > b and (a - b) // 3 == lv for a, b in pairs), len(pairs)) for lv in range(10)}
    to_self = {lv: Fraction(sum(b > a and (b - a) // 3 == lv for a, b in pairs), len(pairs)) for lv in range(10)}
    assert {lv: Fraction(p) for lv, p in data["to_target"]} == to_target
    assert {lv: Fraction(p) for lv, p in data["to_self"]} == to_self
    assert Fraction(data["p_tie"]) == Fraction(6, 48)


@given(st.integers(1, 18), st.integers(0, 36))
def test_level_mean_counts_failure_as_zero(trait: int, difficulty: int) -> None:
    odds = level_odds(trait, difficulty)
    roll = trait_distribution(trait)
    mean = sum((p * (success_level(t - difficulty) or 0) for t, p in roll.probabilities()), Fraction(0))
    assert odds.mean == mean and odds.p_success == outcome_odds(trait, difficulty).p_success


# --- carrying capacity ---------------------------------------------------------------------------------

def test_carrying_table_equals_printed_table() -> None:
    assert [carry_line(s).limits() for s in range(7)] == PRINTED_CARRYING
    assert list(LIGHT_PERCENT) == [r[0] for r in PRINTED_CARRYING]
    assert list(COMFORTABLE_PERCENT) == [r[1] for r in PRINTED_CARRYING]
    assert list(PRINTED_HEAVY_PERCENT) == [r[2] for r in PRINTED_CARRYING]
    assert list(PRINTED_UNBEARABLE_PERCENT) == [r[3] for r in PRINTED_CARRYING]
    rows = build_table("facade-carrying").text_rows()
    assert rows[1:] == [[str(s)] + [f"{v}%" for v in row] for s, row in enumerate(PRINTED_CARRYING)]


def test_carrying_table_has_no_errata_but_the_check_is_real() -> None:
    assert not [e for e in all_errata() if e.key.startswith("carrying-")]
    wrong = list(PRINTED_HEAVY_PERCENT)
    wrong[2] = 45
    found = list(carrying_errata(COMFORTABLE_PERCENT, wrong, PRINTED_UNBEARABLE_PERCENT))
    assert [(e.item, e.printed, e.computed) for e in found] == [
        ("Strength 2, Heavy", "45%", "40%"), ("Strength 2, Unbearable", "80%", "90%")]


def test_feat_of_strength_seed_example_doubles_strength_three_line() -> None:
    line = feat_line(3, 3)
    assert line.limits() == tuple(2 * v for v in carry_line(3).limits()) == (24, 50, 100, 200)
    assert line.limits() != carry_line(6).limits()
    assert call("facade.carrying", {"strength": 3, "bodyweight": 100, "load": 0, "will_added": 3})["percents"] == \
        [24, 50, 100, 200]


def test_feat_reading_adds_the_will_line() -> None:
    assert feat_line(4, 2).limits() == tuple(a + b for a, b in zip(carry_line(4).limits(), carry_line(2).limits()))
    assert feat_line(5, 0) == carry_line(5)
    assert carrying(3, 150, 10, will_added=2).exhaustion_per_two_seconds == 2


@pytest.mark.parametrize("load, category", [(0, "light"), (18, "light"), (19, "comfortable"), (37, "comfortable"),
                                             (38, "heavy"), (75, "heavy"), (76, "unbearable"), (150, "unbearable"),
                                             (151, "beyond")])
def test_load_categories_are_upper_limits(load: int, category: str) -> None:
    # Strength 3 on 150 lbs: 18, 37.5, 75, 150 lbs.
    assert carrying(3, 150, load).category == category


def test_carrying_limits_in_pounds() -> None:
    data = call("facade.carrying", {"strength": 0, "bodyweight": 150, "load": 100})
    assert [lim["pounds"] for lim in data["limits"]] == ["9/2", "15/2", "15/1", "30/1"]
    assert data["category"] == "beyond"


# --- running ---------------------------------------------------------------------------------------------

def test_running_chart_equals_printed_chart() -> None:
    assert list(SPRINT_FEET_PER_SECOND) == [r[0] for r in PRINTED_RUNNING]
    assert [f"{h / 100:.2f}" for h in RUN_HUNDREDTHS_MILE_PER_MINUTE] == [r[1] for r in PRINTED_RUNNING]
    rows = build_table("facade-running-speeds").text_rows()
    assert [r[1] for r in rows[1:]] == [str(r[0]) for r in PRINTED_RUNNING]
    assert [r[3] for r in rows[1:]] == ["0.01", "0.04", "0.07", "0.1", "0.15", "0.2", "0.25"]


def test_running_paces_and_intervals() -> None:
    result = running(4, 3, fatigue=2)
    sprint, run, distance, stroll = result.paces
    assert sprint.speed == 16 and sprint.roll_every == 3 and sprint.roll_unit == "second"
    assert run.speed == Fraction(13, 100) and run.roll_every == 3 and run.roll_unit == "minute"
    assert distance.speed == 5 and distance.roll_every == 30  # fatigue does not slow it
    assert stroll.speed == 2 and stroll.roll_every is None and stroll.check is None
    assert sprint.mph == Fraction(16 * 3600, 5280)


def test_running_checks_use_agility_plus_skill_against_nine() -> None:
    result = running(3, 3, sprinting_skill=4, distance_skill=1)
    assert result.pace("sprint").check.p_success == outcome_odds(7, 9).p_success  # type: ignore[union-attr]
    assert result.pace("run").check.p_success == outcome_odds(4, 9).p_success  # type: ignore[union-attr]


def test_running_edges_are_reported_not_clamped() -> None:
    result = running(0, 0, fatigue=5)
    assert result.pace("sprint").speed is None and result.pace("run").speed is None
    assert all(p.roll_every is None for p in result.paces)
    assert result.pace("sprint").check.p_success is None  # type: ignore[union-attr]
    assert result.pace("stroll").speed is None


def test_running_fatigue_limits_with_action() -> None:
    floor = running(3, 3, fatigue=10, sprinting_skill=8, action=10).pace("sprint").check
    assert floor is not None and floor.difficulty == 10 and floor.p_success == outcome_odds(11, 10).p_success
    failed = running(3, 3, fatigue=12, sprinting_skill=8, action=6).pace("sprint").check
    assert failed is not None and failed.automatic_failure and failed.p_success == 0


def test_distance_running_erratum_is_real() -> None:
    errata = {e.key: e for e in all_errata()}
    erratum = errata["running-distance-not-slower"]
    assert erratum.kind == "claim" and "Agility 0" in erratum.item
    assert running(0, 1).pace("distance").mph > running(0, 1).pace("run").mph  # type: ignore[operator]
    assert all(running(a, 1).pace("distance").mph < running(a, 1).pace("run").mph  # type: ignore[operator]
               for a in range(1, 7))


# --- stunts ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("trait, difficulty", [(1, 2), (3, 10), (7, 16), (12, 30), (18, 40), (18, 60)])
def test_stunt_odds_match_icepool(trait: int, difficulty: int) -> None:
    for line in stunt_odds(trait, difficulty):
        die = _icepool_trait(trait) + line.extra @ icepool.d4 if line.extra else _icepool_trait(trait)
        expected = sum((p for o, p in _as_fractions(die).items() if o >= difficulty), Fraction(0))
        assert line.p_success == expected, line.extra
        assert line.best_roll == die.max_outcome()


def test_stunt_dice_needed_brute_force() -> None:
    for trait in range(1, 19):
        for difficulty in (5, 12, 20, 36, 45, 57):
            best = trait_distribution(trait).max_outcome
            need = next((k for k in range(6) if best + 4 * k >= difficulty), None)
            assert stunt_dice_needed(trait, difficulty) == need


def test_stunt_rescue_brute_force_and_errors() -> None:
    rescue = dict(stunt_rescue(10, 8, 14))
    for k in range(6):
        combos = list(itertools.product(range(1, 5), repeat=k))
        assert rescue[k] == Fraction(sum(8 + sum(c) >= 14 for c in combos), len(combos))
    with pytest.raises(ParameterError) as err:
        call("facade.stunts", {"trait": 3, "difficulty": 10, "rolled": 7})
    assert err.value.field == "rolled"


# --- errors --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, params, field", [
    ("facade.healing", {"health": 7}, "health"),
    ("facade.healing", {"health": 3, "activity": "jogging"}, "activity"),
    ("facade.healing", {"health": 3, "doctor_level": 10}, "doctor_level"),
    ("facade.healing", {"health": 3, "crushing": 13}, "crushing"),
    ("facade.first_aid", {"damage": 37, "health": 3}, "damage"),
    ("facade.carrying", {"strength": 3, "bodyweight": 0, "load": 5}, "bodyweight"),
    ("facade.carrying", {"strength": 3, "bodyweight": 150, "load": 5, "will_added": 7}, "will_added"),
    ("facade.running", {"agility": 3, "stamina": 7}, "stamina"),
    ("facade.running", {"agility": 3, "stamina": 3, "sprinting_skill": 13}, "sprinting_skill"),
    ("facade.stunts", {"trait": 0, "difficulty": 10}, "trait"),
    ("facade.passion", {"trait": 10, "persona": 19}, "persona"),
    ("facade.enduring_pain", {"trait": 10, "damage_levels": -1}, "damage_levels"),
])
def test_bad_input_names_the_field(name: str, params: dict, field: str) -> None:
    with pytest.raises(ParameterError) as err:
        call(name, params)
    assert err.value.field == field


@pytest.mark.parametrize("fn, args, field", [
    (first_aid, (5, 9), "health"), (carry_line, (7,), "strength"), (feat_line, (3, -1), "will_added"),
    (running, (7, 3), "agility"), (passion_contest, (10, 0), "rival_trait"), (healing_health, (3, "nap"), "activity"),
])
def test_rules_functions_check_their_own_input(fn, args, field) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ParameterError) as err:
        fn(*args)
    assert err.value.field == field


def test_run_faster_than_sprint_is_an_erratum_with_both_values() -> None:
    from facade.rules.action_systems import run_mph, sprint_mph
    faster = [a for a in range(0, 7) if run_mph(a) > sprint_mph(a)]
    assert faster == [1, 2]
    erratum = {e.key: e for e in all_errata()}["running-run-faster-than-sprint"]
    assert erratum.kind == "claim" and erratum.item == "the run at Agility 1 and 2"
    assert "run 2.40 mph, sprint 2.05 mph" in erratum.computed and "run 4.20 mph, sprint 4.09 mph" in erratum.computed
