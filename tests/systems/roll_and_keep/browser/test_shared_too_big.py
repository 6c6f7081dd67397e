"""A share link, or the saved active character, with ten million dramatic wounds (issue 41, finding 1).

Before: "Starting Python..." for 33 s, a restart, then a blank character: the shared one was dropped
without a word. Now the engine refuses it at once, naming the field and its cap, and the builder
offers it as a download with the reason.
"""

from __future__ import annotations

import base64
import json

import pytest

from rollwright.kit import api
from tests.support.browser import builder_page_url, open_tab, wait_builder_ready

pytestmark = pytest.mark.browser


def test_a_shared_character_over_a_cap_is_offered_as_a_file_with_the_reason(live_site, browser) -> None:
    blank = api.call("roll-and-keep.character.new")["character"]
    doc = {**blank, "name": "Too hurt", "wounds": {"flesh": 0, "dramatic": 10**7}}
    fragment = "#c=" + base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_page_url(live_site, "roll-and-keep") + fragment)
        wait_builder_ready(page)
        notice = page.locator("[data-rw-notice]")
        text = notice.inner_text()
        assert "could not be opened" in text and "wounds.dramatic" in text and "the cap is 1,000" in text, text
        with page.expect_download() as info:
            notice.get_by_role("button", name="Download the shared character").click()
        assert json.loads(open(info.value.path()).read()) == doc
        assert "offered as a download" in page.locator("[data-rw-builder] [data-rw-status]").first.inner_text()
        assert tab.errors == []
    finally:
        tab.context.close()


def test_a_saved_character_over_a_cap_is_set_aside_with_a_download(live_site, browser) -> None:
    tab = open_tab(browser)
    page = tab.page
    key = "rollwright.roll-and-keep.characters"
    try:
        page.goto(builder_page_url(live_site, "roll-and-keep"))
        wait_builder_ready(page)
        page.locator("#rw-c-name").fill("Kept")
        page.locator("#rw-c-name").press("Tab")
        page.wait_for_function("k => (localStorage.getItem(k) || '').includes('Kept')", arg=key)
        page.evaluate("""k => { const s = JSON.parse(localStorage.getItem(k));
            s.characters[s.active].wounds.dramatic = 1e7; localStorage.setItem(k, JSON.stringify(s)); }""", key)
        page.reload()
        wait_builder_ready(page)  # a new character is open; the saved one is offered, not lost
        notice = page.locator("[data-rw-notice]")
        text = notice.inner_text()
        assert "saved character could not be opened" in text and "the cap is 1,000" in text, text
        with page.expect_download() as info:
            notice.get_by_role("button", name="Download the saved character").click()
        assert json.loads(open(info.value.path()).read())["wounds"]["dramatic"] == 10**7
        assert "Kept" in page.evaluate("k => localStorage.getItem(k)", key)  # still saved
        assert tab.errors == []
    finally:
        tab.context.close()
