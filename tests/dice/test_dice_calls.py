"""The dice registry calls (dice.dist, dice.compare, dice.roll) and the CLI on the new notations."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from rollwright.kit.api import call, call_json
from rollwright.kit.calls.dice import distribution_report
from rollwright.cli import main
from rollwright.dice.notation import distribution, margin
from rollwright.dice.rolling import roll
from rollwright.errors import LimitError, NotationError, ParameterError


# --- dice.dist ------------------------------------------------------------------
def test_dist_adds_stdev_min_and_max_after_the_old_keys() -> None:
    report = call("dice.dist", {"notation": "4d6kh3"})
    assert list(report) == ["notation", "depth", "outcomes", "mean", "stdev", "min", "max"]
    assert (report["min"], report["max"]) == (3, 18)
    assert report["outcomes"][-1] == [18, "7/432"]
    exact = distribution("4d6kh3")
    assert report["stdev"] == math.sqrt(exact.variance())
    assert report["mean"] == float(Fraction(15869, 1296))
    assert {k: report[k] for k in ("notation", "depth", "outcomes", "mean")} == distribution_report("4d6kh3")


def test_dist_of_a_certainty_has_no_spread() -> None:
    report = call("dice.dist", {"notation": "(3)"})
    assert (report["stdev"], report["min"], report["max"]) == (0.0, 3, 3)


@pytest.mark.parametrize("notation", ["4d6kh3", "2d20kl1", "4d6dl1", "6d10dh2", "d8!>=7", "3d6!>=5", "4d6!kh3", "10k5"])
def test_cli_dist_json_contract_is_unchanged_for_new_forms(notation: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dist", notation, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["notation", "depth", "outcomes", "mean"]
    assert data == distribution_report(notation)
    assert sum(Fraction(p) for _, p in data["outcomes"]) == 1


def test_cli_roll_json_covers_new_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "5d8!>=7dl2", "--seed", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == roll("5d8!>=7dl2", seed=0).to_dict() == call("dice.roll", {"notation": "5d8!>=7dl2", "seed": 0})
    dice = data["terms"][0]["dice"]
    assert [d["faces"] for d in dice] == [[7, 7, 1], [5], [8, 7, 5], [8, 6], [4]]
    assert [d["kept"] for d in dice] == [True, False, True, True, False]
    assert data["total"] == 49


@pytest.mark.parametrize(("notation", "words"), [
    ("d8!>=1", "never end"), ("4d6k+3", "'kh' the highest"), ("4d6kh3!", "write '!' before the keep"),
])
def test_cli_refuses_bad_new_forms_with_one_line(notation: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dist", notation]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and f"in '{notation}'" in err


# --- dice.compare ---------------------------------------------------------------
def test_compare_shape_and_exact_values() -> None:
    result = call("dice.compare", {"a": "d6", "b": "d4"})
    assert list(result) == ["a", "b", "depth", "greater", "equal", "less", "margin"]
    assert (result["a"], result["b"], result["depth"]) == ("d6", "d4", 9)
    assert (result["greater"], result["equal"], result["less"]) == ("7/12", "1/6", "1/4")
    assert result["margin"] == [[-3, "1/24"], [-2, "1/12"], [-1, "1/8"], [0, "1/6"], [1, "1/6"],
                                [2, "1/6"], [3, "1/8"], [4, "1/12"], [5, "1/24"]]
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize(("a", "b", "depth"), [
    ("4d6kh3", "3d6", 9), ("2d20kh1", "2d20kl1", 9), ("10k5", "3d10+d6", 9), ("d8!>=7", "d8!", 2), ("od20", "d20+5", 0),
])
def test_compare_agrees_with_the_margin(a: str, b: str, depth: int) -> None:
    result = call("dice.compare", {"a": a, "b": b, "depth": depth})
    exact = margin(a, b, depth=depth)
    parts = [Fraction(result[key]) for key in ("greater", "equal", "less")]
    assert parts == [exact.at_least(1), exact.probability(0), exact.at_most(-1)]
    assert sum(parts) == 1
    assert [[v, Fraction(p)] for v, p in result["margin"]] == [[v, p] for v, p in exact.probabilities()]


def test_compare_of_equal_expressions_is_fair() -> None:
    result = call("dice.compare", {"a": "2d10+d4", "b": "2d10 + 1d4"})
    assert result["greater"] == result["less"] and result["a"] == result["b"] == "2d10+d4"


def test_compare_errors_name_the_field() -> None:
    with pytest.raises(NotationError) as info:
        call("dice.compare", {"a": "2d6", "b": "2d+1"})
    assert info.value.message.startswith("b: expected a number of sides") and info.value.position == 2
    envelope = json.loads(call_json("dice.compare", '{"a": "d6!>=1", "b": "d6"}'))
    assert envelope["ok"] is False and envelope["error"]["kind"] == "notation"
    assert envelope["error"]["message"].startswith("a: ") and envelope["error"]["position"] == 5
    with pytest.raises(LimitError) as limit:
        call("dice.compare", {"a": "d6", "b": "101d6"})
    assert limit.value.limit == "dice" and limit.value.message.startswith("b: ")
    with pytest.raises(LimitError) as work:
        call("dice.compare", {"a": "100d20kh50", "b": "100d20kh50"})
    assert work.value.limit == "work" and "comparing" in work.value.message
    with pytest.raises(ParameterError):
        call("dice.compare", {"a": "d6"})
    with pytest.raises(ParameterError):
        call("dice.compare", {"a": "d6", "b": "d6", "depth": 21})
