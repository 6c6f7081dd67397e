"""Inline roll chips: markup, odds equal to the engine's exactly, live-roll calls, and bad calls."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.kit.api import call
from rollwright.dice.notation import distribution
from rollwright.errors import ParameterError
from rollwright.kit.chips import dice_chip, dice_detail
from facade.views.chips import trait_chip
from rollwright.kit.numbers import chance_text, percent, short_fraction
from facade import outcome_odds
from rollwright.kit.macros import MacroError, markdown_inert
from facade.macros import MAX_LABEL_LENGTH, trait_roll
from rollwright.mkdocs.inline_rolls import roll


def attr(html: str, name: str) -> str | None:
    """The first value of attribute ``name`` in ``html`` (entities decoded)."""
    found = re.search(rf'\s{re.escape(name)}="([^"]*)"', html)
    return None if found is None else unescape(found.group(1))


def tip_text(html: str) -> str:
    """The tooltip's text, tags dropped and entities decoded."""
    inner = re.search(r'role="tooltip"[^>]*>(.*?)</span><span class="rw-chip__result"', html)
    assert inner is not None
    return unescape(re.sub(r"<[^>]+>", "", inner.group(1)))


def button_text(html: str) -> str:
    inner = re.search(r"<button[^>]*>(.*?)</button>", html)
    assert inner is not None
    return unescape(re.sub(r"<[^>]+>", "", inner.group(1)))


# ---- markup ------------------------------------------------------------------------------


def test_chip_is_a_button_described_by_a_tooltip_with_a_live_region() -> None:
    html = roll("2d10+d4", vs=10)
    chip_id = attr(html, "id")
    assert chip_id and attr(html, "aria-describedby") == f"{chip_id}-odds"
    assert f'role="tooltip" id="{chip_id}-odds"' in html
    assert '<button type="button" class="rw-chip__button"' in html
    assert 'aria-live="polite"' in html and "data-rw-chip-result" in html
    assert button_text(html) == "Roll 2d10+d4 vs 10"  # the accessible name says what it rolls
    assert json.loads(attr(html, "data-rw-params") or "") == {"notation": "2d10+d4", "vs": 10}
    assert attr(html, "data-rw-call") == "chip.dice"
    # Phrasing content only: nothing that would close the surrounding paragraph.
    assert not re.search(r"<(div|p|ul|li|table|section|output)\b", html)


def test_each_chip_gets_its_own_ids() -> None:
    first, second = roll("3d6"), roll("3d6")
    assert attr(first, "id") != attr(second, "id")


def test_trait_chip_names_its_dice_and_label() -> None:
    html = trait_roll(12, vs=10)
    assert button_text(html) == "Roll trait 12 vs 10 (2d10+d4)"
    assert json.loads(attr(html, "data-rw-params") or "") == {"trait": 12, "vs": 10}
    labelled = trait_roll(12, label="Agility 12")
    assert button_text(labelled) == "Roll Agility 12 (trait 12, 2d10+d4)"
    assert attr(labelled, "data-rw-vs") is None and attr(labelled, "data-rw-p") is None


def test_user_text_is_escaped_and_kept_out_of_markdown() -> None:
    html = trait_roll(5, label='<b onclick="x">*bold* & a_b_c</b>')
    assert "<b " not in html and "onclick=\"" not in html
    assert "&lt;b onclick=&quot;x&quot;&gt;" in html
    assert "*" not in html and "a_b" not in html  # Markdown would read these as emphasis
    assert button_text(html).startswith('Roll <b onclick="x">*bold* & a_b_c</b>')
    # Tags themselves (class names with "__") are left whole.
    assert 'class="rw-chip__button"' in html


def test_markdown_inert_only_touches_text() -> None:
    assert markdown_inert('<a title="x_y">[1]*</a>') == '<a title="x_y">&#91;1&#93;&#42;</a>'


# ---- odds equal the engine's exactly ------------------------------------------------------


def said(p: Fraction | str) -> str:
    """How a tooltip says a chance: never/always, else the percentage and the exact fraction when short."""
    p = Fraction(p)
    short = short_fraction(p)
    return chance_text(p) if p in (0, 1) or short is None else f"{percent(p)} (exactly {short})"



@pytest.mark.parametrize("notation, vs", [
    ("2d6", 7), ("2d10+d4", 10), ("3d6", 18), ("3d6", 19), ("d20", -3), ("10k5", 30), ("od20", 21),
    ("d6!", 6), ("4d6-2", 10),
])
def test_dice_chip_odds_equal_the_distribution(notation: str, vs: int) -> None:
    html = roll(notation, vs=vs)
    exact = distribution(notation).at_least(vs)
    assert attr(html, "data-rw-p") == f"{exact.numerator}/{exact.denominator}"
    text = tip_text(html)
    assert f"{vs} or more: {said(exact)}." in text
    dist = distribution(notation)
    assert f"Totals {dist.min_outcome} to {dist.max_outcome}" in text


def test_small_chance_is_brute_force_exact() -> None:
    html = roll("2d6", vs=7)
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= 7)
    assert Fraction(attr(html, "data-rw-p") or "") == Fraction(wins, 36)


def test_plain_roll_shows_range_mean_and_most_likely() -> None:
    text = tip_text(roll("3d6"))
    assert "Totals 3 to 18, average 10.5." in text
    assert "Most likely: 10 or 11, 12.5% (exactly 1/8) each." in text
    assert "Most likely: 7, 16.7% (exactly 1/6)." in tip_text(roll("2d6"))


@pytest.mark.parametrize("trait, vs", [(1, 0), (1, 3), (8, 10), (12, 10), (18, 12), (18, 50), (10, 10)])
def test_trait_chip_odds_equal_facade_odds(trait: int, vs: int) -> None:
    html = trait_roll(trait, vs=vs)
    odds = call("facade.odds", {"trait": trait, "difficulty": vs})
    direct = outcome_odds(trait, vs)
    assert attr(html, "data-rw-p") == odds["p_success"]
    assert Fraction(odds["p_success"]) == direct.p_success
    text = tip_text(html)
    assert f"Success: {said(direct.p_success)}." in text
    shown = re.findall(r'data-rw-outcome="([a-z0-9-]+)"', html)
    assert shown == [o["key"] for o in odds["outcomes"] if Fraction(o["p"])]
    for o in odds["outcomes"]:
        line = f"{o['name']}: {said(o['p'])}"
        assert (line in text) == bool(Fraction(o["p"])), line
    assert ("automatic failure" in text) == odds["automatic_failure"]
    assert ("automatic" in text and "success instead" in text) == bool(odds["automatic_success"])


def test_trait_chip_without_difficulty_shows_its_dice() -> None:
    text = tip_text(trait_roll(12))
    assert text.startswith("Trait 12 (High) rolls 2d10+d4")
    assert "Totals 3 to 24, average 13.5." in text


def test_views_render_from_call_results() -> None:
    report = call("dice.dist", {"notation": "d4"})
    assert 'data-rw-p="1/2"' in dice_chip(report, 3, "x")
    row = call("facade.traits")["rows"][0]
    html = trait_chip(row, report_for(row["dice"]), call("facade.odds", {"trait": 1, "difficulty": 3}), "y")
    assert 'data-rw-p="0/1"' in html and "No roll reaches 3 (best is 2)" in tip_text(html)


def report_for(notation: str) -> dict:
    return call("dice.dist", {"notation": notation})


# ---- bad calls fail with the cause ---------------------------------------------------------


@pytest.mark.parametrize("make, message", [
    (lambda: roll("1000d1000"), "roll('1000d1000'): 1000 dice in one term is above the cap of 100"),
    (lambda: roll("d1001"), "roll('d1001'): "),
    (lambda: roll("2d6+"), "roll('2d6+'): expected a die"),
    (lambda: roll("3*"), "roll('3*'): "),  # multiplication is notation now (issue 37); a bare operator is not
    (lambda: roll(""), "roll(''): empty notation"),
    (lambda: roll("d6" * 150), "'notation' is too long (300 characters; at most 200)"),
    (lambda: roll(6), "roll(6): chip.dice: 'notation' must be a text (got 6)"),
    (lambda: roll("2d6", vs="7"), "roll('2d6', vs='7'): chip.dice: 'vs' must be a whole number"),
    (lambda: roll("2d6", vs=10**8), "'vs' must be at most 10000000"),
    (lambda: trait_roll(0), "trait_roll(0): facade.chip: 'trait' must be at least 1 (got 0)"),
    (lambda: trait_roll(19, vs=10), "trait_roll(19, vs=10): facade.chip: 'trait' must be at most 18 (got 19)"),
    (lambda: trait_roll(12, vs=51), "'vs' must be at most 50 (got 51)"),
    (lambda: trait_roll(12, vs=-1), "'vs' must be at least 0 (got -1)"),
    (lambda: trait_roll(True), "'trait' must be a whole number (got True)"),
    (lambda: trait_roll(12, label=""), "'label' must be text of 1 to"),
    (lambda: trait_roll(12, label="x" * (MAX_LABEL_LENGTH + 1)), "'label' must be text of 1 to"),
])
def test_bad_calls_raise_macro_error_with_the_cause(make, message: str) -> None:  # noqa: ANN001
    with pytest.raises(MacroError) as caught:
        make()
    assert message in str(caught.value)


# ---- the live-roll calls -------------------------------------------------------------------


def _sum_of(detail: str) -> int:
    """Evaluate a dice_detail sum (dropped dice are listed after ';')."""
    expression = detail.split(";")[0].replace("−", "-")
    assert re.fullmatch(r"[-+() 0-9]+", expression), detail
    return int(eval(expression))  # noqa: S307 - digits, signs and brackets only (checked above)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["2d10+d4", "3d6-4", "10k5", "od20", "d6!", "-d8+2", "4d6-(d4+1)", "5k3+2"]),
       st.integers(0, 2**32 - 1), st.none() | st.integers(-20, 60))
def test_chip_dice_equals_dice_roll_and_its_sum_adds_up(notation: str, seed: int, vs: int | None) -> None:
    out = call("chip.dice", {"notation": notation, "vs": vs, "seed": seed})
    report = call("dice.roll", {"notation": notation, "seed": seed})
    assert out["roll"] == report and out["total"] == report["total"] and out["seed"] == seed
    assert _sum_of(dice_detail(report)) == report["total"]
    assert out["text"].startswith(f"{report['notation']} rolled {report['total']} (")
    if vs is None:
        assert out["meets"] is None and out["text"].endswith(")")
    else:
        assert out["meets"] == (report["total"] >= vs)
        assert out["text"].endswith(f"reaches {vs}" if out["meets"] else f"by {vs - report['total']}")


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 18), st.none() | st.integers(0, 50), st.integers(0, 2**32 - 1))
def test_chip_trait_equals_facade_roll(trait: int, vs: int | None, seed: int) -> None:
    out = call("facade.chip", {"trait": trait, "vs": vs, "seed": seed})
    data = call("facade.roll", {"trait": trait, "difficulty": vs, "seed": seed})
    assert out["total"] == data["total"] and out["roll"] == data["roll"]
    assert out["outcome"] == (None if data["outcome"] is None else data["outcome"]["key"])
    if data["outcome"] is not None:
        assert data["outcome"]["name"] in out["text"]


def test_chip_calls_reject_bad_parameters_by_field() -> None:
    with pytest.raises(ParameterError) as caught:
        call("chip.dice", {"notation": "2d6", "seed": -1})
    assert caught.value.field == "seed"
    with pytest.raises(ParameterError) as caught:
        call("facade.chip", {"trait": 12, "vs": 99, "seed": 1})
    assert caught.value.field == "vs"
