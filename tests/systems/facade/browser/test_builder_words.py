"""The builder speaks the player's words (issue 15): a damaged share link says what to do, an
import that breaks rules says so on the status line, and messages name no internal paths."""

from __future__ import annotations

import json
import re

import pytest

from rollwright.kit import api
from tests.systems.facade.browser.test_builder import BUILDER, wait_ready

pytestmark = pytest.mark.browser


def test_damaged_link_and_an_import_that_breaks_rules(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BUILDER) + "#c=eyJuYW1lIjoi%%%")
    wait_ready(page)
    notice = page.locator("[data-rw-notice]").inner_text()
    assert notice.startswith("This share link is damaged") and "Ask for the link again" in notice, notice
    assert "atob" not in notice and "InvalidCharacterError" not in notice

    breaking = api.call("facade.character.new", {})["character"] | {"name": "Overspent"}
    breaking["attributes"] = {name: 18 for name in breaking["attributes"]}
    assert api.call("facade.character.check", {"character": breaking})["valid"] is False
    page.set_input_files("#rw-builder-import", files=[{"name": "over.json", "mimeType": "application/json",
                                                       "buffer": json.dumps(breaking).encode()}])
    status = page.locator("#rw-builder-status")
    page.wait_for_function("() => document.querySelector('#rw-builder-status').textContent.includes('Imported')")
    assert "It breaks rules of the game: the report below lists what to fix." in status.inner_text()
    report = page.locator("[data-rw-report-region]").inner_text()
    assert not re.search(r"\b[a-z_]+\.(\d+\.)?[a-z_]+: ", report), report  # no "attributes.strength: ..."


def test_without_javascript_the_builder_explains_itself(live_site, browser):
    from tests.support.browser import open_tab

    tab = open_tab(browser, javascript=False)
    try:
        page = tab.page
        page.goto(live_site.url(BUILDER))
        status = page.locator("#rw-builder-status")
        assert status.is_visible()
        assert "needs JavaScript" in status.inner_text() and "Character creation page" in status.inner_text()
        assert page.locator(".rw-builder button:visible").count() == 0  # no dead buttons
        assert page.locator(".rw-builder__heading:visible").count() == 0  # no empty headings
    finally:
        tab.context.close()


def test_a_new_player_opens_a_ready_made_example(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BUILDER))
    wait_ready(page)
    example = page.locator("button[data-rw-do='example']").first
    name = example.inner_text()
    example.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("name => document.querySelector('#rw-c-name')?.value === name", arg=name)
    page.wait_for_function("() => document.querySelector('#rw-builder-status').textContent.startsWith('Opened')")
    status = page.locator("#rw-builder-status").inner_text()
    assert f"Opened the example “{name}”" in status, status
    assert page.locator("[data-rw-roster] [data-rw-pick]", has_text=name).count() == 1
