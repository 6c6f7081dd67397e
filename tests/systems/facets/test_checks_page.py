"""The Facets checks page as built: its note on the odds cap tells the cap truthfully (issue 28),
as a real figure for each die, never a vague "far below one in a million"."""

from __future__ import annotations

from pathlib import Path


def test_a_cap_is_told_truthfully(site: Path) -> None:
    text = (site / "facets" / "checks" / "index.html").read_text(encoding="utf-8")
    assert "0.95 in a million with a d4" in text and "about 1 in 60 million with a d6" in text
    assert "far below one in a million" not in text
