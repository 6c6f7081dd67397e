"""``dice.odds``, the Dice page's call: exact series in every view, the target, errors that name their field."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollwright.dice.notation import distribution
from rollwright.dice.notation.limits import MAX_WORK
from rollwright.errors import LimitError, NotationError, ParameterError
from rollwright.kit.api import call, call_json
from rollwright.kit.numbers import fraction_text

CASES = ["10k5", "4d6kh3", "3d10+d6", "od20", "d8!", "d8!>=7", "2d20kl1", "6d10dh2", "4d6!kh3", "d6-d6", "-d4+3"]


def _series(data: dict, index: int = 0) -> list[tuple[int, Fraction]]:
    return [(v, Fraction(p)) for v, p in data["rolls"][index]["series"]]


@pytest.mark.parametrize("notation", CASES)
def test_every_view_is_the_exact_distribution(notation: str) -> None:
    dist = distribution(notation)
    exactly = call("dice.odds", {"e1": notation})
    at_least = call("dice.odds", {"e1": notation, "view": "at-least"})
    at_most = call("dice.odds", {"e1": notation, "view": "at-most"})
    assert _series(exactly) == dist.probabilities()
    assert _series(at_least) == [(v, dist.at_least(v)) for v in dist.outcomes()]
    assert _series(at_most) == [(v, dist.at_most(v)) for v in dist.outcomes()]
    roll = exactly["rolls"][0]
    assert Fraction(roll["mean"]) == dist.mean() and Fraction(roll["variance"]) == dist.variance()
    assert roll["stdev"] == pytest.approx(dist.stdev()) and (roll["min"], roll["max"]) == (dist.min_outcome,
                                                                                          dist.max_outcome)


def test_up_to_four_expressions_with_labels_and_a_target() -> None:
    data = call("dice.odds", {"e1": "3d6", "l1": "  Plain  ", "e2": "", "e3": "4D6 kh3", "l3": "Best three",
                              "e4": "2d10", "target": 12})
    assert [(r["field"], r["label"], r["notation"]) for r in data["rolls"]] == [
        ("e1", "Plain", "3d6"), ("e3", "Best three", "4d6kh3"), ("e4", "", "2d10")]
    assert [r["p_target"] for r in data["rolls"]] == [
        fraction_text(distribution(n).at_least(12)) for n in ("3d6", "4d6kh3", "2d10")]
    assert data["rolls"][0]["p_target"] == "3/8" and data["target"] == 12 and data["view"] == "exactly"
    assert call("dice.odds", {"e1": "d6"})["rolls"][0]["p_target"] is None
    assert call("dice.odds", {"e1": "d6", "target": 7})["rolls"][0]["p_target"] == "0/1"
    assert call("dice.odds", {"e1": "d6", "target": 1})["rolls"][0]["p_target"] == "1/1"


def test_explosions_are_flagged_so_the_depth_cap_is_stated() -> None:
    data = call("dice.odds", {"e1": "10k5", "e2": "4d6kh3", "e3": "d8!>=7", "e4": "od20"})
    assert [r["explodes"] for r in data["rolls"]] == [True, False, True, False] and data["depth"] == 9


@pytest.mark.parametrize("params, field, kind, start", [
    ({"e1": "3d6", "e2": "2d+1"}, "e2", "notation", "expression 2: expected a number of sides"),
    ({"e1": "3d6", "e4": "d6!>=1"}, "e4", "notation", "expression 4: 'd6!>=1' would explode"),
    ({"e1": "3d6", "e3": "101d6"}, "e3", "limit", "expression 3: 101 dice"),
    ({"e1": "d1001"}, "e1", "limit", "expression 1: "),
    ({"e1": "", "e2": "  "}, "e1", "parameter", "type a dice expression"),
    ({"e1": "d6", "view": "sideways"}, "view", "parameter", "dice.odds: 'view' must be one of"),
])
def test_errors_name_the_field_that_holds_the_fault(params: dict, field: str, kind: str, start: str) -> None:
    envelope = json.loads(call_json("dice.odds", json.dumps(params)))
    assert envelope["ok"] is False
    error = envelope["error"]
    assert (error["field"], error["kind"]) == (field, kind) and error["message"].startswith(start), error
    if kind == "notation":
        assert "position" in error and f"at position {error['position'] + 1}" in error["message"]


def test_expressions_share_one_work_cap_checked_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    from rollwright.dice.notation import evaluation

    def no_work(*args: object) -> None:
        raise AssertionError("started computing over the cap")

    monkeypatch.setattr(evaluation, "_leaf_distribution", no_work)
    big = "80d20kh40"  # about 35% of the cap: two fit, three do not
    with pytest.raises(LimitError) as info:
        call("dice.odds", {"e1": big, "e2": big, "e3": big})
    assert info.value.limit == "work" and info.value.field == "e3"
    assert f"cap {MAX_WORK:,} for all of them together" in info.value.message


def test_dice_calls_name_the_notation_field() -> None:
    for name, params in (("dice.dist", {"notation": "2d"}), ("dice.roll", {"notation": "2d", "seed": 1}),
                         ("dice.dist", {"notation": "101d6"})):
        error = json.loads(call_json(name, json.dumps(params)))["error"]
        assert error["field"] == "notation", error
    with pytest.raises(NotationError) as info:
        call("dice.compare", {"a": "d6", "b": "2d"})
    assert info.value.field == "b" and info.value.to_dict()["field"] == "b"
    with pytest.raises(ParameterError):
        call("dice.odds", {"e1": "d6", "l1": "x" * 41})
