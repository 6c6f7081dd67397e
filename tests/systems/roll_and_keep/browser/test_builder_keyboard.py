"""The Roll & Keep builder by keyboard alone: Tab to a knack, name it twice, read the error, follow its link;
the sheet's wound track follows the wound record."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import follow_report_link, tab_to

pytestmark = pytest.mark.browser


def test_a_knack_named_twice_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("roll-and-keep/builder/"))
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator("#rw-c-name").focus()
    page.keyboard.type("Pedro")
    tab_to(page, "rw-c-defenses-1-name")
    page.keyboard.type("defense: parry")
    tab_to(page, "rw-c-wounds-dramatic")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Tab")
    item = page.locator("[data-rw-report-region] li[data-rw-code='rk-knack-twice']")
    item.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "'defense: parry' is already defensive knack 1" in item.inner_text()
    track = page.locator("[data-rw-sheet-region] .rw-track")
    track.wait_for()
    assert track.get_attribute("aria-label") == "3 of 5; 3: crippled, 5: out"
    assert follow_report_link(page, "rk-knack-twice").endswith("roll-and-keep/builder/#knacks")
    assert tab.errors == []
