""""Use my character" never leaves a widget in error: an optional value entered for the old trait (A's
roll 10, B's roll 6) is cleared when a picked trait cannot make it, and the status line says so; a value
the reader types out of range still shows its error. Never asserts a time."""

from __future__ import annotations

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.keyboard import choose, type_into
from tests.systems.facade.browser.test_builder import share_fragment, wait_ready

pytestmark = pytest.mark.browser


def test_a_picked_trait_clears_the_rolls_it_cannot_make(live_site, browser):
    doc = api.call("facade.character.new", {"method": "point-buy"})["character"] | {"id": "c-low", "name": "Low Lu"}
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(live_site.url("facade/builder/") + share_fragment(doc))
        wait_ready(page)
        page.locator("#rw-builder-save-shared").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => localStorage.getItem('rollwright.facade.characters') !== null")

        page.locator(".md-nav--primary a.md-nav__link", has_text="Combat").first.click()
        page.wait_for_url(live_site.url("facade/combat/"))
        tab.wait_state("facade-blow", "ready")
        blow = tab.widget("facade-blow")
        status = blow.locator("[data-rw-status]")
        assert blow.locator("input[name=roll_a]").input_value() == "10"
        picker = blow.locator("[data-rw-use-for$='-trait_a'] select")
        picker.wait_for(timeout=BOOT_TIMEOUT_MS)
        choose(page, picker, "3")  # every attribute is 3: a d6, which cannot roll 10
        page.wait_for_function("el => el.textContent.startsWith('Live.')", arg=status.element_handle())
        assert blow.get_attribute("data-rw-state") == "ready"
        assert status.inner_text() == "Live. A's roll and B's roll cleared: they did not fit the new values."
        assert blow.locator("input[name=trait_a]").input_value() == "3"
        assert [blow.locator(f"input[name={n}]").input_value() for n in ("roll_a", "roll_b")] == ["", ""]
        assert blow.locator("[data-rw-result] [aria-invalid], [aria-invalid='true']").count() == 0
        assert blow.locator("[data-rw-result]").get_attribute("data-rw-stale") is None

        # Typed by the reader, an impossible roll is the reader's error and stays on screen.
        type_into(page, blow.locator("input[name=roll_a]"), "10")
        type_into(page, blow.locator("input[name=roll_b]"), "6")
        tab.wait_state("facade-blow", "error")
        assert blow.locator("input[name=roll_a]").get_attribute("aria-invalid") == "true"
        assert blow.locator("input[name=roll_a]").input_value() == "10"
        assert tab.external == [] and tab.errors == []
    finally:
        tab.context.close()
