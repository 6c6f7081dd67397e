"""Every validation message: its code, severity, path, rule name and anchor; and what is never thrown away."""

from __future__ import annotations

from typing import Any

import pytest
from tests.systems.facade.character.character_docs import ANCHORS, background, check, codes, doc, focus, messages, modifier, skill, spec

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.character.check import check_character


def only(result: dict[str, Any], code: str) -> dict[str, Any]:
    found = messages(result, code)
    assert len(found) == 1, codes(result)
    return found[0]


def test_a_default_character_is_valid() -> None:
    result = check()
    assert result["valid"] and result["messages"] == []


@pytest.mark.parametrize(("fields", "pool_name"), [
    ({"attributes": {a: 6 for a in ("strength", "stamina", "health", "finesse", "grace")}}, "AP"),
    ({"skills": [skill(f"S{i}", 4, *[focus(f"F{j}", 4) for j in range(4)]) for i in range(8)]}, "SP"),
    ({"backgrounds": [background(kind="exponential", grade="extreme", level=8)]}, "BP"),
])
def test_over_budget_per_pool(fields: dict[str, Any], pool_name: str) -> None:
    result = check(**fields)
    message = only(result, "over-budget")
    assert message["severity"] == "error" and message["path"] == f"settings.budget.{pool_name}"
    assert (message["rule"], message["href"]) == ("Weighted point buy", "facade/creation/#weighted-point-buy")
    assert message["text"].startswith(f"{pool_name}: ") and "over" in message["text"]
    assert not result["valid"]


def test_over_budget_under_pool_buy_cites_pool_buy() -> None:
    message = only(check(method="pool-buy", attributes={"luck": 6}), "over-budget")
    assert message["href"] == "facade/creation/#weighted-pool-buy" and "15 over" in message["text"]


def test_converting_more_than_the_extra_points() -> None:
    message = only(check(conversions={"AP": 30, "SP": 30, "BP": 0}), "conversions-exceed")
    assert message["path"] == "conversions" and message["href"] == "facade/creation/#extra-points"
    assert "60 EP converted but only 50" in message["text"] and "10 too many" in message["text"]
    wp = only(check(method="pool-buy", conversions={"AP": 101}), "conversions-exceed")
    assert wp["href"] == "facade/creation/#weighted-pool-buy"


def test_bonus_points_back_count_towards_what_can_be_converted() -> None:
    result = check(conversions={"AP": 53}, modifiers=[modifier(grade="simple", level=3, negative=True)])
    assert "conversions-exceed" not in [c for c, _ in codes(result)]


@pytest.mark.parametrize("value", [9, 7, -1])
def test_attribute_out_of_0_to_6_is_kept_and_reported(value: int) -> None:
    result = check(attributes={"agility": value})
    message = only(result, "attribute-range")
    assert (message["path"], message["href"]) == ("attributes.agility", "facade/characters/#attributes")
    assert result["character"]["attributes"]["agility"] == value
    assert result["derived"]["categories"]["action"] is None and result["derived"]["running"] == {}


def test_attribute_zero_is_a_warning() -> None:
    result = check(attributes={"luck": 0})
    assert only(result, "attribute-zero")["severity"] == "warning" and result["valid"]


@pytest.mark.parametrize(("path", "tree"), [
    ("skills.0.level", skill("Athletics", 5)),
    ("skills.0.focuses.0.level", skill("Athletics", 0, focus("Dodge", 6))),
    ("skills.0.focuses.0.specialties.0.level", skill("Athletics", 0, focus("Dodge", 0, spec("Roll", -1)))),
])
def test_skill_level_outside_0_to_4(path: str, tree: dict[str, Any]) -> None:
    message = only(check(skills=[tree]), "skill-level")
    assert (message["path"], message["href"]) == (path, "facade/characters/#skills")


def test_cascade_ignores_typed_levels_but_checks_sp() -> None:
    tree = skill("Athletics", 9, focus("Dodge", 0, spec("Roll", 0, 6), spec("Flip", 0, "0.25"), spec("Fall", 0, -1)))
    result = check(settings={"skills": "cascade"}, skills=[tree])
    assert "skill-level" not in [c for c, _ in codes(result)]
    bad = messages(result, "specialty-sp")
    assert [m["path"] for m in bad] == [f"skills.0.focuses.0.specialties.{k}.sp" for k in range(3)]
    assert {m["href"] for m in bad} == {"facade/creation/#cascade-skills"}
    assert result["character"]["skills"][0]["focuses"][0]["specialties"][1]["sp"] == "0.25"


def test_unknown_grade_category_kind_and_classification() -> None:
    result = check(modifiers=[modifier(grade="huge", category="heart")],
                   backgrounds=[background(kind="weird", grade="tiny", classification="gossip")])
    assert sorted(codes(result)) == sorted([
        ("unknown-grade", "modifiers.0.grade"), ("unknown-category", "modifiers.0.category"),
        ("unknown-kind", "backgrounds.0.kind"), ("unknown-grade", "backgrounds.0.grade"),
        ("unknown-classification", "backgrounds.0.classification")])
    assert result["character"]["modifiers"][0]["grade"] == "huge"
    assert only(check(backgrounds=[background(kind="individual")]), "unknown-kind")["text"].count("no cost table") == 1


def test_modifier_and_background_levels() -> None:
    assert only(check(modifiers=[modifier(level=7)]), "modifier-range")["href"] == "facade/creation/#modifiers"
    assert only(check(backgrounds=[background(level=13)]), "background-range")["path"] == "backgrounds.0.level"
    assert only(check(modifiers=[modifier(level=-2)]), "modifier-range")["text"].endswith("below the allowed 0-6.")


def test_liability_classification_mismatch_is_a_warning() -> None:
    message = only(check(backgrounds=[background(liability=True, classification="resources")]),
                   "classification-mismatch")
    assert message["severity"] == "warning" and message["href"] == "facade/characters/#liabilities"


@pytest.mark.parametrize(("fields", "path"), [
    ({"modifiers": [modifier(f"M{i}", level=0) for i in range(41)]}, "modifiers"),
    ({"backgrounds": [background(f"B{i}", level=0) for i in range(41)]}, "backgrounds"),
    ({"skills": [skill(f"S{i}") for i in range(31)]}, "skills"),
    ({"skills": [skill("S", 0, *[focus(f"F{j}") for j in range(11)])]}, "skills.0.focuses"),
    ({"skills": [skill("S", 0, focus("F", 0, *[spec(f"X{k}") for k in range(11)]))]}, "skills.0.focuses.0.specialties"),
])
def test_too_many_items(fields: dict[str, Any], path: str) -> None:
    result = check(**fields)
    message = only(result, "too-many")
    assert message["path"] == path and len(result["character"][path.split(".")[0]]) >= 1


def test_names_too_long() -> None:
    long = "x" * 81
    result = check(name=long, modifiers=[modifier(long)], skills=[skill(long)], backgrounds=[background(long)])
    assert sorted(p for c, p in codes(result) if c == "name-too-long") == [
        "backgrounds.0.name", "modifiers.0.name", "name", "skills.0.name"]
    assert result["character"]["name"] == long
    assert only(check(notes="n" * 4001), "too-long")["path"] == "notes"
    assert check(name="x" * 80)["valid"]


def test_negative_values() -> None:
    result = check(conversions={"AP": -3}, settings={"budget": {"AP": -1, "SP": 200, "BP": 50, "EP": 50}})
    assert sorted(p for c, p in codes(result) if c == "negative-value") == ["conversions.AP", "settings.budget.AP"]


def test_settings_messages() -> None:
    result = check(method="lottery", settings={"skills": "magic", "liabilities": "never", "formula": "elf",
                                               "bp_from_age": "cube"})
    assert sorted(p for c, p in codes(result) if c in ("unknown-option", "unknown-method")) == [
        "method", "settings.bp_from_age", "settings.formula", "settings.liabilities", "settings.skills"]
    assert ("age-missing", "settings.age") in codes(result)
    assert only(check(settings={"age": 0}), "out-of-range")["path"] == "settings.age"
    assert only(check(bodyweight=5000), "out-of-range")["path"] == "bodyweight"
    ignored = only(check(method="pool-buy", settings={"age": 30, "bp_from_age": "double"}), "ignored-setting")
    assert ignored["severity"] == "warning"


def test_unreadable_values_fall_back_and_are_reported() -> None:
    result = check(attributes={"wits": "abc", "luck": "4", "will": 5.0},
                   modifiers=[{"name": ["x"], "level": "high", "negative": "maybe"}])
    assert result["character"]["attributes"]["wits"] == 3
    assert result["character"]["attributes"]["luck"] == 4 and result["character"]["attributes"]["will"] == 5
    assert sorted(p for c, p in codes(result) if c == "unreadable") == [
        "attributes.wits", "modifiers.0.level", "modifiers.0.name", "modifiers.0.negative"]
    assert "'abc' is not a whole number" in messages(result, "unreadable")[0]["text"]


def test_unknown_keys_are_kept_with_a_warning_naming_them() -> None:
    """Issue 30: they were left out, so an import and a save lost them."""
    result = check(colour="red", attributes={"luck": 3, "speed": 4},
                   skills=[{"name": "A", "level": 0, "focuses": [], "attribute": "agility"}])
    found = messages(result, "unknown-keys")
    assert [(m["path"], m["severity"]) for m in found] == [("", "warning"), ("attributes", "warning"),
                                                           ("skills.0", "warning")]
    assert "'colour' is kept" in found[0]["text"] and "'speed' is kept" in found[1]["text"]
    assert result["character"]["colour"] == "red" and result["character"]["attributes"]["speed"] == 4
    assert result["character"]["skills"][0]["attribute"] == "agility"
    assert result["valid"]


def test_duplicate_and_unnamed_skills_are_warnings() -> None:
    result = check(skills=[skill("Athletics"), skill("athletics"), skill("")])
    assert ("duplicate-name", "skills.1") in codes(result) and ("unnamed", "skills.2.name") in codes(result)
    assert result["valid"]


def test_every_message_links_a_contract_anchor() -> None:
    result = check(method="lottery", attributes={"luck": 9, "wits": 0}, conversions={"AP": 99, "SP": -1},
                   settings={"skills": "magic", "bp_from_age": "cube", "formula": "elf"}, bodyweight=0,
                   modifiers=[modifier("", grade="huge", level=9, category="x")] * 41,
                   skills=[skill("A", 7), skill("A")],
                   backgrounds=[background("x" * 90, kind="individual", level=20, liability=True,
                                           classification="status")])
    assert len(result["messages"]) > 20
    for m in result["messages"]:
        assert m["severity"] in ("error", "warning") and m["text"] and m["rule"]
        assert m["href"] in ANCHORS, m


@pytest.mark.parametrize("bad", [
    [1, 2], "Ada", None, 3, {}, {"colour": "red"}, {"version": 3, "name": "x"}, {"version": "2", "name": "x"},
    {"schema": "someone/else", "name": "x"}, {"attributes": "strong", "skills": 4},
    {"name": "x", "skills": [{"name": "s"}] * 5001},
])
def test_unreadable_documents_raise_parameter_error(bad: Any) -> None:
    with pytest.raises(ParameterError) as caught:
        check_character(bad)
    assert caught.value.field == "character" and caught.value.message.startswith("character: ")


def test_the_registry_refuses_a_non_object_before_any_work() -> None:
    with pytest.raises(ParameterError) as caught:
        call("facade.character.check", {"character": [1]})
    assert caught.value.field == "character"


def test_version_2_document_without_version_is_read() -> None:
    data = doc()
    del data["version"], data["schema"]
    assert check_character(data)["valid"]
