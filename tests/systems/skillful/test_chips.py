"""Skillful's open-d20 chips carry the check's own exact odds (``check_total``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skillful.macros import skillful_roll
from skillful.rules.checks import check_total
from tests.support.chips import read_chips


@pytest.mark.parametrize("skill, penalty, vs", [(10, 0, 20), (0, 0, 21), (0, 4, -19), (60, 30, 50), (5, 0, None)])
def test_an_open_d20_chip_has_the_checks_odds(skill: int, penalty: int, vs: int | None) -> None:
    (chip,) = read_chips(skillful_roll(skill, vs=vs, penalty=penalty))
    if vs is None:
        assert "data-rw-p" not in chip["attrs"]
        return
    exact = check_total(skill, penalty).at_least(vs)
    assert Fraction(chip["attrs"]["data-rw-p"]) == exact
    assert chip["button"].startswith("Roll open d20") and chip["button"].endswith(f"vs {vs}")
