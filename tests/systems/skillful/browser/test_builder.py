"""The Skillful character in headless Chromium: opened from a share link, saved, and used on the contest
calculator ("use my character" fills a skill and a fatigue penalty). Never asserts a time.
"""

from __future__ import annotations

import base64
import json

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.keyboard import choose

pytestmark = pytest.mark.browser

ROOT = "[data-rw-builder]"


def share_fragment(doc: dict) -> str:
    raw = json.dumps(doc).encode("utf-8")
    return "#c=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def test_use_my_character_fills_the_contest(live_site, browser):
    doc = api.call("skillful.character.new", {})["character"]
    doc |= {"id": "c-ada", "name": "Ada", "skills": [{"name": "Swords", "level": 7}]}
    doc["pools"]["Wind"]["current"] = 0  # an empty Wind: penalty 4, T = 6
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(live_site.url("skillful/builder/") + share_fragment(doc))
        page.wait_for_selector(f"{ROOT}[data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                               timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#rw-c-name").input_value() == "Ada"
        page.locator("#rw-builder-save-shared").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => localStorage.getItem('rollwright.skillful.characters') !== null")
        page.locator(".rw-csheet", has_text="T = 6").first.wait_for(timeout=BOOT_TIMEOUT_MS)

        page.locator(".md-nav--primary a.md-nav__link", has_text="Checks and contests").first.click()
        page.wait_for_url(live_site.url("skillful/checks/"))
        tab.wait_state("skillful-contest", "ready")
        contest = tab.widget("skillful-contest")
        skill_picker = contest.locator("[data-rw-use-for$='-attacker_skill'] select")
        skill_picker.wait_for(timeout=BOOT_TIMEOUT_MS)
        choose(page, skill_picker, "7")
        penalty_picker = contest.locator("[data-rw-use-for$='-defender_penalty'] select")
        choose(page, penalty_picker, "4")
        contest.locator("[data-rw-result] [data-rw-width='6']").wait_for(timeout=BOOT_TIMEOUT_MS)
        assert contest.locator("input[name=attacker_skill]").input_value() == "7"
        assert contest.locator("input[name=defender_penalty]").input_value() == "4"
        assert tab.external == [] and tab.errors == []
    finally:
        tab.context.close()
