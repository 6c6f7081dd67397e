"""Every hard cap raises LimitError, names itself, and fires before any work is done."""

from __future__ import annotations

import time

import pytest

import rollwright.dice.notation.evaluation as evaluation
import rollwright.dice.notation.parser as parser_module
from rollwright.dice.notation import distribution, estimate_margin_work, estimate_work, margin, parse
from rollwright.dice.notation.limits import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_INPUT_LENGTH,
    MAX_NESTING,
    MAX_SIDES,
    MAX_WORK,
    check_depth,
)
from rollwright.dice.rolling import roll
from rollwright.errors import LimitError, ParameterError


def limit_of(call, *args, **kwargs) -> LimitError:
    with pytest.raises(LimitError) as info:
        call(*args, **kwargs)
    return info.value


def test_caps_have_the_documented_values() -> None:
    assert (MAX_INPUT_LENGTH, MAX_NESTING, MAX_DICE, MAX_SIDES, MAX_DEPTH, MAX_CONSTANT) == (
        200, 8, 100, 1000, 20, 10**6
    )
    assert MAX_WORK == 4_500_000


# --- input length -------------------------------------------------------------
def test_length_cap_is_checked_before_lexing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_lexing(text: str) -> None:
        raise AssertionError("lexed a string that is over the length cap")

    monkeypatch.setattr(parser_module, "tokenize", no_lexing)
    err = limit_of(parse, "?" * 10_000)  # not even valid characters: length wins
    assert err.limit == "length" and "10000" in err.message


def test_length_cap_boundary() -> None:
    fits = "+".join(["1"] * 100)  # 199 characters
    assert len(fits) <= MAX_INPUT_LENGTH
    parse(fits)
    assert limit_of(parse, "1" + "+1" * 5000).limit == "length"
    assert limit_of(roll, "d6" + " " * MAX_INPUT_LENGTH, seed=1).limit == "length"


# --- nesting --------------------------------------------------------------------
def test_nesting_cap() -> None:
    err = limit_of(parse, "((((((((((1))))))))))")
    assert err.limit == "nesting" and err.position == MAX_NESTING
    parse("(" * MAX_NESTING + "1" + ")" * MAX_NESTING)
    assert limit_of(parse, "(" * 150 + "1").limit == "nesting"  # long before the missing ')'


# --- dice count ---------------------------------------------------------------
def test_dice_cap_per_term_and_in_total() -> None:
    parse(f"{MAX_DICE}d6")
    parse("50d6+40k2+9d4+od20")
    err = limit_of(parse, "101d6")
    assert (err.limit, err.position) == ("dice", 0)
    err = limit_of(parse, "60d6+41d4")
    assert (err.limit, err.position) == ("dice", 5)
    assert limit_of(parse, "99d6+2k1").limit == "dice"  # XkY counts X
    assert limit_of(parse, "100d6+od20").limit == "dice"
    assert limit_of(parse, "200k1").limit == "dice"
    assert limit_of(parse, "99999999999999999999d6").limit == "dice"


# --- sides ----------------------------------------------------------------------
def test_sides_cap() -> None:
    parse(f"d{MAX_SIDES}")
    err = limit_of(parse, "2d1001")
    assert (err.limit, err.position) == ("sides", 2)
    assert limit_of(parse, "d" + "9" * 50).limit == "sides"


# --- explosion depth ----------------------------------------------------------
def test_depth_cap() -> None:
    assert distribution("d6!", depth=MAX_DEPTH).max_outcome == 6 * (MAX_DEPTH + 1)
    assert limit_of(distribution, "d6!", depth=MAX_DEPTH + 1).limit == "depth"
    assert limit_of(roll, "d6!", seed=1, depth=1000).limit == "depth"
    assert limit_of(check_depth, 10**100).limit == "depth"
    for bad in (-1, 2.5, "9", True):
        with pytest.raises(ParameterError):
            distribution("d6!", depth=bad)  # type: ignore[arg-type]


# --- constants ------------------------------------------------------------------
def test_constant_cap() -> None:
    assert distribution(str(MAX_CONSTANT)).min_outcome == MAX_CONSTANT
    err = limit_of(parse, "d6+1000001")
    assert (err.limit, err.position) == ("constant", 3)
    assert limit_of(parse, "9" * 150).limit == "constant"


# --- work estimate ------------------------------------------------------------
def test_work_cap_refuses_before_computing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*args: object) -> None:
        raise AssertionError("started computing a distribution over the work cap")

    monkeypatch.setattr(evaluation, "_leaf_distribution", no_work)
    start = time.perf_counter()
    for text, depth in [("100d1000", 9), ("100d6!", 9), ("40k20", 9), ("30k15", 9), ("d1000+d1000+d1000+d1000+d1000+d1000", 9),
                        ("100d1000kh50", 9), ("100d20!kh50", 9), ("d1000!>=2", 9), ("d300!>=2", 20),
                        ("60d100kl30", 9), ("50d6!>=2kl25", 9), ("30d10!>=9dh10", 9), ("10d10!>=8kh5+10d10!>=8kh5", 20)]:
        err = limit_of(distribution, text, depth=depth)
        assert err.limit == "work" and "roll it instead" in err.message
    assert time.perf_counter() - start < 1.0


def test_capped_expressions_can_still_be_rolled() -> None:
    report = roll("100d1000", seed=5)
    assert len(report.terms[0].dice) == 100
    assert 100 <= report.total <= 100_000


@pytest.mark.parametrize(("text", "depth"), [
    ("10k5", 9), ("10k10", 9), ("3d1000", 9), ("100d20", 9), ("d1000!", 20), ("3k3", 20), ("20k10", 9), ("10k5", 20),
    ("4d6kh3", 20), ("10d10kh5", 9), ("20d6kh10", 9), ("100d6kh50", 9), ("100d6dl1", 9), ("2d20kl1", 9),
    ("100d20kh50", 9), ("d100!>=2", 9), ("10d10!>=8kh5", 20), ("4d6!kh3", 20), ("d20!>=2", 20),
])
def test_everyday_expressions_fit_under_the_work_cap(text: str, depth: int) -> None:
    assert estimate_work(parse(text), depth) <= MAX_WORK


def test_estimate_grows_with_the_work() -> None:
    assert estimate_work(parse("d6")) < estimate_work(parse("2d6")) < estimate_work(parse("20d6"))
    assert estimate_work(parse("3k2"), 2) < estimate_work(parse("3k2"), 9) < estimate_work(parse("6k3"), 9)
    assert estimate_work(parse("4d6kh3")) < estimate_work(parse("10d6kh5")) < estimate_work(parse("10d6kh9"))
    assert estimate_work(parse("10d6kh5")) < estimate_work(parse("10d60kh5")) < estimate_work(parse("10d60!kh5"))
    assert estimate_work(parse("d8!"), 9) < estimate_work(parse("d8!>=7"), 9) < estimate_work(parse("d8!>=2"), 9)
    assert estimate_work(parse("d8!>=7"), 3) < estimate_work(parse("d8!>=7"), 9)
    assert estimate_work(parse("4d6kh4")) == estimate_work(parse("4d6"))  # keeping them all is a plain sum


def test_keep_and_drop_cost_the_same_as_their_mirror() -> None:
    assert estimate_work(parse("4d6dl1")) == estimate_work(parse("4d6kh3"))
    assert estimate_work(parse("6d10dh2")) == estimate_work(parse("6d10kl4")) == estimate_work(parse("6d10kh4"))


def test_threshold_and_keep_count_dice_like_plain_dice() -> None:
    parse(f"{MAX_DICE}d6!>=5kh50")
    err = limit_of(parse, "60d6kh3+41d6!>=5")
    assert (err.limit, err.position) == ("dice", 8)
    assert limit_of(parse, "101d6kh1").limit == "dice"
    assert limit_of(parse, "4d1001kh1").limit == "sides"


def test_margin_work_cap_counts_both_sides_and_their_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*args: object) -> None:
        raise AssertionError("started computing a distribution over the work cap")

    monkeypatch.setattr(evaluation, "_leaf_distribution", no_work)
    fits_alone = "100d20kh50"  # about 86% of the cap: under it alone, over it twice
    assert estimate_work(parse(fits_alone)) <= MAX_WORK < estimate_margin_work(parse(fits_alone), parse(fits_alone))
    for a, b in [(fits_alone, fits_alone), ("d1000+d1000+d1000", "d1000+d1000"), ("2d6", "100d1000")]:
        err = limit_of(margin, a, b)
        assert err.limit == "work" and "comparing" in err.message and "roll it instead" in err.message
    assert limit_of(margin, "d6", "d6", depth=MAX_DEPTH + 1).limit == "depth"


def test_limit_errors_are_plain_dicts() -> None:
    err = limit_of(parse, "2d1001")
    assert err.to_dict() == {
        "kind": "limit",
        "message": str(err),
        "limit": "sides",
        "position": 2,
    }
