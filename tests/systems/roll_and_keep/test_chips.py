"""Roll & Keep's pool chips carry the pool's own exact odds (``roll-and-keep.pool``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwright.kit.api import call
from rollwright.kit.macros import MacroError
from roll_and_keep.macros import rk_roll
from tests.support.chips import read_chips


@pytest.mark.parametrize("rolled, kept, tn", [(1, 1, 11), (4, 2, 15), (2, 2, 20), (10, 10, 60), (3, 1, None)])
def test_a_pool_chip_has_the_pools_odds(rolled: int, kept: int, tn: int | None) -> None:
    (chip,) = read_chips(rk_roll(rolled, kept, tn=tn))
    assert chip["attrs"]["data-rw-notation"] == f"{rolled}k{kept}"
    if tn is None:
        assert "data-rw-p" not in chip["attrs"] and "Most likely" in chip["tip"]
        return
    odds = call("roll-and-keep.pool", {"rolled": rolled, "kept": kept, "tn": tn})
    assert Fraction(chip["attrs"]["data-rw-p"]) == Fraction(odds["at_least"]["p"])
    assert f"{tn} or more: {odds['at_least']['percent']}" in chip["tip"]
    assert chip["button"] == f"Roll {rolled}k{kept} against TN {tn}"


def test_a_bad_pool_fails_the_build_naming_the_macro() -> None:
    with pytest.raises(MacroError, match=r"rk_roll\(11, 2\): roll-and-keep.pool: 'rolled' must be at most 10"):
        rk_roll(11, 2)
