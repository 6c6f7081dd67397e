"""A widget's answer read on a phone (issue 28): it stays within three screens, nothing outside a
sideways-scrolling box runs past the screen's edge, and a long exact fraction waits to be opened.

Used by the dice page's test and by each bundled game's big answers (in their own folders).
"""

from __future__ import annotations

from typing import Any

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab

PHONE = {"width": 390, "height": 844}

# The right edge of the page's widest content, leaving out what sits in a box that scrolls sideways.
WIDEST = """() => {
  const inScroller = (el) => { for (let up = el.parentElement; up; up = up.parentElement) {
    if (/auto|scroll|hidden/.test(getComputedStyle(up).overflowX)) return true; } return false; };
  return Math.max(...[...document.querySelectorAll('.md-content *')].filter(el => !inScroller(el))
    .map(el => el.getBoundingClientRect().right));
}"""


def check_short_on_a_phone(site: Any, browser: Any, path: str, widget: str, params: str) -> None:
    """Open ``path + params`` on a phone-sized tab and check ``widget``'s answer reads there."""
    tab = open_tab(browser)
    try:
        page = tab.page
        page.set_viewport_size(PHONE)
        page.goto(site.url(path + params))
        tab.wait_state(widget, "ready")
        result = tab.widget(widget).locator("[data-rw-result]")
        page.wait_for_function("el => !el.hasAttribute('aria-busy')", arg=result.element_handle(),
                               timeout=BOOT_TIMEOUT_MS)
        height = result.evaluate("el => el.getBoundingClientRect().height")
        assert height < 3 * PHONE["height"], (path, height)
        assert page.evaluate(WIDEST) <= PHONE["width"] + 1, path
        assert result.locator(".rw-exact-more__value:visible").count() == 0, path  # long fractions wait
        assert tab.errors == []
    finally:
        tab.context.close()
