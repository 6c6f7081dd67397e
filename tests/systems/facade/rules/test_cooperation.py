"""Cooperation and automatic results, checked against brute force and the rules' words."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.rules.automatic import verdict
from facade.rules.cooperation import (
    MAX_HELPERS,
    cooperation_steps,
    final_trait_distribution,
    run_cooperation,
)
from facade.rules.traits import trait_distribution


def brute_force_final(primary: int, helpers: list[int]) -> dict[int, Fraction]:
    """Every joint helper roll, sorted lowest first, applied one at a time; straight from the rule."""
    dists = [trait_distribution(h).probabilities() for h in helpers]
    out: Counter[int] = Counter()
    for combo in itertools.product(*dists):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        trait = primary
        for roll in sorted(r for r, _ in combo):
            margin = roll - trait
            if margin >= 0:
                trait += min(margin // 3, 9)
        out[trait] += p
    return dict(out)


@pytest.mark.parametrize("primary, helpers", [
    (10, []), (10, [8]), (10, [12, 8]), (5, [3, 3]), (12, [14, 9, 6]), (1, [18, 18]), (18, [1, 2]),
])
def test_final_trait_distribution_equals_brute_force(primary: int, helpers: list[int]) -> None:
    exact = dict(final_trait_distribution(primary, helpers).probabilities())
    assert exact == brute_force_final(primary, helpers)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 18), st.lists(st.integers(1, 8), max_size=3))
def test_final_trait_distribution_property(primary: int, helpers: list[int]) -> None:
    assert dict(final_trait_distribution(primary, helpers).probabilities()) == brute_force_final(primary, helpers)


def test_helpers_are_taken_lowest_roll_first_against_the_raised_trait() -> None:
    # Rolls 16 and 9 against trait 10: 9 fails first; 16 meets 10 by 6 -> level 2 -> 12.
    steps = cooperation_steps(10, [(12, 16), (8, 9)])
    assert [(s.helper, s.roll, s.trait_before, s.level, s.trait_after) for s in steps] == [
        (2, 9, 10, None, 10), (1, 16, 10, 2, 12)]
    # The second helper is measured against the trait the first one raised.
    steps = cooperation_steps(10, [(14, 13), (14, 16)])
    assert [(s.trait_before, s.trait_after) for s in steps] == [(10, 11), (11, 12)]


def test_level_zero_adds_nothing() -> None:
    assert cooperation_steps(10, [(10, 12)])[0].trait_after == 10


def test_seeded_run_is_repeatable_and_consistent() -> None:
    a, b = run_cooperation(10, [12, 8, 14], 42), run_cooperation(10, [12, 8, 14], 42)
    assert a == b
    assert [s.roll for s in a.steps] == sorted(total for _, total, _ in a.helper_rolls)
    for trait, total, faces in a.helper_rolls:
        assert sum(faces) == total and trait_distribution(trait).weight(total) > 0
    assert a.final_roll is not None and trait_distribution(a.final_trait).weight(a.final_roll) > 0


def test_run_stops_beyond_the_chart() -> None:
    for seed in range(200):
        run = run_cooperation(18, [18] * 6, seed)
        if run.final_trait > 18:
            assert run.final_roll is None and run.final_faces == ()
            return
    pytest.fail("six trait-18 helpers never lifted trait 18 past the chart in 200 seeds")


def test_cooperation_call_success_chance_counts_only_on_chart_traits() -> None:
    out = call("facade.cooperation", {"primary": 16, "helpers": "18, 18, 18", "difficulty": 20, "seed": 1})
    final = {t: Fraction(p) for t, p in out["final"]["p"]}
    expected = sum(p * trait_distribution(t).at_least(20) for t, p in final.items() if t <= 18)
    assert Fraction(out["final"]["p_success"]) == expected
    assert Fraction(out["final"]["p_beyond_chart"]) == sum(p for t, p in final.items() if t > 18) > 0


@pytest.mark.parametrize("helpers, message", [
    ("12, x", "'x' is not a whole number"),
    ("19", "helper trait"),
    (", ".join(["5"] * (MAX_HELPERS + 1)), f"at most {MAX_HELPERS} helpers"),
])
def test_bad_helpers_are_refused_naming_the_field(helpers: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message) as info:
        call("facade.cooperation", {"primary": 10, "helpers": helpers, "seed": 1})
    assert info.value.field == "helpers"


def test_automatic_success_thresholds_follow_the_rule() -> None:
    assert verdict(10, 8).automatic_success is None       # 2 above: roll
    assert verdict(10, 7).automatic_success == "minimal"  # 3 above
    assert verdict(10, 4).automatic_success == "minimal"  # 6 above
    assert verdict(10, 3).automatic_success == "minor"    # 7 above
    assert verdict(10, 3, contested=True).automatic_success is None


def test_automatic_failure_and_stunt_dice() -> None:
    v = verdict(3, 7)  # d6: best 6
    assert v.automatic_failure and v.best_roll == 6 and v.stunt_dice_needed is None
    assert verdict(3, 7, stunts=True).stunt_dice_needed == 1
    assert verdict(3, 26, stunts=True).stunt_dice_needed == 5
    assert verdict(3, 27, stunts=True).stunt_dice_needed is None
    assert not verdict(3, 6).automatic_failure
