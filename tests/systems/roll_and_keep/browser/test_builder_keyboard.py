"""The Roll & Keep builder by keyboard alone: Tab to a knack, name it twice, read the error, follow its link;
the sheet's wound track follows the wound record."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import follow_report_link, tab_to
from tests.support.pdf_pages import page_text_ops

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
    # The sheet follows the wound record: three of five boxes ticked, crippled at 3, out at 5.
    page.locator("[data-rw-sheet-region] .rw-track[aria-label='3 of 5; 3: crippled, 5: out']").wait_for()
    assert page.locator("[data-rw-sheet-region] .rw-track__box--on").count() == 3
    page.emulate_media(media="print")  # the sheet, problems included, on one A4 page
    assert len(page_text_ops(page.pdf(format="A4"))) == 1
    page.emulate_media(media="screen")
    assert follow_report_link(page, "rk-knack-twice").endswith("roll-and-keep/builder/#knacks")
    assert tab.errors == []
