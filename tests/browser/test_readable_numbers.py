"""Numbers a person can read, in the browser (issue 28): the widgets that filled screens with
digits stay short on a phone (the dice page's here; the games' big answers in their own folders), and a
long exact fraction opens on demand, by keyboard."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.phone import check_short_on_a_phone

pytestmark = pytest.mark.browser


def test_a_big_answer_stays_short_on_a_phone(live_site, browser):
    check_short_on_a_phone(live_site, browser, "dice/", "dice-compare", "?vs.a=10k5&vs.b=8k6")


def test_a_long_exact_fraction_opens_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("dice/?vs.a=10k5&vs.b=8k6"))
    tab.wait_state("dice-compare", "ready")
    compare = tab.widget("dice-compare")
    compare.locator(".rw-compare__summary [data-rw-exact-toggle]").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    button = compare.locator(".rw-compare__summary [data-rw-exact-toggle]").first
    value = compare.locator(".rw-compare__summary .rw-exact-more__value").first
    button.focus()
    assert button.get_attribute("aria-expanded") == "false" and not value.is_visible()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true" and value.is_visible()
    text = value.inner_text()
    assert text.startswith("exactly ") and "/" in text and len(text) > 100
    box = value.bounding_box()
    assert box["height"] < 130  # a small box that scrolls, not a page of digits
    page.keyboard.press("Space")
    assert button.get_attribute("aria-expanded") == "false" and not value.is_visible()
