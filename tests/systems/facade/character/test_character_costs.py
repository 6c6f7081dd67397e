"""Costs in the context of a whole character: the seed's examples, pools, conversions and points back."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.systems.facade.character.character_docs import background, check, focus, item, modifier, node, pool, skill, spec

from facade.rules.costs import attribute_cost, background_cost, modifier_cost, standard_skill_cost


def test_level_3_attribute_costs_6_ap_and_4_more_to_reach_4() -> None:
    result = check(attributes={"strength": 3})
    strength = item(result, "attributes.strength")
    assert (strength["cost"], strength["next"], strength["pool"]) == ("6", "4", "AP")
    assert "6 AP" in strength["explanation"] and "attribute table" in strength["explanation"]
    raised = item(check(attributes={"strength": 4}), "attributes.strength")
    assert raised["cost"] == "10"
    assert int(raised["cost"]) - int(strength["cost"]) == int(strength["next"]) == 4


def test_level_3_medium_modifier_costs_5_ap_and_1_more_to_reach_4() -> None:
    result = check(modifiers=[modifier(grade="medium", level=3)])
    entry = item(result, "modifiers.0")
    assert (entry["cost"], entry["next"], entry["pool"]) == ("5", "1", "AP")
    assert "Medium Mod/total row" in entry["explanation"]
    assert item(check(modifiers=[modifier(grade="medium", level=4)]), "modifiers.0")["cost"] == "6"
    assert pool(result, "AP")["spent"] == "95"  # 15 attributes at 3 (90) + 5


def test_cascade_5_sp_on_a_specialty_also_go_into_its_focus_and_broad() -> None:
    tree = skill("Athletics", 0, focus("Dodge", 0, spec("Roll", 0, 5)))
    result = check(settings={"skills": "cascade"}, skills=[tree])
    assert [node(result, p)["sp"] for p in ("skills.0", "skills.0.focuses.0", "skills.0.focuses.0.specialties.0")] \
        == ["5", "5", "5"]
    assert [node(result, p)["level"] for p in ("skills.0", "skills.0.focuses.0",
                                                 "skills.0.focuses.0.specialties.0")] == [1, 2, 4]
    assert pool(result, "SP")["spent"] == "5"  # spent once, not three times
    roll = item(result, "skills.0.focuses.0.specialties.0")
    assert roll["cost"] == "5" and "Dodge" in roll["explanation"] and "Athletics" in roll["explanation"]
    assert node(result, "skills.0.focuses.0.specialties.0")["skill_total"] == 7


def test_focus_reaching_4_puts_its_specialties_on_the_reduced_row() -> None:
    mastered = [spec(n, 0, 5) for n in ("Roll", "Flip", "Fall")]
    base = check(settings={"skills": "cascade"},
                 skills=[skill("Athletics", 0, focus("Dodge", 0, *mastered, spec("Tumble", 0, "0.5")))])
    assert node(base, "skills.0.focuses.0")["level"] == 4
    assert node(base, "skills.0.focuses.0.specialties.3")["level"] == 1  # 0.5 SP: level 1 on 0.5/1/2/3
    below = check(settings={"skills": "cascade"},
                  skills=[skill("Athletics", 0, focus("Dodge", 0, spec("Roll", 0, 5), spec("Tumble", 0, "0.5")))])
    assert node(below, "skills.0.focuses.0.specialties.1")["level"] == 0  # normal row needs 1 SP


def test_broad_reaching_4_puts_its_focuses_on_the_reduced_row() -> None:
    full = [focus(f"F{j}", 0, *[spec(f"S{k}", 0, 5) for k in range(3)]) for j in range(3)]
    result = check(settings={"skills": "cascade"},
                   skills=[skill("Athletics", 0, *full, focus("New", 0, spec("One", 0, 4)))])
    assert node(result, "skills.0")["level"] == 4
    assert node(result, "skills.0.focuses.3")["level"] == 2  # 4 SP on the reduced row 2/4/7/10
    alone = check(settings={"skills": "cascade"}, skills=[skill("Other", 0, focus("New", 0, spec("One", 0, 4)))])
    assert node(alone, "skills.0.focuses.0")["level"] == 1  # 4 SP on the normal row 2/5/10/15


def test_standard_skills_are_priced_per_tier() -> None:
    tree = skill("Athletics", 2, focus("Dodge", 3, spec("Roll", 3)))
    result = check(skills=[tree])
    assert [item(result, p)["cost"] for p in ("skills.0", "skills.0.focuses.0", "skills.0.focuses.0.specialties.0")] \
        == ["5", "4", "1.5"]
    assert pool(result, "SP")["spent"] == "10.5"
    expected = standard_skill_cost("broad", 2).total + standard_skill_cost("focus", 3).total \
        + standard_skill_cost("specialty", 3).total
    assert Fraction(pool(result, "SP")["spent"]) == expected
    assert node(result, "skills.0.focuses.0.specialties.0")["skill_total"] == 8


@pytest.mark.parametrize(("kind", "grade", "level"), [("standard", "medium", 3), ("exponential", "minor", 6),
                                                      ("exponential", "extreme", 12), ("standard", "minor", 0)])
def test_backgrounds_cost_what_the_costs_module_says(kind: str, grade: str, level: int) -> None:
    result = check(backgrounds=[background(kind=kind, grade=grade, level=level)])
    assert Fraction(item(result, "backgrounds.0")["cost"]) == background_cost(kind, grade, level).total
    assert Fraction(pool(result, "BP")["spent"]) == background_cost(kind, grade, level).total


def test_every_attribute_level_in_context() -> None:
    for level in range(7):
        result = check(attributes={"luck": level})
        assert Fraction(item(result, "attributes.luck")["cost"]) == attribute_cost(level).total
        assert item(result, "attributes.luck")["next"] == (None if level == 6 else str(level + 1))


def test_extra_points_convert_at_1_ap_2_sp_1_bp() -> None:
    result = check(conversions={"AP": 10, "SP": 5, "BP": 3})
    assert [(pool(result, p)["converted"]) for p in ("AP", "SP", "BP")] == [10, 10, 3]
    assert pool(result, "AP")["available"] == "110" and pool(result, "AP")["left"] == "20"
    extra = result["spending"]["extra"]
    assert (extra["currency"], extra["budget"], extra["spent"], extra["left"]) == ("EP", 50, "18", "32")


def test_pool_buy_starts_with_90_ap_20_sp_and_converts_wp_at_2_4_2() -> None:
    result = check(method="pool-buy", conversions={"AP": 5, "SP": 2, "BP": 10})
    assert [(p["pool"], p["budget"], p["converted"]) for p in result["spending"]["pools"]] == [
        ("AP", 90, 10), ("SP", 20, 8), ("BP", 0, 20)]
    assert result["spending"]["extra"]["currency"] == "WP"
    assert result["spending"]["extra"]["left"] == "83"
    assert result["character"]["settings"]["budget"] == {"AP": 90, "SP": 20, "BP": 0, "WP": 100}


def test_budgets_are_editable() -> None:
    result = check(settings={"budget": {"AP": 120, "SP": 150, "BP": 10, "EP": 5}})
    assert [pool(result, p)["budget"] for p in ("AP", "SP", "BP")] == [120, 150, 10]
    assert result["spending"]["extra"]["budget"] == 5


def test_negative_modifier_as_bonus_points_becomes_ep_or_wp() -> None:
    drawback = modifier("Easily Strained", grade="medium", level=3, negative=True)
    point = check(modifiers=[drawback])
    entry = item(point, "modifiers.0")
    assert (entry["pool"], entry["cost"], entry["refund"]) == ("EP", "-5", True)
    assert point["spending"]["extra"]["bonus"] == "5" and point["spending"]["extra"]["left"] == "55"
    assert pool(point, "AP")["spent"] == "90"
    pool_buy = check(method="pool-buy", modifiers=[drawback])
    assert item(pool_buy, "modifiers.0")["cost"] == "-2.5" and pool_buy["spending"]["extra"]["bonus"] == "2.5"
    assert "bonus" in point["liability_reading"] or "extra points" in point["liability_reading"]


def test_negative_modifier_and_liability_in_their_own_area() -> None:
    result = check(settings={"liabilities": "own-area"},
                   modifiers=[modifier(grade="medium", level=3, negative=True)],
                   backgrounds=[background(grade="minor", level=2, liability=True)])
    assert (item(result, "modifiers.0")["pool"], item(result, "modifiers.0")["cost"]) == ("AP", "-5")
    assert pool(result, "AP")["refunded"] == "5" and pool(result, "AP")["available"] == "105"
    assert pool(result, "BP")["refunded"] == "1" and pool(result, "BP")["available"] == "51"
    assert result["spending"]["extra"]["bonus"] == "0"
    assert modifier_cost("medium", 3).total == 5


@pytest.mark.parametrize(("rule", "age", "bp"), [("square-root", 20, 44), ("double", 20, 40), ("square-root", 30, 54)])
def test_bp_from_age_replaces_the_bp_budget(rule: str, age: int, bp: int) -> None:
    result = check(settings={"age": age, "bp_from_age": rule})
    assert pool(result, "BP")["budget"] == bp
    assert str(bp) in result["spending"]["bp_note"]
    assert result["character"]["settings"]["budget"]["BP"] == 50  # the typed budget is kept


def test_unpriced_choices_cost_nothing_but_are_listed() -> None:
    result = check(attributes={"luck": 9}, modifiers=[modifier(grade="huge")])
    assert item(result, "attributes.luck")["cost"] is None
    assert item(result, "modifiers.0")["cost"] is None
    assert pool(result, "AP")["spent"] == "84"
