"""``python -m rollwright``: the JSON contract of dist, roll output, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rollwright.dice.rolling import roll

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rollwright", *args], cwd=REPO, capture_output=True, text=True, timeout=60
    )


def test_dist_json_contract_d4() -> None:
    result = run("dist", "d4", "--json")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert list(data) == ["notation", "depth", "outcomes", "mean"]
    assert data == {
        "notation": "d4",
        "depth": 9,
        "outcomes": [[1, "1/4"], [2, "1/4"], [3, "1/4"], [4, "1/4"]],
        "mean": 2.5,
    }


def test_dist_json_contract_2d6() -> None:
    result = run("dist", "2d6", "--json", "--depth", "3")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {
        "notation": "2d6",
        "depth": 3,
        "outcomes": [
            [2, "1/36"], [3, "1/18"], [4, "1/12"], [5, "1/9"], [6, "5/36"], [7, "1/6"],
            [8, "5/36"], [9, "1/9"], [10, "1/12"], [11, "1/18"], [12, "1/36"],
        ],
        "mean": 7.0,
    }


def test_dist_json_certainty_is_p_over_q() -> None:
    data = json.loads(run("dist", "(3)", "--json").stdout)
    assert data["outcomes"] == [[3, "1/1"]] and data["notation"] == "(3)"


def test_dist_table() -> None:
    result = run("dist", "2D6")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2d6")
    assert any(line.split()[:3] == ["7", "16.6667%", "58.3333%"] for line in lines)
    assert lines[-1].startswith("mean 7.0000") and "stdev 2.4152" in lines[-1]


def test_roll_json_matches_the_engine() -> None:
    result = run("roll", "2d10+d4", "--seed", "42", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == roll("2d10+d4", seed=42).to_dict()


def test_roll_text_shows_every_die_and_the_seed() -> None:
    result = run("roll", "10k5", "--seed", "7")
    assert result.returncode == 0
    assert "10+1" in result.stdout and "[3]" in result.stdout
    assert "total: 42" in result.stdout and "--seed 7" in result.stdout


def test_roll_without_seed_prints_a_seed_that_reproduces_it() -> None:
    result = run("roll", "3d6", "--json")
    data = json.loads(result.stdout)
    assert roll("3d6", seed=data["seed"]).to_dict() == data
    text = run("roll", "3d6").stdout
    assert "random seed" in text and "--seed" in text


def test_negative_notation_after_double_dash() -> None:
    result = run("roll", "--seed", "1", "--json", "--", "-d4+2")
    assert result.returncode == 0 and json.loads(result.stdout)["notation"] == "-d4+2"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["dist", "2d+1"], "error: expected a number of sides after 'd' (as in '2d6') at position 3 in '2d+1'"),
        (["dist", "d1!"], "would explode forever"),
        (["dist", "100d1000"], "roll it instead"),
        (["roll", "2d+1"], "at position 3 in '2d+1'"),
        (["roll", "((((((((((1))))))))))"], "nested"),
        (["dist", "d6!", "--depth", "21"], "cap of 20"),
        (["roll", "d6", "--depth", "-1"], "0 or more"),
        (["dist", "1+" * 5000 + "1"], "cap is 200"),
        (["call", "dice.dist", "{bad json"], "not valid JSON"),
        (["call", "dice.dist", "[1, 2]"], "JSON object"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert words in lines[0]
    assert len(lines[0]) < 400


def test_call_and_calls_use_the_registry() -> None:
    pytest.importorskip("rollwright.kit.api")
    calls = run("calls")
    assert calls.returncode == 0, calls.stderr
    listing = json.loads(calls.stdout)
    assert isinstance(listing, list) and all("name" in entry for entry in listing)
    if any(entry["name"] == "dice.dist" for entry in listing):
        result = run("call", "dice.dist", '{"notation": "d4"}')
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["outcomes"][0] == [1, "1/4"]
    unknown = run("call", "no.such.call", "{}")
    assert unknown.returncode == 2 and len(unknown.stderr.splitlines()) == 1
