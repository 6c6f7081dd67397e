"""The Characters page in headless Chromium: its three widgets work by keyboard, answer like
CPython, and show the engine's message (keeping the last answer) for an out-of-range value.

One page load exercises all three widgets. Never asserts a time.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import choose as _choose, type_into as _type_into

pytestmark = pytest.mark.browser

CHARACTERS = "facade/characters/"
WIDGETS = ("facade-height-weight", "facade-limit-pool", "facade-trait-total")


def _expect_error(tab, name: str, field: str, params: dict) -> None:
    """The widget shows the engine's own message, marks the field and keeps its last result.

    Bad values are typed so that no prefix is valid ("-1", a single digit): a live widget may
    answer between keystrokes, and a valid prefix would replace the result being kept.
    """
    widget = tab.widget(name)
    tab.wait_state(name, "error")
    envelope = json.loads(api.call_json("widget.render", json.dumps({"widget": name, "params": params})))
    assert envelope["ok"] is False and envelope["error"]["field"] == field
    message = envelope["error"]["message"]
    status = widget.locator("[data-rw-status]", has_text=message)
    status.wait_for()  # not an earlier keystroke's message
    assert status.inner_text() == message
    assert widget.locator(f"[name={field}]").get_attribute("aria-invalid") == "true"


def _height_weight(tab) -> None:
    page, widget = tab.page, tab.widget("facade-height-weight")
    _type_into(page, widget.locator("input[name=body]"), "12")
    page.keyboard.press("Tab")
    _choose(page, widget.locator("select[name=formula]"), "male")
    expected = api.call("facade.height_weight", {"body": 12, "formula": "male"})
    result = widget.locator(f"[data-rw-result] [data-rw-height-inches='{expected['height_inches']}']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert result.get_attribute("data-rw-weight-lbs") == str(expected["weight_lbs"]) == "170"
    before = widget.locator("[data-rw-result]").inner_html()
    _type_into(page, widget.locator("input[name=body]"), "-1")
    _expect_error(tab, "facade-height-weight", "body", {"body": -1, "formula": "male"})
    assert widget.locator("[data-rw-result]").inner_html() == before
    assert widget.locator("select[name=formula]").get_attribute("aria-invalid") is None
    _type_into(page, widget.locator("input[name=body]"), "12")
    tab.wait_state("facade-height-weight", "ready")
    assert widget.locator("input[name=body]").get_attribute("aria-invalid") is None


def _limit_pool(tab) -> None:
    page, widget = tab.page, tab.widget("facade-limit-pool")
    _choose(page, widget.locator("select[name=pool]"), "Fatigue")
    _type_into(page, widget.locator("input[name=category]"), "8")
    _type_into(page, widget.locator("input[name=level]"), "19")
    _type_into(page, widget.locator("input[name=will]"), "2")
    box = widget.locator("input[name=paying_exhaustion]")
    for wanted in (False, True):  # the build-time value is ticked: Space toggles it both ways
        box.focus()
        page.keyboard.press("Space")
        assert box.is_checked() is wanted
        params = {"pool": "Fatigue", "category": 8, "level": 19, "will": 2, "paying_exhaustion": wanted}
        expected = api.call("facade.limit_pool", params)
        result = widget.locator(f"[data-rw-result] [data-rw-next-day-penalty='{expected['next_day_penalty']}']"
                                f"[data-rw-exhaustion-per-roll='{expected['exhaustion_per_roll']}']")
        result.wait_for()
        assert result.get_attribute("data-rw-pool-status") == expected["status"] == "next-day-penalty"
        assert result.get_attribute("data-rw-automatic-failure") == "true"
    before = widget.locator("[data-rw-result]").inner_html()
    _type_into(page, widget.locator("input[name=level]"), "-1")
    _expect_error(tab, "facade-limit-pool", "level",
                  {"pool": "Fatigue", "category": 8, "level": -1, "will": 2, "paying_exhaustion": True,
                   "comparison_offset": 0})
    assert widget.locator("[data-rw-result]").inner_html() == before
    _type_into(page, widget.locator("input[name=level]"), "24")
    # Fatigue 24 against double Action 16, Will 2 paid for: 6 points count towards tomorrow.
    widget.locator("[data-rw-result] .rw-pool[data-rw-next-day-penalty='6']").wait_for()
    tab.wait_state("facade-limit-pool", "ready")
    assert widget.locator("input[name=level]").get_attribute("aria-invalid") is None


def _trait_total(tab) -> None:
    page, widget = tab.page, tab.widget("facade-trait-total")
    values = {"attribute": 3, "broad": 2, "focus": 4, "specialty": 1, "category": 11, "difficulty": 12}
    for name, value in values.items():
        _type_into(page, widget.locator(f"input[name={name}]"), str(value))
    expected = api.call("facade.trait_total", values)
    result = widget.locator(f"[data-rw-result] [data-rw-trait-total='10'][data-rw-p-trait='{expected['p_trait']}']")
    result.wait_for()
    assert result.get_attribute("data-rw-p-default") == expected["p_default"]
    assert result.get_attribute("data-rw-defaulted-difficulty") == str(expected["defaulted_difficulty"]) == "13"
    assert result.get_attribute("data-rw-better") == expected["better"]
    before = widget.locator("[data-rw-result]").inner_html()
    _type_into(page, widget.locator("input[name=specialty]"), "5")
    _expect_error(tab, "facade-trait-total", "specialty", {**values, "specialty": 5})
    assert widget.locator("[data-rw-result]").inner_html() == before
    assert widget.locator("input[name=category]").get_attribute("aria-invalid") is None


def test_character_widgets_by_keyboard_answer_like_cpython(live_site, tab):
    tab.page.goto(live_site.url(CHARACTERS))
    for name in WIDGETS:
        tab.wait_state(name, "ready")
        assert tab.widget(name).get_attribute("data-rw-live") == "change"
    _height_weight(tab)
    _limit_pool(tab)
    _trait_total(tab)
    assert tab.external == [] and tab.errors == []
