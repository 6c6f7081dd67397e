"""The character sheet by keyboard, then "use my character" on the wound check and on one check's outcome."""

from __future__ import annotations

import json

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser

BUILDER = "roll-and-keep/builder/"
KEY = "rollwright.roll-and-keep.characters"


def test_sheet_by_keyboard_then_use_my_character(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BUILDER))
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator("#rw-c-name").focus()
    page.keyboard.type("Samson")
    page.locator("#rw-c-traits-brawn").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.locator("#rw-c-wounds-flesh").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("20")
    page.locator("#rw-c-wounds-dramatic").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    page.wait_for_function("k => (localStorage.getItem(k) || '').includes('Samson')", arg=KEY)
    page.wait_for_function("k => { const s = JSON.parse(localStorage.getItem(k)); const w = s.characters[s.active].wounds;"
                           " return w.flesh === 20 && w.dramatic === 1; }", arg=KEY)
    store = json.loads(page.evaluate("k => localStorage.getItem(k)", KEY))
    doc = store["characters"][store["active"]]
    assert api.call("roll-and-keep.character.check", {"character": doc})["valid"]
    sheet = api.call("roll-and-keep.character.sheet", {"character": doc})["sheet"]
    assert "  Brawn    3       wound check 3k3" in sheet

    page.goto(live_site.url("roll-and-keep/wounds/"))
    tab.wait_state("roll-and-keep-wound-check", "ready")
    check = tab.widget("roll-and-keep-wound-check")
    brawn = check.locator("select[data-rw-use-character]").first
    brawn.wait_for(timeout=BOOT_TIMEOUT_MS)
    brawn.focus()
    page.keyboard.press("ArrowDown")
    expected = api.call("roll-and-keep.wound-check", {"brawn": 3, "flesh": 20})
    check.locator(f"[data-rw-result] .rw-rk-wound[data-rw-p='{expected['fail']['p']}']").wait_for()
    assert check.locator("input[name=brawn]").input_value() == "3"

    # The wound record fills the dramatic-wounds field too (it held the page's 2 before).
    outcome = tab.widget("roll-and-keep-outcome").first  # the rock example's (the second shows its reading)
    dramatic = outcome.locator("[data-rw-use-for$='-dramatic'] select[data-rw-use-character]")
    dramatic.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "Dramatic wounds = 1" in dramatic.inner_text()
    dramatic.focus()
    page.keyboard.press("ArrowDown")
    expected = api.call("roll-and-keep.dramatic-wounds", {"flesh": 20, "rolled": 12, "resolve": 2, "dramatic": 1})
    outcome.locator("[data-rw-result] .rw-rk-outcome", has_text=f"Dramatic wounds now {expected['dramatic']}:").wait_for()
    assert expected["dramatic"] == 2  # the page's own example, with 2 before, ends at 3
    assert outcome.locator("input[name=dramatic]").input_value() == "1"


def test_a_rules_page_offers_any_saved_character_not_only_the_active_one(live_site, tab):
    page = tab.page
    page.goto(live_site.url("roll-and-keep/wounds/"))
    blank = api.call("roll-and-keep.character.new", {})["character"]
    saved = {"version": 1, "active": "c-ark", "characters": {
        "c-ark": {**blank, "id": "c-ark", "name": "Ark", "traits": {**blank["traits"], "brawn": 2}},
        "c-bo": {**blank, "id": "c-bo", "name": "Bo", "traits": {**blank["traits"], "brawn": 4}}}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(saved)])
    page.reload()
    choice = page.locator("[data-rw-page-character] select").first
    choice.wait_for(timeout=BOOT_TIMEOUT_MS)
    check = tab.widget("roll-and-keep-wound-check")
    brawn = check.locator("select[data-rw-use-character]").first
    assert "Brawn = 2" in brawn.inner_text()
    choice.focus()
    page.keyboard.press("ArrowDown")  # by keyboard, to the second character (not the active one)
    page.wait_for_function("() => document.querySelector(\"section[data-rw-widget='roll-and-keep-wound-check'] "
                           "select[data-rw-use-character]\")?.textContent.includes('Brawn = 4')")
    assert check.locator("[data-rw-use-for] label").first.inner_text() == "Use my character (Bo)"
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", KEY))["active"] == "c-ark"  # unchanged
    assert tab.errors == []
