"""Skillful's calls recomputed by brute force over every pair of dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from tests.systems.skillful.test_rules import brute_open_d20


def test_contest_expected_effort_by_brute_force() -> None:
    d = brute_open_d20()
    out = call("skillful.contest", {"attacker_skill": 8, "defender_skill": 6, "defender_penalty": 2,
                                    "defender_attitude": "intense", "n": 4, "task": "guns-9mm-pistol"})
    wind, health = Fraction(0), Fraction(0)
    hits = (10, 30, 60, 100)
    for a, pa in d.items():
        for b, pb in d.items():
            loss = (a + 8) - (b + 6 - 2 + 5)
            tier = -1 if loss <= 0 else min(4, loss // 8)
            wind += pa * pb * (4 + 12 + (8 if tier >= 0 else 0))
            health += pa * pb * (hits[tier - 1] if tier >= 1 else 0)
    assert out["expected"] == {"Wind": f"{wind.numerator}/{wind.denominator}",
                               "Health": f"{health.numerator}/{health.denominator}"}
    assert [a["attitude"] for a in out["by_attitude"]] == ["relaxed", "ordinary", "intense"]
    assert out["by_attitude"][2]["expected"] == out["expected"]


def test_fumble_odds_by_brute_force() -> None:
    d = brute_open_d20()
    out = call("skillful.fumble", {"threshold": 12, "skill": 4, "physical": 3, "mental": 1})
    raised, width = 16, 7
    expected = [Fraction(0)] * 5
    for roll, p in d.items():
        total = roll + 4 - 3
        expected[0 if total > raised else min(4, 1 + (raised - total) // width)] += p
    assert [Fraction(t["p"]) for t in out["tiers"]] == expected


def test_aid_odds_by_brute_force() -> None:
    d = brute_open_d20()
    out = call("skillful.aid_odds", {"main_skill": 12, "aid_skill": 5, "difficulty": 25})
    bonus: dict[int, Fraction] = {}
    reached = Fraction(0)
    for m, pm in d.items():
        for a, pa in d.items():
            main, aid = m + 12, a + 5
            target = max(30, main)
            b = min(8, (10 * aid - 2 * target) // target)
            bonus[b] = bonus.get(b, Fraction(0)) + pm * pa
            reached += pm * pa if main + b >= 25 else 0
    assert {b: Fraction(p) for b, p in out["bonus"]} == bonus
    assert Fraction(out["p_with"]) == reached


def test_tracker_refuses_a_bad_log_clearly() -> None:
    with pytest.raises(ParameterError, match="'Luck' is not a pool; the pools are Wind, Wit"):
        call("skillful.tracker", {"spent": "Wind 5, Luck 3"})
    for spent, fault in (("Wind -5", "with no sign"), ("Wind 5 Wit 3", "between two spends"),
                         ("Wind", "give the amount too"), ("12", "give the pool too")):
        with pytest.raises(ParameterError, match=fault):
            call("skillful.tracker", {"spent": spent})
    out = call("skillful.tracker", {"spent": "Stamina 61, Health 70"})
    assert out["floor"] == "health-sanity" and out["physical_width"] == 10
