"""A roll shared as a link (issue 40), on the system-free Dice page: a fresh roll (no seed typed) is copied
as a link by keyboard (the clipboard refused, as a browser may: the link is shown selected instead), a second reader opens it on a phone and sees the same dice, marked as reproduced,
not rolled again; the roll is in the roller's roll log, which exports to Markdown and JSON.
Never asserts a time."""

from __future__ import annotations

import json

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.keyboard import type_into

pytestmark = pytest.mark.browser

ROLL = "section[data-rw-widget='dice-roll']"


def _faces(page) -> list[str]:
    return page.eval_on_selector_all(f"{ROLL} [data-rw-result] [data-rw-faces]",
                                     "dice => dice.map(d => d.dataset.rwFaces)")


def test_a_roll_link_shows_the_same_dice_as_reproduced(live_site, tab, browser, tmp_path):
    page = tab.page
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', "
                         "'NotAllowedError'))")
    page.goto(live_site.url("dice/"))
    tab.wait_state("dice-roll", "ready")
    roller = page.locator(ROLL)
    type_into(page, roller.locator("[name=notation]"), "6d10!")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")  # an empty seed: a fresh random roll
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector(`{ROLL} [data-rw-result] .rw-dice-roll`)"
                           "?.dataset.rwNotation === '6d10!'", timeout=BOOT_TIMEOUT_MS)
    seed = roller.locator("[data-rw-result] [data-rw-seed]").get_attribute("data-rw-seed")
    faces = _faces(page)
    copy = roller.locator("button[data-rw-copy]").first
    copy.focus()
    page.keyboard.press("Enter")
    shown = roller.locator("[data-rw-copy-fallback] input")
    shown.wait_for()
    link = shown.input_value()
    assert page.evaluate("document.activeElement.value") == link  # selected, ready to copy by hand
    assert f"roll.seed={seed}" in link and "rw-shared=roll" in link

    log = page.locator("[data-rw-roll-log]")
    assert log.locator("li").first.locator("a").get_attribute("href") == link
    with page.expect_download() as markdown:
        log.locator("button[data-rw-roll-log-export=markdown]").click()
    text = open(markdown.value.path(), encoding="utf-8").read()
    assert "6d10!" in text and f"seed {seed}" in text
    with page.expect_download() as exported:
        log.locator("button[data-rw-roll-log-export=json]").click()
    rolls = json.loads(open(exported.value.path(), encoding="utf-8").read())["rolls"]
    assert rolls[0]["seed"] == int(seed) and rolls[0]["link"] == link

    other = open_tab(browser)  # another reader, on a phone
    try:
        other.page.set_viewport_size({"width": 390, "height": 844})
        other.page.goto(link)
        other.page.wait_for_selector(f"{ROLL} [data-rw-reproduced]", timeout=BOOT_TIMEOUT_MS)
        assert _faces(other.page) == faces
        note = other.page.locator(f"{ROLL} p[data-rw-reproduced]")
        assert "not rolled again" in note.inner_text() and seed in note.inner_text()
        other.page.locator(ROLL).screenshot(path=str(tmp_path / "shared-roll-phone.png"))
        assert other.page.locator("[data-rw-roll-log] li").count() == 0  # opening a link logs nothing
        assert other.external == [] and other.errors == []
    finally:
        other.context.close()
    assert tab.errors == []
