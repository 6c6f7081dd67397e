"""Fidelity to the draft (issue 28): the contradictions between printed figures are errata with both values
(they were designer's notes), and the single open d20 the calculators use carries a designer's note."""

from __future__ import annotations

from pathlib import Path

from rollwright.kit.errata import all_errata
from rollwright.kit.system import all_systems
from tests.support.html_reader import read
from tests.support.site_build import page


def test_printed_figures_that_disagree_are_errata_with_both_values(site: Path) -> None:
    found = {e.key: (e.printed, e.computed) for e in all_errata(all_systems()["skillful"])}
    assert found["skillful-sword-n"][0].startswith("3 Wind") and found["skillful-sword-n"][1].startswith("5 Wind")
    assert found["skillful-gun-flailing"] == ("40 Wind + 10 Stamina, and 10 Health", "10 Health only")
    assert found["skillful-gun-hit-tiers"][1] == "the first: 10 / 30 / 60 / 100 Health at the first to fourth"
    rows = read(page(site, "skillful/errata")).tables["skillful-errata"]
    items = [row[1] for row in rows[1:]]
    assert {"the attack's N", "9mm pistol, first penalty (N = 5)",
            "9mm pistol: first penalty with Health damage"} <= set(items)


def test_one_open_d20_is_a_designers_note(site: Path) -> None:
    checks = page(site, "skillful/checks")
    assert "one open d20 for every check" in checks
