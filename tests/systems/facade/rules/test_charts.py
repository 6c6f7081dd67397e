"""Façade's charts, rolls and worked examples against the draft's own figures."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rollwright.errors import ParameterError
from facade import TRAIT_CHART, judge, success_chart, trait_dice, trait_distribution
from facade.rules.skills import defaulted_difficulty, trait_total

# The trait chart exactly as the draft prints it: rating, dice, description.
PRINTED_TRAIT_CHART = [
    (1, "d2", "Infantile"), (2, "d4", "Pitiful"), (3, "d6", "Childish"), (4, "d8", "Minimal"),
    (5, "d10", "Poor"), (6, "d12", "Below Average"), (7, "1d10+d4", "Low Average"),
    (8, "1d10+d6", "Average"), (9, "1d10+d8", "High Average"), (10, "1d10+d10", "Above Average"),
    (11, "1d10+d12", "Over Average"), (12, "2d10+d4", "High"), (13, "2d10+d6", "Very High"),
    (14, "2d10+d8", "Extra High"), (15, "2d10+d10", "Amazing"), (16, "2d10+d12", "Masterful"),
    (17, "3d10+d4", "Heroic"), (18, "3d10+d6", "Epic"),
]

# The success chart as printed: result, level ("-" for none), meaning.
PRINTED_SUCCESS_CHART = [
    ("Under by 3 or more", "-", "Complete Failure"), ("Under by 1 or 2", "-", "Near Miss"),
    ("Succeeded by 0-2", 0, "Minimal Success"), ("Succeeded by 3-5", 1, "Minor Success"),
    ("Succeeded by 6-8", 2, "Full Success"), ("Succeeded by 9-11", 3, "Good Success"),
    ("Succeeded by 12-14", 4, "Major Success"), ("Succeeded by 15-17", 5, "Amazing Success"),
    ("Succeeded by 18-20", 6, "Masterful Success"), ("Succeeded by 21-23", 7, "Heroic Success"),
    ("Succeeded by 24-26", 8, "Legendary Success"), ("Succeeded by 27+", 9, "Epic Success"),
]


def test_trait_chart_reproduces_the_printed_chart() -> None:
    assert [(t.rating, t.notation, t.label) for t in TRAIT_CHART] == PRINTED_TRAIT_CHART


def test_success_chart_reproduces_the_printed_chart() -> None:
    rows = [(r.result, "-" if r.level is None else r.level, r.name) for r in success_chart()]
    assert rows == PRINTED_SUCCESS_CHART


def test_every_success_chart_row_agrees_with_judge() -> None:
    for row in success_chart():
        low = row.low if row.low is not None else row.high - 10
        high = row.high if row.high is not None else row.low + 30
        for margin in range(low, high + 1):
            assert judge(20 + margin, 20).key == row.key, (row, margin)


@pytest.mark.parametrize("roll, difficulty, key", [
    (7, 10, "complete-failure"), (8, 10, "near-miss"), (9, 10, "near-miss"), (10, 10, "level-0"),
    (12, 10, "level-0"), (13, 10, "level-1"), (36, 9, "level-9"), (36, 0, "level-9"),
])
def test_judge_examples(roll: int, difficulty: int, key: str) -> None:
    assert judge(roll, difficulty).key == key


@pytest.mark.parametrize("rating", range(1, 19))
def test_trait_distribution_matches_brute_force(rating: int) -> None:
    dice = trait_dice(rating)
    faces = [range(1, 11)] * dice.d10s + [range(1, dice.extra_sides + 1)]
    counts: dict[int, int] = {}
    for combo in itertools.product(*faces):
        counts[sum(combo)] = counts.get(sum(combo), 0) + 1
    total = sum(counts.values())
    assert trait_distribution(rating).probabilities() == [(k, Fraction(v, total)) for k, v in sorted(counts.items())]


@pytest.mark.parametrize("bad", [0, 19, -1, True, "10", 10.0])
def test_trait_out_of_chart_is_a_clear_error(bad: object) -> None:
    with pytest.raises(ParameterError, match="1 to 18"):
        trait_dice(bad)  # type: ignore[arg-type]


def test_skill_worked_example_perception_plus_sense_motive() -> None:
    # Perception 3, Alertness 2 (broad), Empathy 4 (focus), Sense Motive 1 (specialty) -> 10;
    # with no Alertness and no Sense Motive -> 7.
    assert trait_total(attribute=3, broad=2, focus=4, specialty=1) == 10
    assert trait_total(attribute=3, broad=0, focus=4, specialty=0) == 7


def test_defaulting_worked_example() -> None:
    # Attribute 4 + skill 2 = 6 against difficulty 10; defaulting to category 10 -> difficulty 14.
    assert defaulted_difficulty(difficulty=10, trait_total=trait_total(4, 2), category=10) == 14


def test_skill_levels_are_range_checked() -> None:
    with pytest.raises(ParameterError, match="'focus' must be a whole number from 0 to 4"):
        trait_total(attribute=3, focus=5)
    with pytest.raises(ParameterError, match="'attribute'"):
        trait_total(attribute=7)
