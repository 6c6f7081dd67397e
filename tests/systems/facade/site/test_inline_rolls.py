"""Inline roll chips in the built site: odds equal the engine's, bad chips fail the build."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rollwright.kit.api import call
from rollwright.dice.notation import distribution
from rollwright.kit.chips import dice_chip
from facade.views.chips import trait_chip
from rollwright.kit.macros import markdown_inert
from tests.support.chips import read_chips
from tests.support.site_build import build, page


def expected_markup(chip: dict) -> str:
    """The chip as the engine renders it from fresh call results, with the page's id."""
    params = json.loads(chip["attrs"]["data-rw-params"])
    chip_id = chip["attrs"]["id"]
    if chip["attrs"]["data-rw-chip"] == "dice":
        return dice_chip(call("dice.dist", {"notation": params["notation"]}), params["vs"], chip_id)
    row = call("facade.traits")["rows"][params["trait"] - 1]
    odds = None if params["vs"] is None else call("facade.odds", {"trait": params["trait"],
                                                                  "difficulty": params["vs"]})
    return trait_chip(row, call("dice.dist", {"notation": row["dice"]}), odds, chip_id)


def test_overview_chips_carry_the_engines_odds(site: Path) -> None:
    html = page(site, "facade")
    chips = read_chips(html)
    kinds = [(c["attrs"]["data-rw-chip"], json.loads(c["attrs"]["data-rw-params"])) for c in chips]
    assert kinds == [("trait", {"trait": 8, "vs": 10}), ("trait", {"trait": 12, "vs": 10}),
                     ("dice", {"notation": "2d10+d4", "vs": 10}), ("dice", {"notation": "3d6", "vs": None})]
    for chip in chips:
        attrs, params = chip["attrs"], json.loads(chip["attrs"]["data-rw-params"])
        # The exact chance, straight from the engine's rules and dice code.
        if attrs["data-rw-chip"] == "trait":
            odds = call("facade.odds", {"trait": params["trait"], "difficulty": params["vs"]})
            assert attrs["data-rw-p"] == odds["p_success"]
            for outcome in odds["outcomes"]:
                if Fraction(outcome["p"]):
                    assert f"{outcome['name']}: " in chip["tip"] and f"(exactly {outcome['p']})" in chip["tip"]
        elif params["vs"] is not None:
            exact = distribution(params["notation"]).at_least(params["vs"])
            assert Fraction(attrs["data-rw-p"]) == exact
            assert f"(exactly {exact.numerator}/{exact.denominator})" in chip["tip"]
        # The whole chip is exactly what the engine renders now (Markdown left it untouched).
        assert markdown_inert(expected_markup(chip)) in html
        # Accessible: a button named after its roll, described by its tooltip.
        assert chip["button"].startswith("Roll ")
        assert chip["button_attrs"]["aria-describedby"] == chip["tip_attrs"]["id"]
        assert chip["result_attrs"]["aria-live"] == "polite"
    # The same roll twice (trait 12 and its dice) has the same chance.
    assert chips[1]["attrs"]["data-rw-p"] == chips[2]["attrs"]["data-rw-p"]




@pytest.mark.parametrize("macro, cause", [
    ('{{ roll("1000d1000") }}', "roll('1000d1000'): 1000 dice in one term is above the cap of 100"),
    ('{{ roll("2d6+", vs=7) }}', "roll('2d6+', vs=7): expected a die"),
    ('{{ trait_roll(19, vs=10) }}', "trait_roll(19, vs=10): facade.chip: 'trait' must be at most 18 (got 19)"),
])
def test_bad_chip_fails_the_build_naming_page_and_cause(scratch_project: Path, macro: str, cause: str) -> None:
    (scratch_project / "docs" / "facade" / "combat.md").write_text(
        f"# Broken\n\nA sentence with {macro} in it.\n", encoding="utf-8")
    result = build(scratch_project / "mkdocs.yml", scratch_project / "out")
    assert result.returncode != 0
    assert "facade/combat.md" in result.stderr and cause in result.stderr, result.stderr[-2000:]


def test_a_page_with_only_chips_starts_python_when_a_chip_is_used(scratch_project: Path) -> None:
    """Chips roll with a fresh seed, so none is answered at build time (issue 42): the page preloads its
    scripts but does not start Python with the page; a chip pressed (or an idle browser on a fast link) does."""
    (scratch_project / "docs" / "facade" / "combat.md").write_text(
        "# Chips\n\nRoll {{ roll(\"3d6\") }} or *emphasis* {{ trait_roll(3, label=\"a_b_c*\") }} here.\n",
        encoding="utf-8")
    result = build(scratch_project / "mkdocs.yml", scratch_project / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    html = page(scratch_project / "out", "facade/combat")
    assert "preboot.js" not in html and "rollwright-python" not in html  # no worker started in the head
    assert re.search(r'<link rel="modulepreload" href="[./]*assets/rollwright/widgets/chips\.js">', html)
    chips = read_chips(html)
    assert len(chips) == 2 and chips[1]["button"] == "Roll a_b_c* (trait 3, d6)"  # no stray emphasis
    assert "<em>emphasis</em>" in html  # the rest of the paragraph is still Markdown
    plain = page(scratch_project / "out", "facade/systems")
    assert "preboot.js" not in plain  # pages without widgets or chips do not start Python
