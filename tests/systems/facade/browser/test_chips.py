"""Inline roll chips in headless Chromium: keyboard focus shows the odds, Enter/Space roll
like CPython (same seed, same sentence), engine errors show as text, and with JavaScript
off the odds still show on focus. Never asserts a time.
"""

from __future__ import annotations

import json
import re

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab, playwright_api

expect = playwright_api.expect

pytestmark = pytest.mark.browser

OVERVIEW = "facade/"
HEADING_LINK = "#rolls-in-the-text a.headerlink"
RECORD_STATES = """chip => {
  window.__chipStates = [];
  const region = chip.querySelector('[data-rw-chip-result]');
  new MutationObserver(() => window.__chipStates.push(region.dataset.rwState))
    .observe(region, {attributes: true, attributeFilter: ['data-rw-state']});
}"""


def _focused(button) -> bool:
    return bool(button.evaluate("el => el === document.activeElement"))


def _rolled(chip, seed: str | None = None):
    """The chip's result region once it holds a finished roll (with ``seed``, if given)."""
    selector = "[data-rw-chip-result][data-rw-state='done']" + (f"[data-rw-seed='{seed}']" if seed else "")
    result = chip.locator(selector)
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    return result


def _expected(chip, seed: int) -> dict:
    """CPython's answer to the chip's own call with the same seed."""
    params = json.loads(chip.get_attribute("data-rw-params"))
    return api.call(chip.get_attribute("data-rw-call"), {**params, "seed": seed})


def _check_roll(chip, seed: str | None = None) -> None:
    result = _rolled(chip, seed)
    expected = _expected(chip, int(result.get_attribute("data-rw-seed")))
    assert result.text_content() == expected["text"]
    assert result.get_attribute("data-rw-total") == str(expected["total"])
    assert result.get_attribute("aria-live") == "polite"


def test_chips_work_by_keyboard_and_roll_like_cpython(live_site, tab):
    page = tab.page
    page.goto(live_site.url(OVERVIEW))
    chips = page.locator("[data-rw-chip]")
    assert chips.count() == 4
    first, second, third, fourth = (chips.nth(i) for i in range(4))

    # Tab from the section's heading link reaches the first chip; focus shows its odds.
    page.locator(HEADING_LINK).focus()
    page.keyboard.press("Tab")
    button = first.locator("button")
    assert _focused(button)
    tip = first.locator("[role='tooltip']")
    tip.wait_for(state="visible")
    assert button.get_attribute("aria-describedby") == tip.get_attribute("id")
    assert f"(exactly {first.get_attribute('data-rw-p')})" in tip.inner_text()
    assert page.get_by_role("button", name="Roll trait 8 vs 10 (1d10+d6)").count() == 1

    # Enter rolls, booting Python first if it is not ready yet.
    first.evaluate(RECORD_STATES)
    before = page.evaluate("window.rollwright.state")
    page.keyboard.press("Enter")
    _check_roll(first)
    states = page.evaluate("window.__chipStates")
    assert states[-1] == "done"
    if before != "ready":
        assert states[0] == "loading"  # "Starting Python to roll…" until it could

    # Space on the next chip; the first chip's odds are hidden again. A rolled chip is followed
    # by its roll's "Copy link" button (issue 40), one Tab stop before the next chip.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.rw-chip__copy')")
    page.keyboard.press("Tab")
    assert _focused(second.locator("button"))
    tip.wait_for(state="hidden")
    second.locator("[role='tooltip']").wait_for(state="visible")
    page.keyboard.press("Space")
    _check_roll(second)

    # Escape dismisses the odds; Enter still rolls the dice chip (past the second roll's "Copy link").
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.rw-chip__copy')")
    page.keyboard.press("Tab")
    assert _focused(third.locator("button"))
    third_tip = third.locator("[role='tooltip']")
    third_tip.wait_for(state="visible")
    page.keyboard.press("Escape")
    third_tip.wait_for(state="hidden")
    page.keyboard.press("Enter")
    _check_roll(third)

    # A fixed seed on the chip makes the roll reproducible; the mouse works as well.
    fourth.evaluate("chip => chip.setAttribute('data-rw-seed', '42')")
    fourth.locator("button").click()
    _check_roll(fourth, seed="42")
    assert _expected(fourth, 42)["total"] == api.call("dice.roll", {"notation": "3d6", "seed": 42})["total"]

    # An engine error shows as text in the live region.
    third.evaluate("""chip => chip.setAttribute('data-rw-params', JSON.stringify({notation: '1000d1000', vs: null}))""")
    third.locator("button").focus()
    page.keyboard.press("Enter")
    error = third.locator("[data-rw-chip-result][data-rw-state='error']")
    error.wait_for()
    envelope = json.loads(api.call_json("chip.dice", json.dumps({"notation": "1000d1000", "vs": None, "seed": 1})))
    assert envelope["ok"] is False
    assert error.text_content() == envelope["error"]["message"]

    assert page.evaluate("window.rollwright.workerStarts") == 1
    assert tab.external == [] and tab.errors == []


def test_blocked_python_shows_why_in_the_chip(live_site, browser):
    tab = open_tab(browser, block=lambda url: url.endswith("/pyodide.asm.wasm"))
    try:
        tab.page.goto(live_site.url(OVERVIEW))
        chip = tab.page.locator("[data-rw-chip]").first
        chip.locator("button").click()
        error = chip.locator("[data-rw-chip-result][data-rw-state='error']")
        error.wait_for(timeout=BOOT_TIMEOUT_MS)
        text = error.text_content() or ""
        assert text.startswith("Live rolls are unavailable:") and "pyodide.asm.wasm" in text, text
        assert tab.external == []
    finally:
        tab.context.close()


def test_without_javascript_the_odds_show_on_focus_and_hover(live_site, browser):
    tab = open_tab(browser, javascript=False)
    try:
        page = tab.page
        page.goto(live_site.url(OVERVIEW))
        chips = page.locator("[data-rw-chip]")
        # Screen readers get the odds as the button's description, even while the popup is hidden.
        expect(chips.first.locator("button")).to_have_accessible_description(
            re.compile(re.escape(f"(exactly {chips.first.get_attribute('data-rw-p')})")))
        expect(chips.first.locator("button")).to_have_accessible_name("Roll trait 8 vs 10 (1d10+d6)")
        page.locator(HEADING_LINK).focus()
        page.keyboard.press("Tab")
        first = chips.first
        assert _focused(first.locator("button"))
        assert first.get_attribute("data-rw-mounted") is None
        tip = first.locator("[role='tooltip']")
        tip.wait_for(state="visible")
        assert f"(exactly {first.get_attribute('data-rw-p')})" in tip.inner_text()
        shown = first.locator("button").evaluate(  # the visible text: not the screen-reader-only words
            "el => [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join('')")
        assert shown == "trait 8 vs 10"
        chips.nth(2).locator("button").hover()
        chips.nth(2).locator("[role='tooltip']").wait_for(state="visible")
        assert tab.external == []
    finally:
        tab.context.close()
