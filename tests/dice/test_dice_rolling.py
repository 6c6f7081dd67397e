"""Seeded rolling: every die reported, reproducible from the seed, caps obeyed."""

from __future__ import annotations

import json
import random

import pytest

from rollwright.dice.notation import parse
from rollwright.dice.rolling import DieRoll, RollReport, roll, roll_die, roll_with
from rollwright.errors import NotationError, ParameterError

# Golden rolls. random.Random(seed).randint gives these on CPython 3.11 and on
# Pyodide's 3.14 alike; a change here breaks every reader's saved roll.
GOLDEN = [
    ("2d10+d4", 42, 9, 6, [[(2,), (1,)], [(3,)]]),
    ("10k5", 7, 9, 42, [[(6,), (3,), (7,), (1,), (2,), (9,), (2,), (6,), (10, 1), (9,)]]),
    ("3d6-2", 2024, 9, 10, [[(4,), (2,), (6,)], []]),
    ("d8!", 9, 9, 14, [[(8, 6)]]),
    ("od20", 31, 9, -15, [[(1,), (16,)]]),
    ("od20", 5, 9, 29, [[(20,), (9,)]]),
    ("4d6kh3", 42, 9, 13, [[(6,), (1,), (1,), (6,)]]),
    ("6d10dh2", 5, 9, 20, [[(10,), (5,), (6,), (9,), (1,), (8,)]]),
    ("d8!>=7", 0, 9, 15, [[(7, 7, 1)]]),
    ("4d6!kh3", 5, 9, 37, [[(5,), (3,), (6, 3), (6, 6, 6, 5)]]),
    ("3d6!>=5", 5, 2, 35, [[(5, 3), (6, 3), (6, 6, 6)]]),
    ("5d8!>=7dl2", 0, 9, 49, [[(7, 7, 1), (5,), (8, 7, 5), (8, 6), (4,)]]),
]

# Which dice the golden keep/drop rolls keep (ties: the earlier die is kept).
GOLDEN_KEPT = [
    ("4d6kh3", 42, [True, True, False, True]),
    ("2d20kl1", 7, [False, True]),
    ("6d10dh2", 5, [False, True, True, False, True, True]),
    ("4d6dl1", 11, [True, True, True, False]),
    ("4d6!kh3", 5, [True, False, True, True]),
    ("5d8!>=7dl2", 0, [True, False, True, True, False]),
]


@pytest.mark.parametrize(("notation", "seed", "depth", "total", "faces"), GOLDEN)
def test_golden_rolls(notation: str, seed: int, depth: int, total: int, faces: list) -> None:
    report = roll(notation, seed=seed, depth=depth)
    assert report.total == total
    assert [[die.faces for die in term.dice] for term in report.terms] == faces


@pytest.mark.parametrize(("notation", "seed", "kept"), GOLDEN_KEPT)
def test_golden_keep_drop_marks(notation: str, seed: int, kept: list[bool]) -> None:
    term = roll(notation, seed=seed).terms[0]
    assert [die.kept for die in term.dice] == kept
    assert term.kind == "dice" and term.value == sum(die.value for die in term.dice if die.kept)


def test_to_dict_shape_is_flat_and_json_able() -> None:
    data = roll("2d10+d4-3", seed=42).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data) == ["notation", "seed", "depth", "total", "terms"]
    assert data["notation"] == "2d10+d4-3" and data["seed"] == 42 and data["depth"] == 9
    assert data["total"] == 3
    first, _, constant = data["terms"]
    assert first == {
        "kind": "dice", "text": "2d10", "sign": 1, "value": 3,
        "dice": [
            {"sides": 10, "faces": [2], "sign": 1, "value": 2, "exploded": False, "capped": False, "kept": True},
            {"sides": 10, "faces": [1], "sign": 1, "value": 1, "exploded": False, "capped": False, "kept": True},
        ],
    }
    assert constant == {"kind": "constant", "text": "3", "sign": -1, "value": 3, "dice": []}


def test_open_d20_low_shows_the_subtracted_die() -> None:
    data = roll("od20", seed=31).to_dict()
    term = data["terms"][0]
    assert term["kind"] == "open" and term["value"] == -15
    main, extra = term["dice"]
    assert main["faces"] == [1] and main["exploded"] is True
    assert extra["faces"] == [16] and extra["sign"] == -1 and extra["value"] == -16


def test_capped_explosion_is_flagged() -> None:
    die = roll("d4!", seed=0, depth=1).terms[0].dice[0]
    assert die.faces == (4, 4) and die.capped and die.exploded


def test_explosions_obey_the_depth_cap() -> None:
    for seed in range(300):
        for depth in (0, 1, 3):
            for die in roll("3d2!", seed=seed, depth=depth).terms[0].dice:
                assert 1 <= len(die.faces) <= depth + 1
                assert all(face == 2 for face in die.faces[:-1])
                assert die.exploded == (len(die.faces) > 1)
                assert die.capped == (die.faces[-1] == 2)


def test_roll_and_keep_keeps_the_highest() -> None:
    for seed in range(200):
        term = roll("6k3", seed=seed).terms[0]
        kept = [die.value for die in term.dice if die.kept]
        dropped = [die.value for die in term.dice if not die.kept]
        assert len(kept) == 3 and len(dropped) == 3
        assert min(kept) >= max(dropped)
        assert term.value == sum(kept)
        assert all(all(f == 10 for f in die.faces[:-1]) for die in term.dice)


@pytest.mark.parametrize(("notation", "kept", "highest"), [
    ("4d6kh3", 3, True), ("2d20kl1", 1, False), ("4d6dl1", 3, True), ("6d10dh2", 4, False),
    ("5d4!kh2", 2, True), ("6d6!>=5dl2", 4, True), ("3d8!>=7kl1", 1, False), ("4d6kh4", 4, True),
])
def test_keep_and_drop_mark_dice_by_their_totals(notation: str, kept: int, highest: bool) -> None:
    for seed in range(150):
        term = roll(notation, seed=seed).terms[0]
        values = [die.value for die in term.dice if die.kept]
        others = [die.value for die in term.dice if not die.kept]
        assert len(values) == kept and len(values) + len(others) == len(term.dice)
        if others:
            assert min(values) >= max(others) if highest else max(values) <= min(others)
        assert term.value == sum(values)
        assert roll(notation, seed=seed).total == term.value


def test_roll_and_keep_rolls_like_exploding_d10s_keep_highest() -> None:
    for seed in range(50):
        pool, dice = roll("6k3", seed=seed), roll("6d10!kh3", seed=seed)
        assert pool.total == dice.total and pool.terms[0].dice == dice.terms[0].dice


def test_threshold_explosions_are_shown_and_capped() -> None:
    for seed in range(200):
        for depth in (0, 1, 3):
            for die in roll("4d8!>=7", seed=seed, depth=depth).terms[0].dice:
                assert 1 <= len(die.faces) <= depth + 1
                assert all(face >= 7 for face in die.faces[:-1])
                assert die.exploded == (len(die.faces) > 1)
                assert die.capped == (die.faces[-1] >= 7)
                assert die.capped == (len(die.faces) == depth + 1 and die.faces[-1] >= 7)


def test_explosions_happen_before_keeping() -> None:
    report = roll("4d6!kh3", seed=5)
    top = report.terms[0].dice[3]
    assert top.faces == (6, 6, 6, 5) and top.kept and top.value == 23


def test_new_forms_print_dropped_dice_in_brackets() -> None:
    from rollwright.cli import format_roll

    text = format_roll(roll("4d6kh3", seed=42))
    assert "6, 1, [1], 6" in text and "total: 13" in text and "[x] = dropped die" in text


def test_ties_keep_the_earlier_die() -> None:
    term = roll("10k5", seed=7).terms[0]
    assert [die.kept for die in term.dice] == [True, False, True, False, False, True, False, False, True, True]


def test_plain_dice_never_explode() -> None:
    for seed in range(100):
        for die in roll("5d6", seed=seed).terms[0].dice:
            assert len(die.faces) == 1 and not die.exploded and not die.capped and die.kept


def test_signs_follow_groups_and_unary_minus() -> None:
    report = roll("-(d6-d4)+2", seed=3)
    assert [term.sign for term in report.terms] == [-1, 1, 1]
    assert report.total == -report.terms[0].value + report.terms[1].value + 2


def test_same_seed_same_roll_and_expr_input() -> None:
    assert roll("4d6+od20", seed=99) == roll(parse("4D6 + OD20"), seed=99)
    assert roll("4d6+od20", seed=99) != roll("4d6+od20", seed=100)


def test_roll_with_shares_a_generator() -> None:
    rng = random.Random(42)
    first = roll_with(rng, "2d10")
    second = roll_with(rng, "d4")
    assert [d.faces for d in first[0].dice + second[0].dice] == [(2,), (1,), (3,)]


def test_roll_die_helper() -> None:
    die = roll_die(random.Random(9), 8, explode=True)
    assert isinstance(die, DieRoll) and die.faces == (8, 6) and die.value == 14


def test_bad_input() -> None:
    with pytest.raises(NotationError):
        roll("2d+1", seed=1)
    with pytest.raises(ParameterError):
        roll("d6", seed="x")  # type: ignore[arg-type]
    with pytest.raises(ParameterError):
        roll("d6!", seed=1, depth=-1)


def test_report_type() -> None:
    assert isinstance(roll("d6", seed=1), RollReport)
