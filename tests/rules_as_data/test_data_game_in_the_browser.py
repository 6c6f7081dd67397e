"""A game declared as data, as a reader uses it in headless Chromium: its odds widget, its inline roll
and its character builder, by keyboard, with "use my character"; every answer the CPython engine's."""

from __future__ import annotations

import pytest

from rollwright.data.views import roll_sentence
from tests.support.browser import BOOT_TIMEOUT_MS, builder_page_url, wait_builder_ready
from tests.support.fixture_site import site_call
from tests.support.keyboard import tab_to, type_into

pytestmark = pytest.mark.browser


def test_the_odds_widget_and_the_roll_answer_as_the_engine_does(data_pips_live, tab) -> None:
    page = tab.page
    page.goto(data_pips_live.url("pips/"))
    tab.wait_state("pips-odds", "ready")
    odds = tab.widget("pips-odds")
    type_into(page, odds.locator("input[name=dice]"), "5")
    expected = site_call(data_pips_live.project, "pips.odds", {"dice": 5, "need": 2})
    odds.locator(f".rw-data-odds[data-rw-p='{expected['success']}']").wait_for()
    assert f"success {expected['percent']}" in odds.locator("[data-rw-result]").inner_text()
    assert odds.locator("svg").count() == 1  # the band chart

    roller = tab.widget("pips-odds-roll")
    tab.wait_state("pips-odds-roll", "ready")
    type_into(page, roller.locator("input[name=seed]"), "42")
    page.keyboard.press("Enter")
    rolled = site_call(data_pips_live.project, "pips.odds.roll", {"dice": 3, "need": 2, "seed": 42})
    roller.locator("[data-rw-result] .rw-data-roll[data-rw-seed='42']").wait_for()
    shown = roller.locator("[data-rw-result]").inner_text()
    assert shown.startswith(f"{rolled['outcome_name']}. {roll_sentence(rolled, outcome=False)}.")
    assert tab.errors == []


def test_the_inline_check_rolls_by_keyboard(data_pips_live, tab) -> None:
    page = tab.page
    page.goto(data_pips_live.url("pips/"))
    tab.wait_state("pips-odds", "ready")
    chip = page.locator("[data-rw-chip='check'][data-rw-check='pips.odds']").first
    assert chip.get_attribute("data-rw-p") == "7/27"
    button = chip.locator("button")
    button.evaluate("b => b.id = 'first-check'")
    tab_to(page, "first-check")
    assert "25.9%" in chip.locator("[role=tooltip]").inner_text()
    page.keyboard.press("Enter")
    result = chip.locator("[data-rw-chip-result]")
    page.wait_for_function("r => r.dataset.rwSeed !== undefined", arg=result.element_handle(),
                           timeout=BOOT_TIMEOUT_MS)
    seed = int(result.get_attribute("data-rw-seed"))
    expected = site_call(data_pips_live.project, "pips.odds.roll", {"dice": 3, "need": 2, "seed": seed})
    assert result.inner_text() == expected["text"]
    assert result.get_attribute("data-rw-outcome") == expected["outcome"]


def test_the_builder_checks_the_budget_and_its_character_fills_the_odds(data_pips_live, tab) -> None:
    page = tab.page
    page.goto(builder_page_url(data_pips_live, "pips"))
    wait_builder_ready(page)
    editor = page.locator("[data-rw-editor-region]")
    type_into(page, editor.locator("input[type=text]").first, "Ada")
    type_into(page, editor.locator("input[data-rw-path='fields.fight']"), "4")
    report = page.locator("[data-rw-report-region]")
    report.get_by_text("Spend exactly 6 dice on Fight, Sneak and Talk (now 8).").wait_for()
    type_into(page, editor.locator("input[data-rw-path='fields.sneak']"), "1")
    type_into(page, editor.locator("input[data-rw-path='fields.talk']"), "1")
    report.get_by_text("No problems: the character follows the rules.").wait_for()
    page.wait_for_function("() => document.querySelector('[data-rw-roster]').textContent.includes('Ada')")

    page.goto(data_pips_live.url("pips/"))
    tab.wait_state("pips-odds", "ready")
    odds = tab.widget("pips-odds")
    picker = odds.locator("select[data-rw-use-character]")
    picker.wait_for(timeout=BOOT_TIMEOUT_MS)
    labels = picker.locator("option").all_inner_texts()
    assert "Fight = 4" in labels and "Sneak = 1" in labels
    picker.focus()
    value = picker.evaluate("s => [...s.options].findIndex(o => o.textContent === 'Fight = 4')")
    for _ in range(value):
        page.keyboard.press("ArrowDown")
    expected = site_call(data_pips_live.project, "pips.odds", {"dice": 4, "need": 2})
    odds.locator(f".rw-data-odds[data-rw-p='{expected['success']}']").wait_for()
    assert odds.locator("input[name=dice]").input_value() == "4"
    assert tab.errors == [] and tab.external == []
