"""Roll & Keep widget text."""

from __future__ import annotations

from rollwright.kit.api import call
from roll_and_keep.views import outcome_view


def outcome_text(flesh: int, rolled: int) -> tuple[int, str]:
    data = call("roll-and-keep.dramatic-wounds", {"flesh": flesh, "rolled": rolled, "resolve": 3})
    return data["gained"], str(outcome_view(data))


def test_one_dramatic_wound_is_singular() -> None:
    gained, html = outcome_text(20, 15)
    assert gained == 1
    assert "the flesh wounds are cleared and 1 dramatic wound is added." in html
    assert "(s)" not in html


def test_several_dramatic_wounds_are_plural() -> None:
    gained, html = outcome_text(40, 5)
    assert gained > 1
    assert f"the flesh wounds are cleared and {gained} dramatic wounds are added." in html
    assert "(s)" not in html
