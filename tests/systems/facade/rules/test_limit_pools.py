"""Façade limit pools: the seed's examples, thresholds for every pool and rating, and an oracle sweep."""

from __future__ import annotations

import itertools

import pytest

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.views.characters import limit_pool_view
from rollwright.kit.tables import build_table
from facade.rules.limit_pools import POOL_NAMES, pool_state, pool_thresholds, thresholds_by_category

CATEGORY_OF = {"Strain": "Body", "Fatigue": "Action", "Stress": "Mind", "Passion": "Persona", "Exhaustion": "Soul"}


def test_pools_pair_with_their_categories() -> None:
    assert {p: pool_thresholds(p, 9).category_name for p in POOL_NAMES} == CATEGORY_OF


def test_seed_example_minimum_difficulty() -> None:
    # Body 6: from Strain 6 on, Body rolls have a minimum difficulty equal to the Strain level.
    assert pool_state("Strain", category=6, level=5).minimum_difficulty is None
    assert pool_state("Strain", category=6, level=6).minimum_difficulty == 6
    at_8 = pool_state("Strain", category=6, level=8)
    assert at_8.status == "minimum-difficulty" and at_8.minimum_difficulty == 8
    assert at_8.difficulty_for(5) == 8 and at_8.difficulty_for(11) == 11
    assert pool_state("Strain", category=6, level=12).difficulty_for(5) is None


def test_seed_example_will_keeps_strain_conscious() -> None:
    # Body 10, Will 4: up to 24 Strain without passing out while paying Exhaustion.
    for level in range(21, 25):
        state = pool_state("Strain", category=10, level=level, will=4, paying_exhaustion=True)
        assert not state.passed_out and state.must_rest and state.automatic_failure
        assert state.exhaustion_per_roll == 1 and state.status == "must-rest"
    assert pool_state("Strain", category=10, level=25, will=4, paying_exhaustion=True).passed_out
    assert pool_state("Strain", category=10, level=21, will=4).passed_out  # not paying
    at_20 = pool_state("Strain", category=10, level=20, will=4)
    assert at_20.must_rest and not at_20.passed_out and at_20.exhaustion_per_roll == 0
    t = pool_thresholds("Strain", 10, will=4)
    assert (t.must_rest_from, t.passes_out_from, t.passes_out_from_with_will) == (20, 21, 25)


def test_fatigue_next_day_penalty() -> None:
    assert pool_state("Fatigue", category=8, level=16).next_day_penalty == 0
    state = pool_state("Fatigue", category=8, level=19)
    assert state.next_day_penalty == 3 and state.automatic_failure and not state.passed_out
    assert not state.must_rest
    paying = pool_state("Fatigue", category=8, level=19, will=2, paying_exhaustion=True)
    assert paying.next_day_penalty == 1 and paying.exhaustion_per_roll == 1
    assert pool_state("Fatigue", category=8, level=18, will=2, paying_exhaustion=True).status == "automatic-failure"


def test_stress_never_fails_automatically() -> None:
    for level in range(0, 61):
        state = pool_state("Stress", category=7, level=level)
        assert not state.automatic_failure
        assert state.minimum_difficulty == (level if level >= 7 else None)
    assert pool_state("Stress", category=7, level=14).status == "breaking-point"
    assert pool_state("Stress", category=7, level=13).status == "minimum-difficulty"
    assert pool_thresholds("Stress", 7).automatic_failure_from is None


def test_passion_and_exhaustion_double_out() -> None:
    assert pool_state("Passion", category=9, level=18).status == "outburst"
    assert pool_state("Passion", category=9, level=17).status == "minimum-difficulty"
    juice = pool_state("Exhaustion", category=9, level=18)
    assert juice.status == "out-of-juice" and juice.automatic_failure


def test_easily_strained_counts_body_one_lower() -> None:
    t = pool_thresholds("Strain", 6, comparison_offset=1)
    assert (t.compared_with, t.minimum_difficulty_from, t.must_rest_from, t.passes_out_from) == (5, 5, 10, 11)
    assert pool_state("Strain", category=6, level=5, comparison_offset=1).minimum_difficulty == 5
    assert pool_thresholds("Strain", 2, comparison_offset=5).compared_with == 0  # never below 0


def test_category_zero_is_always_doubled_out() -> None:
    for pool in POOL_NAMES:
        state = pool_state(pool, category=0, level=0)
        assert state.minimum_difficulty == 0
        assert state.automatic_failure == (pool != "Stress")
    assert pool_state("Strain", category=0, level=0).status == "must-rest"
    assert pool_state("Strain", category=0, level=1).passed_out
    assert not pool_state("Strain", category=0, level=3, will=3, paying_exhaustion=True).passed_out


@pytest.mark.parametrize("pool", POOL_NAMES)
def test_thresholds_for_every_rating_and_will(pool: str) -> None:
    for category, will in itertools.product(range(19), range(7)):
        t = pool_thresholds(pool, category, will)
        assert t.minimum_difficulty_from == category and t.double_from == 2 * category
        assert t.automatic_failure_from == (None if pool == "Stress" else 2 * category)
        assert t.must_rest_from == (2 * category if pool == "Strain" else None)
        assert t.passes_out_from == (2 * category + 1 if pool == "Strain" else None)
        assert t.passes_out_from_with_will == (2 * category + will + 1 if pool == "Strain" else None)
        assert t.next_day_penalty_from == (2 * category + 1 if pool == "Fatigue" else None)
        assert t.next_day_penalty_from_with_will == (2 * category + will + 1 if pool == "Fatigue" else None)
    assert [t.category for t in thresholds_by_category(pool)] == list(range(19))


def _oracle(pool: str, category: int, level: int, will: int, paying: bool) -> tuple:
    """The seed's pool rules, written out again independently."""
    double = 2 * category
    stretch = will if paying and pool in ("Strain", "Fatigue") else 0
    minimum = level if level >= category else None
    auto_fail = pool != "Stress" and level >= double
    must_rest = pool == "Strain" and level >= double
    passed_out = pool == "Strain" and level > double + stretch
    penalty = max(0, level - double - stretch) if pool == "Fatigue" else 0
    return minimum, auto_fail, must_rest, passed_out, penalty


@pytest.mark.parametrize("pool", POOL_NAMES)
def test_every_state_matches_an_independent_oracle(pool: str) -> None:
    for category, level, will, paying in itertools.product(range(19), range(0, 61, 3), (0, 1, 4, 6),
                                                          (False, True)):
        s = pool_state(pool, category, level, will, paying)
        assert (s.minimum_difficulty, s.automatic_failure, s.must_rest, s.passed_out, s.next_day_penalty) == \
            _oracle(pool, category, level, will, paying), (pool, category, level, will, paying)
        assert s.effects or s.status == "normal"


@pytest.mark.parametrize("kwargs, field", [
    ({"pool": "Grit", "category": 9, "level": 0}, "pool"),
    ({"pool": "Strain", "category": 19, "level": 0}, "category"),
    ({"pool": "Strain", "category": 9, "level": -1}, "level"),
    ({"pool": "Strain", "category": 9, "level": 61}, "level"),
    ({"pool": "Strain", "category": 9, "level": 0, "will": 7}, "will"),
    ({"pool": "Strain", "category": 9, "level": 0, "comparison_offset": 7}, "comparison_offset"),
    ({"pool": "Strain", "category": 9, "level": 0, "comparison_offset": -1}, "comparison_offset"),
])
def test_bad_input_names_the_field(kwargs: dict, field: str) -> None:
    with pytest.raises(ParameterError) as error:
        pool_state(**kwargs)
    assert error.value.field == field
    with pytest.raises(ParameterError) as error:
        call("facade.limit_pool", kwargs)
    assert error.value.field == field


def test_call_and_view() -> None:
    data = call("facade.limit_pool", {"pool": "Fatigue", "category": 8, "level": 19})
    assert data["status"] == "next-day-penalty" and data["next_day_penalty"] == 3
    assert data["thresholds"]["next_day_penalty_from"] == 17
    html = limit_pool_view(data)
    assert 'data-rw-pool-status="next-day-penalty"' in html and 'data-rw-next-day-penalty="3"' in html
    calm = limit_pool_view(call("facade.limit_pool", {"pool": "Passion", "category": 8, "level": 2}))
    assert 'data-rw-pool-status="normal"' in calm and 'data-rw-minimum-difficulty=""' in calm


def test_tables() -> None:
    rows = build_table("facade-pool-thresholds").text_rows()
    assert rows[0][0] == "Category" and len(rows) == 20
    assert rows[11] == ["10", "10", "20", "21"]
    pools = build_table("facade-limit-pools").text_rows()
    assert [r[0] for r in pools[1:]] == list(POOL_NAMES)
    assert pools[3][3] == "none" and pools[1][3] == "2 × Body" and pools[1][2] == "Body"


def test_wording_erratum_is_registered() -> None:
    from rollwright.kit.errata import all_errata

    found = {e.key: e for e in all_errata()}["limit-pool-double-the-level"]
    assert found.kind == "text" and found.page == "facade/characters.md#limit-pools"
