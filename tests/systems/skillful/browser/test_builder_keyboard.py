"""The Skillful builder by keyboard alone: Tab to a pool, overfill it, read the error, follow its rule link."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import follow_report_link, tab_to
from tests.support.pdf_pages import page_text_ops

pytestmark = pytest.mark.browser


def test_overfill_a_pool_and_follow_the_rule_link(live_site, tab):
    page = tab.page
    page.goto(live_site.url("skillful/builder/"))
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator("#rw-c-name").focus()
    page.keyboard.type("Ada")
    tab_to(page, "rw-c-skills-0-name")
    page.keyboard.type("Swords")
    page.keyboard.press("Tab")
    page.keyboard.type("7")
    tab_to(page, "rw-c-pools-Wind-current")
    page.keyboard.press("Control+A")
    page.keyboard.type("80")
    page.keyboard.press("Tab")
    item = page.locator("[data-rw-report-region] li[data-rw-code='skillful-pool-over']")
    item.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert item.inner_text() == "Error: Wind: 80 now, more than the pool holds (60). Rule: Fatigue pools"
    assert page.locator("#rw-c-pools-Wind-current").get_attribute("aria-invalid") == "true"
    page.emulate_media(media="print")  # the sheet, problems included, on one A4 page
    assert len(page_text_ops(page.pdf(format="A4"))) == 1
    page.emulate_media(media="screen")
    assert follow_report_link(page, "skillful-pool-over").endswith("skillful/builder/#fatigue-pools")
    assert tab.errors == []
