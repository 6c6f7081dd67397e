"""Skillful widget text: articles, singular and plural, and the contest table's markup."""

from __future__ import annotations

from rollwright.kit.api import call
from skillful.views.checks import contest_view
from skillful.views.tools import suckage_view


def suckage_text(loss: int) -> str:
    return str(suckage_view(call("skillful.suckage", {"loss": loss})))


def test_suckage_uses_an_before_ordinary_defense() -> None:
    html = suckage_text(10)
    assert "brings it to 9: an Ordinary Defense." in html
    assert "a Ordinary" not in html
    assert "is an Ordinary Defense." in suckage_text(3)
    assert "is a Flailing Defense." in html


def test_one_suckage_point_is_singular() -> None:
    html = suckage_text(10)
    assert "<strong>1 suckage point</strong> brings it" in html
    assert "Effort without it:" in html and "With it:" in html
    assert "1 suckage points" not in html


def test_several_suckage_points_stay_plural() -> None:
    html = suckage_text(21)
    assert "<strong>2 suckage points</strong> bring it to 19: a Flailing Defense." in html
    assert "Effort without them:" in html


def test_contest_table_uses_the_shared_plain_table_markup() -> None:
    html = str(contest_view(call("skillful.contest", {})))
    assert 'class="rw-table"' not in html
    assert '<table data-rw-table="skillful-contest-tiers"><thead><tr><th scope="col">Row</th>' in html
    assert 'scope="row"' not in html
    assert html.count("<td data-rw-p=") == 6


def test_the_advisor_never_saves_a_negative_amount() -> None:
    """A better tier can cost more Wind while it saves Health: it says so, never 'Saved: -40 Wind'."""
    from skillful.views.tools import suckage_view
    data = call("skillful.suckage", {"loss": 40})
    assert data["saved"] == {"Wind": -40, "Stamina": -10, "Health": 70}
    text = str(suckage_view(data))
    assert "Saved: 70 Health. Costs more: 40 Wind + 10 Stamina." in text and "-40" not in text
