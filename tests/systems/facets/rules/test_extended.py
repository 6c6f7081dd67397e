"""Extended checks: notation, and the exact odds against a direct enumeration of attempt sequences."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from facets.rules.extended import (
    attempts_used, chance_within, expected_attempts, parse_check, print_check,
)


def _enumerate(p: Fraction, successes: int, attempts: int) -> tuple[Fraction, dict[int, Fraction], Fraction]:
    """Every success/failure sequence of full length; stop where the task ends."""
    done_total, ended, mean = Fraction(0), {}, Fraction(0)
    for seq in itertools.product((True, False), repeat=attempts):
        weight = Fraction(1)
        for hit in seq:
            weight *= p if hit else 1 - p
        wins = fails = 0
        for n, hit in enumerate(seq, start=1):
            wins, fails = wins + hit, fails + (not hit)
            if wins == successes or fails > attempts - successes:
                break
        if wins == successes:
            done_total += weight
        ended[n] = ended.get(n, Fraction(0)) + weight
        mean += n * weight
    return done_total, ended, mean


@pytest.mark.parametrize(("p", "s", "a"), [(Fraction(1, 2), 2, 5), (Fraction(1, 8), 1, 4),
                                          (Fraction(2, 3), 3, 6), (Fraction(1, 3), 4, 4)])
def test_odds_match_enumeration(p: Fraction, s: int, a: int) -> None:
    done, ended, mean = _enumerate(p, s, a)
    assert chance_within(p, s, a) == done
    used = attempts_used(p, s, a)
    assert {n: d + lost for n, (d, lost) in used.items()} == {n: q for n, q in ended.items() if q}
    assert sum(d for d, _ in used.values()) == done
    assert expected_attempts(p, s, a) == mean


def test_the_drafts_example() -> None:
    check = parse_check("[Finesse 8 - 2/5 - 30s]")
    assert (check.attribute, check.tn, check.successes, check.attempts, check.seconds) == ("Finesse", 8, 2, 5, 30)
    assert check.spare_failures + 1 == 4
    out = call("facets.extended", {"notation": "[Finesse 8 - 2/5 - 30s]", "die": 8})
    assert out["impossible_after"] == 4 and out["time_per_attempt"] == "30s"


@pytest.mark.parametrize("text", ["Finesse 8 - 2/5 - 30s", "[Luck 8 - 2/5 - 30s]", "[Wit 8 - 0/5 - 1m]",
                                  "[Wit 8 - 6/5 - 1m]", "[Wit 8 - 2/99 - 1m]", "[Wit 8 - 2/5 - 30y]"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(ParameterError):
        parse_check(text)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["Strength", "Wit", "Composure"]), st.integers(1, 60), st.integers(1, 9),
       st.integers(0, 9), st.sampled_from(["30s", "2m", "1h", "3d"]))
def test_print_and_parse_round_trip(attr: str, tn: int, s: int, extra: int, time: str) -> None:
    text = f"[{attr} {tn} - {s}/{s + extra} - {time}]"
    assert print_check(parse_check(text)) == text


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=40))
def test_any_text_gives_a_check_or_our_error(text: str) -> None:
    try:
        parse_check(text)
    except ParameterError:
        pass


def test_calm_is_sure_or_hopeless_and_takes_double_time() -> None:
    sure = call("facets.extended", {"notation": "[Wit 5 - 2/3 - 1m]", "die": 10, "calm": True})
    assert sure["chance"]["p"] == "1/1" and sure["time_per_attempt"] == "2m" and sure["mean_time"] == "4m"
    hopeless = call("facets.extended", {"notation": "[Wit 6 - 2/3 - 1m]", "die": 10, "calm": True})
    assert hopeless["chance"]["p"] == "0/1"
