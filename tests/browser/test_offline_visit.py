"""Offline keeps its word (issue 28), in headless Chromium: every page a reader opened in the visit
works offline, those opened before the service worker controlled the tab included (by a full load
or by the theme's instant navigation); a page never opened gets the site's offline page, with the
site's look, a true sentence and a link home that works offline.

Runs on the fixture site (the Pips template). Never asserts a time.
"""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, wait_theme_follows_links

pytestmark = pytest.mark.browser

# The fixture site's pages (the Pips template):
FIRST = "pips/"  # widgets: the service worker registers only once Python is up
BY_MENU = "pips/builder/"
BY_LOAD = ""  # the home page
NEVER = "pips/errata/"
KEPT = """async (urls) => { const kept = new Set();
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) kept.add(r.url);
    return urls.every((u) => kept.has(u)); }"""


def wait_kept(page, urls: list[str], tries: int = 300) -> None:
    """Until every URL is in the service worker's cache (page.evaluate awaits the check; a polled
    wait_for_function would take its promise for a true value)."""
    for _ in range(tries):
        if page.evaluate(KEPT, urls):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"never kept: {urls}")


def test_every_page_opened_in_the_visit_works_offline(pips_live, tab):
    page = tab.page
    page.goto(pips_live.url(FIRST))
    assert page.evaluate("navigator.serviceWorker.controller") is None
    wait_theme_follows_links(page)
    page.evaluate("window.__samePage = true")
    page.evaluate("p => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]"
                  ".find(a => new URL(a.href).pathname.endsWith('/' + p)).click()", BY_MENU)
    page.wait_for_url(pips_live.url(BY_MENU))
    assert page.evaluate("window.__samePage") is True  # followed in place, by the theme
    assert page.evaluate("navigator.serviceWorker.controller") is None  # read before the service worker ran
    page.goto(pips_live.url(BY_LOAD))
    page.wait_for_function("() => window.rollwright.offline && window.rollwright.offline.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    opened = [pips_live.url(p) for p in (FIRST, BY_MENU, BY_LOAD)]
    wait_kept(page, opened + [pips_live.url(""), pips_live.url("503.html")])

    tab.context.set_offline(True)
    try:
        for path in (BY_MENU, BY_LOAD, FIRST):  # the widgets' page last: Python starts offline too
            page.goto(pips_live.url(path))
            assert page.locator("h1").first.inner_text() != "You are offline", path
            assert page.locator(".md-header").is_visible(), path
        page.locator("section[data-rw-widget][data-rw-state='ready']").first.wait_for(timeout=BOOT_TIMEOUT_MS)

        response = page.goto(pips_live.url(NEVER))  # never opened: the site's own offline page
        assert response.status == 503
        assert page.locator("h1").first.inner_text() == "You are offline"
        text = page.locator("article").inner_text()
        assert "no copy of this page" in text and "home page" in text
        assert page.locator(".md-header").is_visible()  # the site's look: its header, its stylesheet
        header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
        assert header not in ("rgba(0, 0, 0, 0)", "transparent"), header
        home = page.locator("a[data-rw-offline-home]")
        assert home.evaluate("a => a.href") == pips_live.url("")
        home.focus()
        page.keyboard.press("Enter")  # the link home works offline
        page.wait_for_url(pips_live.url(""))
        page.wait_for_function("() => document.querySelector('h1').textContent !== 'You are offline'")
        page.goto(pips_live.url(""))  # a full load of the home page, offline (kept at install)
        # Its heading's id is "rollwright": the runtime's diagnostics are still window.rollwright.
        assert page.evaluate("window.rollwright.offline.state") == "ready"
    finally:
        tab.context.set_offline(False)
    assert tab.errors == []
