"""Façade skills: trait totals, defaulting and the choice between them, against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.views.characters import trait_total_view
from facade import trait_dice
from facade.rules.skills import compare_defaulting, defaulted_difficulty, skill_total, trait_total


def _chance(rating: int, difficulty: int) -> Fraction:
    dice = trait_dice(rating)
    faces = [range(1, 11)] * dice.d10s + [range(1, dice.extra_sides + 1)]
    combos = list(itertools.product(*faces))
    return Fraction(sum(1 for c in combos if sum(c) >= difficulty), len(combos))


def test_seed_examples() -> None:
    assert trait_total(attribute=3, broad=2, focus=4, specialty=1) == 10  # Perception + Sense Motive
    assert trait_total(attribute=3, broad=0, focus=4, specialty=0) == 7   # without Alertness, Sense Motive
    assert defaulted_difficulty(difficulty=10, trait_total=6, category=10) == 14
    assert skill_total(4, 4, 4) == 12 and skill_total() == 0


def test_defaulting_never_lowers_the_difficulty() -> None:
    for total, category in itertools.product(range(19), range(19)):
        assert defaulted_difficulty(10, total, category) == 10 + max(0, category - total)


def test_seed_defaulting_example_compared() -> None:
    c = compare_defaulting(4, 2, 0, 0, category=10, difficulty=10)
    assert (c.trait_total, c.defaulted_difficulty) == (6, 14)
    assert c.p_trait == _chance(6, 10) == Fraction(1, 4)
    assert c.p_default == _chance(10, 14) == Fraction(7, 25)
    assert c.better == "default"


@pytest.mark.parametrize("attribute, broad, focus, specialty, category, difficulty", [
    (3, 2, 4, 1, 9, 12), (6, 4, 4, 4, 18, 30), (1, 0, 0, 0, 13, 5), (5, 1, 0, 0, 11, 9), (2, 4, 4, 0, 6, 15),
    (3, 0, 0, 0, 9, 0), (6, 0, 0, 0, 6, 7),
])
def test_chances_match_brute_force(attribute: int, broad: int, focus: int, specialty: int, category: int,
                                   difficulty: int) -> None:
    c = compare_defaulting(attribute, broad, focus, specialty, category, difficulty)
    total = attribute + broad + focus + specialty
    raised = difficulty + max(0, category - total)
    assert (c.trait_total, c.defaulted_difficulty) == (total, raised)
    assert c.p_trait == _chance(total, difficulty) and c.p_default == _chance(category, raised)
    expected = "equal" if c.p_trait == c.p_default else ("trait" if c.p_trait > c.p_default else "default")
    assert c.better == expected


def test_ratings_of_zero_cannot_be_rolled() -> None:
    zero = compare_defaulting(0, 0, 0, 0, category=4, difficulty=3)
    assert zero.p_trait is None and zero.p_default == _chance(4, 7) and zero.better == "default"
    assert zero.attribute_zero
    both = compare_defaulting(0, 0, 0, 0, category=0, difficulty=3)
    assert both.p_trait is None and both.p_default is None and both.better == "neither"
    skilled = compare_defaulting(0, 2, 0, 0, category=0, difficulty=3)
    assert skilled.p_default is None and skilled.better == "trait" and skilled.attribute_zero


@pytest.mark.parametrize("args, field", [
    ((7, 0, 0, 0, 9, 10), "attribute"),
    ((3, 5, 0, 0, 9, 10), "broad"),
    ((3, 0, -1, 0, 9, 10), "focus"),
    ((3, 0, 0, 9, 9, 10), "specialty"),
    ((3, 0, 0, 0, 19, 10), "category"),
    ((4, 0, 0, 0, 3, 10), "category"),    # below the attribute it contains
    ((2, 0, 0, 0, 15, 10), "category"),   # above attribute + 12
    ((3, 0, 0, 0, 9, 51), "difficulty"),
    ((3, 0, 0, 0, 9, -1), "difficulty"),
])
def test_bad_input_names_the_field(args: tuple, field: str) -> None:
    with pytest.raises(ParameterError) as error:
        compare_defaulting(*args)
    assert error.value.field == field
    names = ("attribute", "broad", "focus", "specialty", "category", "difficulty")
    with pytest.raises(ParameterError) as error:
        call("facade.trait_total", dict(zip(names, args, strict=True)))
    assert error.value.field == field


def test_call_and_view() -> None:
    data = call("facade.trait_total", {"attribute": 4, "broad": 2, "category": 10, "difficulty": 10})
    assert (data["trait_total"], data["defaulted_difficulty"], data["raise"]) == (6, 14, 4)
    assert (data["p_trait"], data["p_default"], data["better"]) == ("1/4", "7/25", "default")
    assert (data["trait_dice"], data["category_dice"]) == ("d12", "1d10+d10")
    html = trait_total_view(data)
    assert 'data-rw-better="default"' in html and 'data-rw-p-default="7/25"' in html
    zero = trait_total_view(call("facade.trait_total", {"attribute": 0, "category": 0, "difficulty": 5}))
    assert "cannot be rolled" in zero and "fails any active contest" in zero
    high = trait_total_view(call("facade.trait_total", {"attribute": 6, "broad": 4, "focus": 4,
                                                        "category": 9, "difficulty": 10}))
    assert "never lowers" in high
