"""Skillful's rules against brute force, icepool and the draft's figures."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillful.rules.aid import aid_bonus, aid_target
from skillful.rules.checks import check_total, loss_distribution, open_d20
from skillful.rules.effort import attitude_terms, effort
from skillful.rules.fumble import fumble_tier
from skillful.rules.suckage import points_to_better
from skillful.rules.tiers import threshold_width, tier_odds, tier_of


def brute_open_d20() -> dict[int, Fraction]:
    """Every pair of faces, each 1/400: the second die counts only after a 1 or a 20."""
    out: dict[int, Fraction] = {}
    for first, second in product(range(1, 21), repeat=2):
        value = first - second if first == 1 else first + second if first == 20 else first
        out[value] = out.get(value, Fraction(0)) + Fraction(1, 400)
    return out


def icepool_open_d20() -> icepool.Die:
    return icepool.d20.map(lambda x: x - icepool.d20 if x == 1 else x + icepool.d20 if x == 20 else x)


def test_open_d20_matches_brute_force_and_icepool() -> None:
    ours = dict(open_d20().probabilities())
    assert ours == brute_open_d20()
    die = icepool_open_d20()
    assert {int(v): Fraction(die.quantity(v), die.denominator()) for v in die.outcomes()} == ours
    assert min(ours) == -19 and max(ours) == 40 and len(ours) == 58  # a 1 or a 20 never stands alone


@pytest.mark.parametrize("attacker, defender", [(0, 0), (10, 4), (3, 17)])
def test_contest_tiers_match_icepool(attacker: int, defender: int) -> None:
    loss = icepool_open_d20() + attacker - (icepool_open_d20() + defender)
    for width in (10, 6, 3, 1):
        expected: dict[int, Fraction] = {}
        for value in loss.outcomes():
            tier = tier_of(int(value), width)
            expected[tier] = expected.get(tier, Fraction(0)) + Fraction(loss.quantity(value), loss.denominator())
        ours = tier_odds(loss_distribution(attacker, defender), width)
        assert {k: v for k, v in ours.items() if v} == expected


def test_defender_wins_ties_by_brute_force() -> None:
    d = brute_open_d20()
    held = sum((pa * pd for a, pa in d.items() for b, pd in d.items() if b + 2 >= a + 5), Fraction(0))
    assert tier_odds(loss_distribution(5, 2), 10)[-1] == held


@pytest.mark.parametrize("penalty", range(0, 31))
def test_threshold_for_every_penalty(penalty: int) -> None:
    assert threshold_width(penalty) == max(3, 10 - penalty)
    assert threshold_width(penalty, "stamina-focus") == max(2, 10 - penalty)
    assert threshold_width(penalty, "health-sanity") == max(1, 10 - penalty)


def test_aid_at_its_boundaries_exactly() -> None:
    # at each tenth of the target the bonus steps up, one below it does not
    for target in (30, 40, 50, 70, 100, 130):
        for tenth in range(3, 11):
            if target * tenth % 10 == 0:
                aid = target * tenth // 10
                main = target if target > 30 else 0
                assert aid_bonus(aid, main) == tenth - 2
                assert aid_bonus(aid - 1, main) == tenth - 3
    assert aid_bonus(9, 30) == 1 and aid_bonus(30, 30) == 8 and aid_bonus(1000, 30) == 8
    assert aid_target(29) == 30 and aid_target(31) == 31


@given(st.integers(-99, 199), st.integers(-99, 199))
@settings(max_examples=200)
def test_aid_formula_equals_its_fraction_form(aid: int, main: int) -> None:
    x = Fraction(aid, max(30, main))
    exact = min(8, (10 * (x - Fraction(1, 5))).__floor__())
    assert aid_bonus(aid, main) == exact
    assert aid_bonus(aid, main, no_penalty=True) == max(0, exact)


@given(st.integers(1, 99), st.integers(1, 10))
@settings(max_examples=200)
def test_suckage_reaches_exactly_the_next_tier(loss: int, width: int) -> None:
    points = points_to_better(loss, width)
    assert points is not None and points >= 1
    better = tier_of(loss - points, width)
    now = tier_of(loss, width)
    empty_zeroth = width == 1 and now == 1  # with T = 1 no loss falls in the zeroth band
    assert better == now - 1 or (better == -1 and (now == 0 or empty_zeroth))
    assert tier_of(loss - points + 1, width) == tier_of(loss, width)


def test_fumble_tiers_step_every_width() -> None:
    assert [fumble_tier(t, 8, 5) for t in (9, 8, 4, 3, -1, -2, -7, -30)] == [0, 1, 1, 2, 2, 3, 4, 4]
    check = check_total(0)
    assert check.probability_where(lambda v: fumble_tier(v, 0, 10) > 0) == Fraction(1, 20)


def test_attitudes_and_effort() -> None:
    assert [attitude_terms(n, "relaxed")[0] for n in (1, 2, 3, 5, 12)] == [1, 1, 1, 2, 6]
    assert [attitude_terms(n, "relaxed", rounding="up")[0] for n in (1, 3, 5)] == [1, 2, 3]
    assert effort(5, "melee-broadsword", 3) == {"Wind": 55, "Stamina": 10, "Health": 50}
    assert effort(5, "other", 4) == {"Wind": 15}
    assert effort(5, "guns-9mm-pistol", -1, up_front=15) == {"Wind": 20}
