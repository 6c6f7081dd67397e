"""Facets widget text."""

from __future__ import annotations

from rollwright.kit.api import call
from facets.views.checks import check_view


def test_taking_it_calm_without_a_bonus_shows_no_sum() -> None:
    html = str(check_view(call("facets.check", {"die": 8, "bonus": 0, "tn": 4})))
    assert "Taking it calm instead: 4, " in html
    assert "4 = 4" not in html


def test_taking_it_calm_with_a_bonus_shows_the_sum() -> None:
    html = str(check_view(call("facets.check", {"die": 8, "bonus": 2, "tn": 4})))
    assert "Taking it calm instead: 4 +2 = 6, " in html
