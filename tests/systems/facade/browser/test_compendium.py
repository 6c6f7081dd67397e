"""Façade's compendium in headless Chromium: a kind's list filters, searches and sorts with no Python (by
keyboard), and an entry link in the rules shows its preview on keyboard focus, and on a phone on the first
tap, the second tap following the link. Never asserts a time."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from rollwright.things.registry import catalogue
from tests.support.browser import playwright_api

expect = playwright_api.expect

pytestmark = pytest.mark.browser

LIST = "[data-rw-things='facade/melee-weapons']"


def _shown_ids(page) -> list[str]:
    return page.eval_on_selector_all(f"{LIST} tbody tr:not([hidden])", "rows => rows.map(r => r.dataset.rwEntry)")


def test_the_list_filters_searches_and_sorts_by_keyboard(live_site, tab) -> None:
    melee = catalogue("facade").kind("melee-weapons")
    page = tab.page
    page.goto(live_site.url("facade/compendium/"))
    tools = page.locator(f"{LIST} .rw-things__tools")
    expect(tools).to_be_visible()
    count = tools.locator("[data-rw-count]")
    expect(count).to_have_text("16 entries")

    tools.locator("[data-rw-search]").fill("sword")
    assert _shown_ids(page) == [e.id for e in melee.entries if "sword" in e.name.lower()]
    expect(count).to_have_text("4 of 16 entries")
    tools.locator("[data-rw-reset]").click()

    tools.locator("[data-rw-filter='reach']").select_option("large")
    large = [e.id for e in melee.entries if e.get("reach") == "Large"]
    assert _shown_ids(page) == large
    tools.locator("[data-rw-number-field]").select_option("damage")
    tools.locator("[data-rw-number-op]").select_option("ge")
    tools.locator("[data-rw-number-value]").fill("5")
    assert _shown_ids(page) == [e.id for e in melee.entries if e.get("reach") == "Large" and e.get("damage") >= 5]

    tools.locator("[data-rw-reset]").click()
    header = page.locator(f"{LIST} th[data-rw-col='minimum']")
    header.locator("button").focus()
    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "ascending")
    with_minimum = sorted((e for e in melee.entries if e.get("minimum") is not None), key=lambda e: e.get("minimum"))
    ids = _shown_ids(page)
    assert [melee.entry(i).get("minimum") for i in ids] == [e.get("minimum") for e in with_minimum] + [None] * (
        16 - len(with_minimum))  # empty cells last
    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "descending")
    assert [melee.entry(i).get("minimum") for i in _shown_ids(page)][:len(with_minimum)] == \
        [e.get("minimum") for e in reversed(with_minimum)]

    computed = page.locator(f"{LIST} th[data-rw-col='full_vs_leather'] button")
    computed.click()
    values = [melee.entry(i).get("full_vs_leather").value for i in _shown_ids(page)]
    assert values == sorted(values)  # a computed field sorts by its exact value
    assert tab.errors == []


def test_an_entry_link_previews_on_focus_and_on_a_first_tap(live_site, tab, browser) -> None:
    page = tab.page
    page.goto(live_site.url("facade/combat/"))
    holder = page.locator(".rw-entry[data-rw-entry='facade/melee-weapons/broadsword']")
    tip = holder.locator(".rw-entry__tip")
    expect(tip).to_be_hidden()
    expect(holder).to_have_attribute("data-rw-mounted", "")
    holder.locator("a").focus()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Reach Medium")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone.route("**/*", lambda route: route.continue_() if urlsplit(route.request.url).hostname == "127.0.0.1"
                else route.abort())
    try:
        touch = phone.new_page()
        touch.goto(live_site.url("facade/combat/"))
        link = touch.locator(".rw-entry[data-rw-entry='facade/melee-weapons/broadsword'] a")
        link.scroll_into_view_if_needed()
        touch.wait_for_function("document.querySelector('.rw-entry').hasAttribute('data-rw-mounted')")
        link.tap()
        shown = touch.locator(".rw-entry[data-rw-entry='facade/melee-weapons/broadsword'] .rw-entry__tip")
        expect(shown).to_be_visible()
        assert touch.url.endswith("/facade/combat/")
        box = shown.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # inside a phone's width
        link.tap()
        touch.wait_for_url("**/facade/compendium/#melee-weapons-broadsword")
    finally:
        phone.close()
