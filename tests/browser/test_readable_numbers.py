"""Numbers a person can read, in the browser (issue 28): the widgets that filled screens with
digits stay short on a phone, and a long exact fraction opens on demand, by keyboard."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab

pytestmark = pytest.mark.browser

# The right edge of the page's widest content, leaving out what sits in a box that scrolls sideways.
WIDEST = """() => {
  const inScroller = (el) => { for (let up = el.parentElement; up; up = up.parentElement) {
    if (/auto|scroll|hidden/.test(getComputedStyle(up).overflowX)) return true; } return false; };
  return Math.max(...[...document.querySelectorAll('.md-content *')].filter(el => !inScroller(el))
    .map(el => el.getBoundingClientRect().right));
}"""


@pytest.mark.parametrize("path, widget, params", [
    ("facets/conflicts/", "facets-conflict", "?facets-conflict.a_health=20&facets-conflict.b_health=20"),
    ("dice/", "dice-compare", "?vs.a=10k5&vs.b=8k6"),
    ("facade/basic-rules/", "facade-cooperation", "?facade-cooperation.primary=18&facade-cooperation.helpers="
                                                   "18%2C+18%2C+18%2C+18%2C+18%2C+18&facade-cooperation.difficulty=30"),
])
def test_big_answers_stay_short_on_a_phone(live_site, browser, path, widget, params):
    tab = open_tab(browser)
    try:
        page = tab.page
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(live_site.url(path + params))
        tab.wait_state(widget, "ready")
        result = tab.widget(widget).locator("[data-rw-result]")
        page.wait_for_function("el => !el.hasAttribute('aria-busy')", arg=result.element_handle(),
                               timeout=BOOT_TIMEOUT_MS)
        height = result.evaluate("el => el.getBoundingClientRect().height")
        assert height < 3 * 844, height  # was seven phone screens of digits for the conflict
        assert page.evaluate(WIDEST) <= 390 + 1
        assert result.locator(".rw-exact-more__value:visible").count() == 0  # long fractions wait
        assert tab.errors == []
    finally:
        tab.context.close()


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
