"""A widget keeps a reader's state across the site's instant navigation (issue 28), checked in a tab.

Shared by the fixture site's test and each bundled game's trackers: type into one field, leave through
the menu, come back, and the field and the answer are as they were; a visible Reset, used by keyboard,
puts the page's own values back, and they stay back after another visit.
"""

from __future__ import annotations

from typing import Any

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import type_into


def follow_menu(page: Any, site: Any, path: str) -> None:
    """Go to a page through the site's navigation (instant navigation, as a reader's click)."""
    page.evaluate("p => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]"
                  ".find(a => new URL(a.href).pathname.endsWith('/' + p)).click()", path)
    page.wait_for_url(site.url(path))


def check_widget_keeps_state(site: Any, tab: Any, widget: str, path: str, field: str, typed: str,
                             elsewhere: str) -> None:
    """The whole round: type ``typed`` into ``field`` of ``widget`` on ``path``, visit ``elsewhere`` and back."""
    page = tab.page
    page.goto(site.url(path))
    section = tab.widget(widget)
    tab.wait_state(widget, "ready")
    default = section.locator(f"[name={field}]").input_value()
    type_into(page, section.locator(f"[name={field}]"), typed)
    page.keyboard.press("Enter")
    page.wait_for_function("k => new URL(location.href).search.includes(k)", arg=f"{field}=")
    answered = section.locator("[data-rw-result]").inner_html()
    reset = section.locator("button[data-rw-reset]")
    assert reset.is_visible()

    follow_menu(page, site, elsewhere)  # away and back through the menu: the address holds no state
    follow_menu(page, site, path)
    section = tab.widget(widget)
    assert section.locator(f"[name={field}]").input_value() == typed
    page.wait_for_function("([w, html]) => document.querySelector(`section[data-rw-widget='${w}'] [data-rw-result]`)"
                           ".innerHTML === html", arg=[widget, answered], timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("f => location.search.includes(f)", arg=f"{field}=")  # the address holds it again
    tab.wait_state(widget, "ready")

    reset = section.locator("button[data-rw-reset]")
    assert reset.is_visible() and reset.inner_text() == "Reset"
    reset.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("f => !new URL(location.href).search.includes(f)", arg=f"{field}=")
    assert section.locator(f"[name={field}]").input_value() == default
    assert not reset.is_visible()
    follow_menu(page, site, elsewhere)
    follow_menu(page, site, path)  # forgotten: the page's own values
    assert tab.widget(widget).locator(f"[name={field}]").input_value() == default
    assert tab.errors == []
