"""The call registry: validation, envelopes and the shape of every call's answer."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollwright.kit.api import call, call_json, describe
from rollwright.errors import ParameterError, UnknownCallError

SAMPLE_CALLS = [
    ("facade.traits", {}),
    ("facade.success_levels", {}),
    ("facade.roll", {"trait": 14, "difficulty": 12, "seed": 42}),
    ("facade.roll", {"trait": 3, "seed": 0}),
    ("facade.odds", {"trait": 10, "difficulty": 10}),
    ("facade.contest", {"trait_a": 12, "trait_b": 9}),
    ("dice.roll", {"notation": "10k5", "seed": 7}),
    ("dice.dist", {"notation": "3d10+d6"}),
    ("widget.render", {"widget": "facade-roller", "params": {"trait": 8, "seed": 5}}),
    ("widget.render", {"widget": "facade-odds", "params": {"trait": 12, "difficulty": 14}}),
    ("widget.render", {"widget": "facade-contest", "params": {"trait_a": 12, "trait_b": 10}}),
]


def test_describe_lists_every_call_with_parameters() -> None:
    calls = {c["name"]: c for c in describe()}
    assert {"facade.traits", "facade.odds", "facade.roll", "facade.contest", "dice.roll", "dice.dist",
            "widget.render"} <= set(calls)
    trait = next(p for p in calls["facade.odds"]["params"] if p["name"] == "trait")
    assert (trait["minimum"], trait["maximum"], trait["required"]) == (1, 18, True)


@pytest.mark.parametrize("name, params", SAMPLE_CALLS)
def test_every_answer_is_plain_json(name: str, params: dict) -> None:
    result = call(name, params)
    assert json.loads(json.dumps(result)) == result
    envelope = json.loads(call_json(name, json.dumps(params)))
    assert envelope == {"ok": True, "result": result}


@pytest.mark.parametrize("params, field, message", [
    ({"trait": 19, "difficulty": 5}, "trait", "facade.odds: 'trait' must be at most 18 (got 19)"),
    ({"trait": "ten", "difficulty": 5}, "trait", "must be a whole number (got 'ten')"),
    ({"trait": True, "difficulty": 5}, "trait", "must be a whole number"),
    ({"trait": 10}, "difficulty", "missing required parameter 'difficulty'"),
    ({"trait": 10, "difficulty": -1}, "difficulty", "at least 0"),
    ({"trait": 10, "difficulty": 5, "luck": 1}, "luck", "unknown parameter 'luck'"),
])
def test_bad_parameters_name_the_field(params: dict, field: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        call("facade.odds", params)
    assert caught.value.field == field
    envelope = json.loads(call_json("facade.odds", json.dumps(params)))
    assert envelope["ok"] is False and envelope["error"]["field"] == field


def test_unknown_call_lists_real_ones() -> None:
    with pytest.raises(UnknownCallError, match="known calls: .*facade.odds"):
        call("facade.oods", {})


def test_call_json_reports_bad_json_and_notation_errors() -> None:
    bad_json = json.loads(call_json("facade.odds", "{trait: 10"))
    assert bad_json["ok"] is False and bad_json["error"]["kind"] == "parameter"
    bad_dice = json.loads(call_json("dice.dist", '{"notation": "2d+1"}'))["error"]
    assert bad_dice["kind"] == "notation" and bad_dice["position"] == 2


def test_internal_errors_are_reported_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from rollwright.kit import registry

    def broken() -> dict:
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(registry.REGISTRY, "test.broken", registry.Call("test.broken", "", (), broken))
    error = json.loads(call_json("test.broken", "{}"))["error"]
    assert error == {"kind": "internal", "message": "test.broken failed: ZeroDivisionError: boom"}


def test_roll_is_reproducible_from_its_seed_and_judged() -> None:
    first = call("facade.roll", {"trait": 14, "difficulty": 12, "seed": 42})
    assert first == call("facade.roll", {"trait": 14, "difficulty": 12, "seed": 42})
    faces = [f for term in first["roll"]["terms"] for die in term["dice"] for f in die["faces"]]
    assert sum(faces) == first["total"] and len(faces) == 3  # 2d10+d8, Façade dice never explode
    assert first["outcome"]["margin"] == first["total"] - 12


def test_odds_answer_is_exact_and_sums_to_one() -> None:
    odds = call("facade.odds", {"trait": 12, "difficulty": 14})
    assert odds["p_success"] == "1/2"  # 2d10+d4 is symmetric about 13.5
    assert sum(Fraction(o["p"]) for o in odds["outcomes"]) == 1
    success = sum(Fraction(o["p"]) for o in odds["outcomes"] if o["key"].startswith("level-"))
    assert success == Fraction(odds["p_success"])


def test_widget_render_carries_the_call_data_in_its_html() -> None:
    out = call("widget.render", {"widget": "facade-odds", "params": {"trait": 12, "difficulty": 14}})
    assert 'data-rw-p-success="1/2"' in out["html"] and out["data"]["p_success"] == "1/2"
    roll = call("widget.render", {"widget": "facade-roller", "params": {"trait": 14, "difficulty": 12, "seed": 42}})
    assert f'data-rw-total="{roll["data"]["total"]}"' in roll["html"]


def test_widget_render_rejects_unknown_widgets_and_passes_on_field_errors() -> None:
    with pytest.raises(ParameterError, match=r"no widget named .nope. \(widgets: .*facade-"):
        call("widget.render", {"widget": "nope", "params": {}})
    with pytest.raises(ParameterError) as caught:
        call("widget.render", {"widget": "facade-odds", "params": {"trait": 30, "difficulty": 1}})
    assert caught.value.field == "trait"


def test_user_text_is_escaped_in_error_and_html() -> None:
    with pytest.raises(ParameterError) as caught:
        call("facade.odds", {"trait": "<script>", "difficulty": 1})
    assert "<script>" in caught.value.message  # plain text; the page shows it with textContent
    html = call("widget.render", {"widget": "facade-roller", "params": {"trait": 8, "seed": 5}})["html"]
    assert "<script" not in html
