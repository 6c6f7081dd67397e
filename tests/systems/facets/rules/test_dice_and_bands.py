"""Facets dice and bands against icepool and brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from facets.rules.bands import BANDS, advantage_odds, band, band_odds, effort
from facets.rules.dice import (
    DEPTH, DIE_STEPS, calm_value, cap_chance, off_ladder, roll_distribution, step_die,
)


def _icepool(sides: int, explode_on: int | None, depth: int) -> dict[int, Fraction]:
    die = icepool.d(sides)
    faces = list(range(explode_on or sides, sides + 1))
    exploded = die.explode(faces, depth=depth)
    total = exploded.denominator()
    return {int(k): Fraction(v, total) for k, v in exploded.items()}


def _ours(sides: int, explode_on: int | None, depth: int) -> dict[int, Fraction]:
    dist = roll_distribution(sides, explode_on=explode_on, depth=depth)
    return {k: Fraction(w, dist.total_weight) for k, w in dist.items()}


@pytest.mark.parametrize("sides", DIE_STEPS)
def test_exploding_top_face_matches_icepool(sides: int) -> None:
    assert _ours(sides, None, DEPTH) == _icepool(sides, None, DEPTH)


@pytest.mark.parametrize(("sides", "explode_on"), [(4, 3), (6, 5), (8, 6), (12, 10), (20, 18), (4, 2)])
def test_exploding_lower_face_matches_icepool(sides: int, explode_on: int) -> None:
    assert _ours(sides, explode_on, 4) == _icepool(sides, explode_on, 4)


def _brute(sides: int, explode_on: int, depth: int) -> dict[int, Fraction]:
    """Every sequence of faces up to the cap, weighted by its chance."""
    out: dict[int, Fraction] = {}

    def walk(total: int, extra: int, p: Fraction) -> None:
        for face in range(1, sides + 1):
            q = p / sides
            if face >= explode_on and extra < depth:
                walk(total + face, extra + 1, q)
            else:
                out[total + face] = out.get(total + face, Fraction(0)) + q
    walk(0, 0, Fraction(1))
    return out


@pytest.mark.parametrize(("sides", "explode_on", "depth"), [(4, 4, 3), (6, 5, 3), (8, 8, 2), (4, 2, 4)])
def test_exploding_matches_brute_force(sides: int, explode_on: int, depth: int) -> None:
    assert _ours(sides, explode_on, depth) == _brute(sides, explode_on, depth)


def test_pressure_rolls_do_not_explode() -> None:
    assert roll_distribution(8, pressure=True).outcomes() == tuple(range(1, 9))
    assert cap_chance(8, pressure=True) == 0


def test_calm_values_from_the_draft() -> None:
    assert calm_value(6) == 3 and calm_value(10) == 5
    assert [calm_value(s) for s in DIE_STEPS] == [2, 3, 4, 5, 6, 10]


def test_two_steps_down_from_the_draft() -> None:
    assert step_die(8, -2) == 4 and step_die(12, -2) == 8
    assert step_die(12, 1) == 20 and step_die(20, -1) == 12


def test_steps_past_the_ends_stop_and_are_flagged() -> None:
    assert step_die(4, -2) == 4 and off_ladder(4, -2)
    assert step_die(20, 1) == 20 and off_ladder(20, 1)
    assert call("facets.steps", {"die": 6, "steps": -2})["off_ladder"] is True


@pytest.mark.parametrize(("margin", "key"), [(10, "advantage"), (5, "advantage"), (4, "success"), (0, "success"),
                                             (-1, "cost"), (-5, "cost"), (-6, "failure"), (-10, "failure"),
                                             (-11, "failure-cost")])
def test_band_edges(margin: int, key: str) -> None:
    assert band(margin).key == key


def test_effort_readings() -> None:
    assert [effort(m) for m in (0, -5, -6, -11)] == [0, 0, 1, 1]
    assert effort(-11, "failure-cost") == 2 and effort(-7, "failure-cost") == 1


@pytest.mark.parametrize(("sides", "tn", "bonus"), [(4, 6, 0), (6, 8, 2), (8, 15, -1), (20, 9, 3)])
def test_band_odds_match_icepool(sides: int, tn: int, bonus: int) -> None:
    exploded = icepool.d(sides).explode(depth=DEPTH) + bonus - tn
    total = exploded.denominator()
    expected = {b.key: Fraction(0) for b in BANDS}
    advantages: dict[int, Fraction] = {}
    for margin, weight in exploded.items():
        expected[band(int(margin)).key] += Fraction(weight, total)
        count = max(int(margin), 0) // 5
        advantages[count] = advantages.get(count, Fraction(0)) + Fraction(weight, total)
    dist = roll_distribution(sides)
    assert band_odds(dist, tn, bonus) == expected
    assert advantage_odds(dist, tn, bonus) == dict(sorted(advantages.items()))
    assert sum(expected.values()) == 1


def test_refused_inputs_are_clear() -> None:
    with pytest.raises(ParameterError, match="not an attribute die"):
        call("facets.check", {"die": 7})
    with pytest.raises(ParameterError, match="can explode from 2 to 6"):
        call("facets.check", {"die": 6, "explode_on": 8})
    with pytest.raises(ParameterError, match="at most 60"):
        call("facets.check", {"die": 6, "tn": 1000})


def test_seeded_roll_is_reproducible_and_shows_every_die() -> None:
    first = call("facets.roll", {"die": 4, "seed": 11, "tn": 3})
    assert first == call("facets.roll", {"die": 4, "seed": 11, "tn": 3})
    assert sum(first["faces"]) + first["bonus"] == first["total"]
    assert all(face == 4 for face in first["faces"][:-1])
    for seed in range(30):
        rolled = call("facets.roll", {"die": 4, "seed": seed, "pressure": True})
        assert len(rolled["faces"]) == 1


def test_lower_face_explosions_in_rolls() -> None:
    faces = [call("facets.roll", {"die": 6, "seed": s, "explode_on": 5})["faces"] for s in range(40)]
    assert any(len(f) > 1 and f[0] == 5 for f in faces)
    assert all(all(x >= 5 for x in f[:-1]) for f in faces)


def test_brute_force_pressure_bands() -> None:
    for sides, tn in itertools.product((4, 8), (3, 9, 14)):
        direct = {b.key: Fraction(0) for b in BANDS}
        for face in range(1, sides + 1):
            direct[band(face - tn).key] += Fraction(1, sides)
        assert band_odds(roll_distribution(sides, pressure=True), tn) == direct
