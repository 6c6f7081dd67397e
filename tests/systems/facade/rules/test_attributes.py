"""Façade attributes: categories, specific attributes, meanings, height and weight, and their tables/calls."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from rollwright.kit.tables import build_table
from facade.rules.attributes import (
    CATEGORIES,
    MODIFIER_GRADES,
    SPECIFIC_ATTRIBUTES,
    attribute_meaning,
    category_named,
    category_of,
    category_ratings,
    category_total,
    height_weight,
)

SEED_CATEGORIES = {
    "Body": (("Strength", "Stamina", "Health"), "Strain"),
    "Action": (("Finesse", "Grace", "Agility"), "Fatigue"),
    "Mind": (("Reason", "Insight", "Perception"), "Stress"),
    "Persona": (("Poise", "Charisma", "Wits"), "Passion"),
    "Soul": (("Creativity", "Luck", "Will"), "Exhaustion"),
}


def test_five_categories_of_three_in_the_seeds_order() -> None:
    assert {c.name: (c.specifics, c.pool) for c in CATEGORIES} == SEED_CATEGORIES
    assert [c.name for c in CATEGORIES] == list(SEED_CATEGORIES)
    assert len(SPECIFIC_ATTRIBUTES) == len(set(SPECIFIC_ATTRIBUTES)) == 15
    for category in CATEGORIES:
        assert category_named(category.name) == category
        for specific in category.specifics:
            assert category_of(specific) == category


@given(st.tuples(*[st.integers(0, 6)] * 3))
def test_category_is_the_sum_of_its_three(values: tuple[int, int, int]) -> None:
    assert category_total(*values) == sum(values)
    assert 0 <= category_total(*values) <= 18


def test_average_and_extremes() -> None:
    assert category_total(3, 3, 3) == 9 and attribute_meaning(3) == "average"
    assert category_total(0, 0, 0) == 0 and category_total(6, 6, 6) == 18
    assert [attribute_meaning(r) for r in range(7)] == [
        "minimum", "pitiful", "below average", "average", "above average", "exceptional", "phenomenal"]


def test_category_ratings_from_all_fifteen() -> None:
    specifics = dict.fromkeys(SPECIFIC_ATTRIBUTES, 3) | {"Strength": 6, "Health": 1, "Will": 0}
    ratings = category_ratings(specifics)
    assert ratings == {"Body": 10, "Action": 9, "Mind": 9, "Persona": 9, "Soul": 6}


@pytest.mark.parametrize("call_args, field", [
    (lambda: category_total(7, 0, 0), "first"),
    (lambda: category_total(0, -1, 0), "second"),
    (lambda: category_total(0, 0, True), "third"),
    (lambda: attribute_meaning(9), "rating"),
    (lambda: category_named("Heart"), "category"),
    (lambda: category_of("Speed"), "attribute"),
    (lambda: category_ratings(dict.fromkeys(SPECIFIC_ATTRIBUTES[1:], 3)), "Strength"),
    (lambda: category_ratings(dict.fromkeys(SPECIFIC_ATTRIBUTES, 3) | {"Speed": 2}), "Speed"),
    (lambda: category_ratings(dict.fromkeys(SPECIFIC_ATTRIBUTES, 3) | {"Luck": 8}), "Luck"),
    (lambda: height_weight(19, "male"), "body"),
    (lambda: height_weight(-1, "female"), "body"),
    (lambda: height_weight(9, "elf"), "formula"),
])
def test_bad_input_names_the_field(call_args, field: str) -> None:  # noqa: ANN001
    with pytest.raises(ParameterError) as error:
        call_args()
    assert error.value.field == field


@pytest.mark.parametrize("body", range(19))
def test_height_and_weight_follow_the_printed_formulas(body: int) -> None:
    female, male = height_weight(body, "female"), height_weight(body, "male")
    assert female.height_inches == 4 * 12 + 6 + body and female.weight_lbs == 90 + 3 * body
    assert male.height_inches == 5 * 12 + body and male.weight_lbs == 110 + 5 * body


def test_height_text() -> None:
    assert height_weight(0, "female").height_text == "4' 6\""
    assert height_weight(6, "female").height_text == "5' 0\""
    assert height_weight(18, "male").height_text == "6' 6\""
    assert height_weight(18, "male").weight_lbs == 200
    assert height_weight(9, "male").to_dict()["height"] == "5' 9\""


def test_tables_are_built_from_the_data() -> None:
    rows = build_table("facade-attributes").text_rows()
    assert rows[1][:3] == ["Body", "Strength, Stamina, Health", "Strain"]
    assert [r[2] for r in rows[1:]] == ["Strain", "Fatigue", "Stress", "Passion", "Exhaustion"]
    meanings = build_table("facade-attribute-meanings").text_rows()
    assert [r[0] for r in meanings[1:]] == [str(r) for r in range(7)]
    assert [r[2] for r in meanings[1:]] == [str(3 * r) for r in range(7)]
    assert meanings[4][1].startswith("average")
    heights = build_table("facade-height-weight").text_rows()
    assert len(heights) == 20
    assert heights[1] == ["0", "4' 6\"", "90", "5' 0\"", "110"]
    assert heights[19] == ["18", "6' 0\"", "144", "6' 6\"", "200"]


def test_calls() -> None:
    data = call("facade.attributes")
    assert [c["name"] for c in data["categories"]] == list(SEED_CATEGORIES)
    assert [m["rating"] for m in data["meanings"]] == list(range(7))
    assert data["modifier_grades"] == list(MODIFIER_GRADES) == ["Minor", "Simple", "Medium", "Major", "Extreme"]
    assert call("facade.height_weight", {"body": 10, "formula": "male"})["weight_lbs"] == 160
    with pytest.raises(ParameterError) as error:
        call("facade.height_weight", {"body": 19, "formula": "male"})
    assert error.value.field == "body"
    with pytest.raises(ParameterError) as error:
        call("facade.height_weight", {"body": 9, "formula": "dwarf"})
    assert error.value.field == "formula"
