"""Trackers keep what a player did (issue 28): leave the page through the menu, come back, and the
Skillful fatigue tracker and the Roll & Keep turn tracker (like every widget) show this tab's last
state, answered live; a visible Reset, used by keyboard, puts the page's own values back.

Never asserts a time.
"""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import type_into

pytestmark = pytest.mark.browser

ELSEWHERE = "dice/"
TRACKERS = [  # (widget, its page, the field a player fills, what they type)
    ("skillful-tracker", "skillful/tracker/", "spent", "Wind 15, Stamina 10"),
    ("roll-and-keep-turn", "roll-and-keep/turns/", "plan", "Ark hold 3 use 7"),
]


def _follow_menu(page, live_site, path: str) -> None:
    """Go to a page through the site's navigation (instant navigation, as a reader's click)."""
    page.evaluate("p => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]"
                  ".find(a => new URL(a.href).pathname.endsWith('/' + p)).click()", path)
    page.wait_for_url(live_site.url(path))


@pytest.mark.parametrize(("widget", "path", "field", "typed"), TRACKERS, ids=[t[0] for t in TRACKERS])
def test_a_tracker_keeps_its_state_when_the_reader_comes_back(live_site, tab, widget, path, field, typed):
    page = tab.page
    page.goto(live_site.url(path))
    section = tab.widget(widget)
    tab.wait_state(widget, "ready")
    default = section.locator(f"[name={field}]").input_value()
    type_into(page, section.locator(f"[name={field}]"), typed)
    page.keyboard.press("Enter")
    page.wait_for_function("([w, k]) => new URL(location.href).search.includes(k)",
                           arg=[widget, f"{field}="])
    answered = section.locator("[data-rw-result]").inner_html()
    reset = section.locator("button[data-rw-reset]")
    assert reset.is_visible()

    _follow_menu(page, live_site, ELSEWHERE)  # away and back through the menu: the address holds no state
    _follow_menu(page, live_site, path)
    section = tab.widget(widget)
    assert section.locator(f"[name={field}]").input_value() == typed
    page.wait_for_function("([w, html]) => document.querySelector(`section[data-rw-widget='${w}'] [data-rw-result]`)"
                           ".innerHTML === html", arg=[widget, answered], timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("f => location.search.includes(f)", arg=f"{field}=")  # the address holds it again

    reset = section.locator("button[data-rw-reset]")
    assert reset.is_visible() and reset.inner_text() == "Reset"
    reset.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("f => !new URL(location.href).search.includes(f)", arg=f"{field}=")
    assert section.locator(f"[name={field}]").input_value() == default
    assert not reset.is_visible()
    _follow_menu(page, live_site, ELSEWHERE)
    _follow_menu(page, live_site, path)  # forgotten: the page's own values
    assert tab.widget(widget).locator(f"[name={field}]").input_value() == default
    assert tab.errors == []
