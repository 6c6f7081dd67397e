"""Facets widget text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwright.kit.api import call
from facets.views.checks import check_view


def test_taking_it_calm_without_a_bonus_shows_no_sum() -> None:
    html = str(check_view(call("facets.check", {"die": 8, "bonus": 0, "tn": 4})))
    assert "Taking it calm instead: 4, " in html
    assert "4 = 4" not in html


def test_taking_it_calm_with_a_bonus_shows_the_sum() -> None:
    html = str(check_view(call("facets.check", {"die": 8, "bonus": 2, "tn": 4})))
    assert "Taking it calm instead: 4 +2 = 6, " in html


@pytest.mark.parametrize("die, tn, bonus", [(8, 8, 0), (6, 10, 2), (4, 25, 0), (20, 1, -10)])
def test_a_die_chip_has_the_checks_bands(die: int, tn: int, bonus: int) -> None:
    from facets.macros import facets_roll
    from tests.support.chips import read_chips

    (chip,) = read_chips(facets_roll(die, tn=tn, bonus=bonus))
    check = call("facets.check", {"die": die, "tn": tn, "bonus": bonus})
    assert chip["attrs"]["data-rw-p"] == check["success"]["p"]
    for band in check["bands"]:
        assert (f"{band['name']}: " in chip["tip"]) == (Fraction(band["p"]) > 0)
    rolled = call("facets.chip", {"die": die, "tn": tn, "bonus": bonus, "seed": 4})
    direct = call("facets.roll", {"die": die, "tn": tn, "bonus": bonus, "seed": 4})
    assert (rolled["total"], rolled["band"]) == (direct["total"], direct["band_key"])
    assert rolled["text"].startswith(f"d{die}") and direct["band"] in rolled["text"]
