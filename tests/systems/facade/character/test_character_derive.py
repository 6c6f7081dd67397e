"""Derived values of a character: each equals what the owning rules module says for the character's numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.systems.facade.character.character_docs import check, focus, skill, spec

from rollwright.kit.api import call
from facade.rules.action_systems import running
from facade.rules.attributes import height_weight
from facade.rules.body_systems import carrying
from facade.rules.limit_pools import pool_thresholds

STRONG = {"strength": 5, "stamina": 4, "health": 2, "finesse": 3, "grace": 1, "agility": 4, "reason": 3,
          "insight": 3, "perception": 3, "poise": 3, "charisma": 3, "wits": 3, "creativity": 2, "luck": 2, "will": 5}


def test_categories_are_sums_of_three() -> None:
    cats = check(attributes=STRONG)["derived"]["categories"]
    assert cats == {"body": 11, "action": 8, "mind": 9, "persona": 9, "soul": 9}


@pytest.mark.parametrize("formula", ["female", "male"])
def test_height_and_weight_use_the_chosen_formula(formula: str) -> None:
    derived = check(attributes=STRONG, settings={"formula": formula})["derived"]
    expected = height_weight(11, formula)
    assert (derived["height"], derived["height_inches"], derived["weight"]) == (
        expected.height_text, expected.height_inches, expected.weight_lbs)
    assert derived["bodyweight"] == expected.weight_lbs and derived["bodyweight_source"] == "formula"


def test_limit_pools_thresholds_and_will_extension() -> None:
    pools = {p["name"]: p for p in check(attributes=STRONG)["derived"]["limit_pools"]}
    strain = pools["Strain"]
    t = pool_thresholds("Strain", 11, 5)
    assert (strain["value"], strain["minimum_difficulty_at"], strain["automatic_failure_at"]) == (11, 11, 22)
    assert strain["pass_out_after"] == t.passes_out_from - 1 == 22
    assert strain["with_will"] == t.passes_out_from_with_will - 1 == 27
    assert pools["Fatigue"]["with_will"] == 8 * 2 + 5
    assert pools["Stress"]["automatic_failure_at"] is None and pools["Stress"]["with_will"] is None
    assert [p["pool"] for p in pools.values()] == ["strain", "fatigue", "stress", "passion", "exhaustion"]


def test_carrying_capacity_for_strength_and_entered_bodyweight() -> None:
    derived = check(attributes=STRONG, bodyweight=160)["derived"]
    assert derived["bodyweight"] == 160 and derived["bodyweight_source"] == "entered"
    limits = dict(carrying(5, 160, 0).limits())
    feat = dict(carrying(5, 160, 0, 5).limits())
    for row in derived["carrying"]:
        assert Fraction(row["up_to_lbs"]) == limits[row["load"]]
        assert Fraction(row["with_will_up_to_lbs"]) == feat[row["load"]]
    assert [r["load"] for r in derived["carrying"]] == ["light", "comfortable", "heavy", "unbearable"]
    assert derived["carrying"][0]["percent"] == 30 and derived["carrying"][0]["up_to_lbs"] == "48"


def test_sprint_and_run_speeds() -> None:
    derived = check(attributes=STRONG)["derived"]["running"]
    expected = running(4, 4, action=8)
    assert Fraction(derived["sprint"]["speed"]) == expected.pace("sprint").speed == 18
    assert derived["sprint"]["unit"] == "ft/s" and derived["sprint"]["roll_every"] == 4
    assert Fraction(derived["run"]["speed"]) == expected.pace("run").speed == Fraction(15, 100)
    assert derived["distance"]["mph"] == "5.0" and derived["stroll"]["speed"] == "2"


def test_trait_total_of_the_seeds_perception_example() -> None:
    tree = skill("Alertness", 2, focus("Empathy", 4, spec("Sense Motive", 1)))
    result = check(skills=[tree])
    picks = {(t["attribute"], t["path"]): t for t in result["derived"]["traits"]}
    assert picks[("perception", "skills.0.focuses.0.specialties.0")]["total"] == 10
    assert picks[("perception", "skills.0.focuses.0.specialties.0")]["label"] == \
        "Perception + Alertness / Empathy / Sense Motive"
    assert picks[("perception", None)]["total"] == 3
    options = call("facade.character.traits", {"character": result["character"]})["options"]
    assert {"label": "Perception + Alertness / Empathy / Sense Motive", "value": 10, "attribute": "perception",
            "path": "skills.0.focuses.0.specialties.0"} in options
    assert len(options) == 15 + 3 * 15


def test_traits_skip_skills_that_add_nothing_and_invalid_attributes() -> None:
    result = check(attributes={"luck": 9}, skills=[skill("Idle", 0, focus("None", 0))])
    assert [t for t in result["derived"]["traits"] if t["path"]] == []
    assert "luck" not in {t["attribute"] for t in result["derived"]["traits"]}


def test_cascade_levels_feed_trait_totals() -> None:
    tree = skill("Athletics", 0, focus("Dodge", 0, spec("Roll", 0, 5)))
    result = check(settings={"skills": "cascade"}, skills=[tree], attributes={"agility": 4})
    pick = next(t for t in result["derived"]["traits"]
                if t["attribute"] == "agility" and t["path"] == "skills.0.focuses.0.specialties.0")
    assert pick["total"] == 4 + 1 + 2 + 4


def test_check_lists_a_limited_number_of_picks_and_says_so() -> None:
    skills = [skill(f"S{i}", 1) for i in range(30)] + [skill("Extra", 1)]
    result = check(skills=skills)
    assert result["derived"]["traits_complete"] is False
    assert len(result["derived"]["traits"]) == 15 + 30 * 15
    assert len(call("facade.character.traits", {"character": result["character"]})["options"]) == 15 + 31 * 15
