"""The basic-rules widgets added for the full reference: cooperation and the automatic-result checker.

Keyboard only; answers must equal CPython's; bad input shows the engine's message and keeps the result.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit import api
from tests.support.keyboard import next_field, type_into as _replace

pytestmark = pytest.mark.browser

BASIC_RULES = "facade/basic-rules/"


def test_cooperation_by_keyboard_matches_cpython(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-cooperation", "ready")
    coop = tab.widget("facade-cooperation")
    _replace(page, coop.locator("input[name=primary]"), "9")
    next_field(page, "14, 7, 11")
    next_field(page, "13")
    next_field(page, "77")
    page.keyboard.press("Enter")
    run = coop.locator("[data-rw-result] .rw-coop-run[data-rw-seed='77']")
    run.wait_for()
    expected = api.call("facade.cooperation", {"primary": 9, "helpers": "14, 7, 11", "difficulty": 13, "seed": 77})
    assert coop.locator("[data-rw-result] .rw-coop").get_attribute("data-rw-p-success") == \
        expected["final"]["p_success"]
    assert run.get_attribute("data-rw-final-trait") == str(expected["run"]["final_trait"])
    assert run.get_attribute("data-rw-final-roll") == str(expected["run"]["final_roll"])
    assert coop.get_attribute("data-rw-state") == "ready"

    # A helper list with a typo: the engine's message, the field marked, the last result kept.
    before = coop.locator("[data-rw-result]").inner_html()
    _replace(page, coop.locator("input[name=helpers]"), "14, seven")
    page.keyboard.press("Enter")
    tab.wait_state("facade-cooperation", "error")
    envelope = json.loads(api.call_json("widget.render", json.dumps(
        {"widget": "facade-cooperation", "params": {"primary": 9, "helpers": "14, seven", "difficulty": 13,
                                                      "seed": 77}})))
    assert coop.locator("[data-rw-status]").inner_text() == envelope["error"]["message"]
    assert "seven" in envelope["error"]["message"]
    assert coop.locator("input[name=helpers]").get_attribute("aria-invalid") == "true"
    assert coop.locator("[data-rw-result]").inner_html() == before


def test_automatic_checker_answers_as_you_toggle(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-automatic", "ready")
    checker = tab.widget("facade-automatic")
    _replace(page, checker.locator("input[name=trait]"), "12")
    _replace(page, checker.locator("input[name=difficulty]"), "5")
    checker.locator("[data-rw-verdict='minor']").wait_for()
    checker.locator("input[name=contested]").focus()
    page.keyboard.press("Space")  # an opponent resists: no automatic success any more
    checker.locator("[data-rw-verdict='roll']").wait_for()
    assert checker.locator("[aria-live]").count() >= 2
    _replace(page, checker.locator("input[name=trait]"), "3")
    _replace(page, checker.locator("input[name=difficulty]"), "9")
    checker.locator("[data-rw-verdict='failure']").wait_for()
    checker.locator("input[name=stunts]").focus()
    page.keyboard.press("Space")
    expected = api.call("facade.automatic", {"trait": 3, "difficulty": 9, "contested": True, "stunts": True})
    assert expected["stunt_dice_needed"] == 1
    checker.locator("[data-rw-verdict='roll']").wait_for()
    assert "at least 1 stunt d4" in checker.locator("[data-rw-result]").inner_text()
    # Out of range: the engine's words, and the verdict stays.
    _replace(page, checker.locator("input[name=difficulty]"), "99")
    tab.wait_state("facade-automatic", "error")
    assert "Difficulty: enter a whole number from 0 to 50" in checker.locator("[data-rw-status]").inner_text()
    assert checker.locator("input[name=difficulty]").get_attribute("aria-invalid") == "true"
    assert checker.locator("[data-rw-verdict='roll']").count() == 1
