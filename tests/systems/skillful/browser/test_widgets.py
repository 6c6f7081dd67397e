"""Skillful's pages in headless Chromium, used by keyboard: a contest, the roller and the fatigue tracker.

Never asserts a time: waits are generous because a cold Pyodide boot is slow here.
"""

from __future__ import annotations

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import choose, next_field, type_into

import pytest

pytestmark = pytest.mark.browser


def test_contest_by_keyboard_answers_like_cpython(live_site, tab):
    page = tab.page
    page.goto(live_site.url("skillful/checks/"))
    tab.wait_state("skillful-contest", "ready")
    contest = tab.widget("skillful-contest")
    type_into(page, contest.locator("input[name=attacker_skill]"), "12")
    next_field(page, "0")  # attacker's fatigue penalty
    page.keyboard.press("Tab")
    choose(page, contest.locator("select[name=attacker_attitude]"), "intense")
    type_into(page, contest.locator("input[name=defender_penalty]"), "4")
    expected = api.call("skillful.contest", {"attacker_skill": 12, "attacker_attitude": "intense",
                                             "defender_skill": 10, "defender_penalty": 4})
    result = contest.locator("[data-rw-result] [data-rw-width='6']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    shown = [cell.get_attribute("data-rw-p") for cell in result.locator("td[data-rw-p]").all()]
    page.wait_for_function(
        "want => [...document.querySelectorAll(\"section[data-rw-widget='skillful-contest'] td[data-rw-p]\")]"
        ".map(td => td.dataset.rwP).join() === want", arg=",".join(t["p"] for t in expected["tiers"]))
    assert len(shown) == 6
    assert tab.external == [] and tab.errors == []


def test_roller_shows_both_dice_on_a_twenty(live_site, tab):
    page = tab.page
    page.goto(live_site.url("skillful/"))
    tab.wait_state("skillful-roller", "ready")
    roller = tab.widget("skillful-roller")
    type_into(page, roller.locator("input[name=seed]"), "31")  # CPython: 1 then 16
    page.keyboard.press("Enter")
    result = roller.locator("[data-rw-result] [data-rw-seed='31']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    data = api.call("skillful.roll", {"seed": 31})
    assert [d.inner_text() for d in result.locator(".rw-die").all()] == [str(f) for f in data["faces"]]
    assert len(data["faces"]) == 2 and result.get_attribute("data-rw-total") == str(data["total"])


def test_fatigue_tracker_spends_narrows_and_survives_reload(live_site, tab):
    page = tab.page
    page.goto(live_site.url("skillful/tracker/"))
    tab.wait_state("skillful-tracker", "ready")
    tracker = tab.widget("skillful-tracker")
    type_into(page, tracker.locator("input[name=spent]"), "Wind 50")
    tracker.locator("[data-rw-pool='Wind'][data-rw-now='10']").wait_for(timeout=BOOT_TIMEOUT_MS)
    # Two quick spends of N + 2N (15 Wind each), by keyboard: focus the link, press Enter twice.
    # The answer rebuilds the result, and the focus stays on the spend link (it fell to the page once).
    tracker.locator("a.rw-tracker__spend", has_text="Lose by under T").focus()
    for now in ("-5", "-20"):
        page.keyboard.press("Enter")
        tracker.locator(f"[data-rw-pool='Wind'][data-rw-now='{now}']").wait_for(timeout=BOOT_TIMEOUT_MS)
        focused = page.evaluate("[document.activeElement.className, document.activeElement.textContent]")
        assert "rw-tracker__spend" in focused[0] and focused[1].startswith("Lose by under T"), focused
    assert tracker.locator("[data-rw-physical-width]").get_attribute("data-rw-physical-width") == "6"
    assert tracker.locator("input[name=spent]").input_value() == "Wind 50, Wind 15, Wind 15"
    page.reload()
    tab.wait_state("skillful-tracker", "ready")
    tracker = tab.widget("skillful-tracker")
    tracker.locator("[data-rw-pool='Wind'][data-rw-now='-20']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert tracker.locator("input[name=spent]").input_value() == "Wind 50, Wind 15, Wind 15"
    assert tab.external == [] and tab.errors == []


def _aid_odds_text() -> str:
    out = api.call("skillful.aid_odds", {"main_skill": 10, "aid_skill": 10, "difficulty": 30})
    return f"{out['percent_without']} alone, {out['percent_with']} with the aid"


KEYBOARD_CASES = [  # page, widget, field, typed value, text the answer must show
    ("skillful/", "skillful-distribution", "skill", "5", "Totals from -14 to 45"),
    ("skillful/checks/", "skillful-consequence", "loss", "25", "Bad Defense"),
    ("skillful/narrowing/", "skillful-thresholds", "penalty", "8", "cutoffs 0/3/6/9/12"),
    ("skillful/suckage/", "skillful-suckage", "loss", "35", "6 suckage points"),
    ("skillful/fumbles/", "skillful-fumble", "threshold", "16", "Chance of a fumble: 55%"),
    ("skillful/aid/", "skillful-aid", "aid", "30", "Bonus: +8"),
    ("skillful/aid/", "skillful-aid-odds", "difficulty", "30", _aid_odds_text()),
]


def test_every_other_widget_answers_by_keyboard(live_site, tab):
    page = tab.page
    for path, name, field, value, text in KEYBOARD_CASES:
        if page.url != live_site.url(path):
            page.goto(live_site.url(path))
        tab.wait_state(name, "ready")
        widget = tab.widget(name).first
        type_into(page, widget.locator(f"input[name={field}]"), value)
        widget.locator("[data-rw-result]", has_text=text).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert tab.external == [] and tab.errors == []
