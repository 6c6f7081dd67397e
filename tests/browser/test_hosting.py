"""The same build works wherever it is hosted: instant navigation on any origin, not only site_url's.
On the shared tests' own site (Pips)."""

from __future__ import annotations

import pytest

from tests.support.browser import open_tab, wait_theme_follows_links
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

BUILDER = "pips/builder/"
ERRATA = "pips/errata/"


def _navigates_instantly(browser, origin: str) -> bool:
    """Open one page, follow a nav link; True when the document survived (Material's instant navigation)."""
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(origin + ERRATA)
        wait_theme_follows_links(page)
        page.evaluate("window.__sameDocument = true")
        page.locator(".md-nav--primary a.md-nav__link", has_text="Character builder").first.click()
        page.wait_for_url(origin + BUILDER)
        page.wait_for_selector("h1")
        return page.evaluate("window.__sameDocument === true")
    finally:
        tab.context.close()
        assert tab.external == [], tab.external


def test_one_build_navigates_instantly_on_two_ports(pips_live, browser):
    """The sitemap names the built-for origin; served on another port, links must still be instant."""
    other = SiteServer()
    other.serve(pips_live.directory)  # the very same files, nothing rewritten by the server
    try:
        assert other.origin != pips_live.server.origin
        assert _navigates_instantly(browser, pips_live.server.origin)
        assert _navigates_instantly(browser, other.origin), (
            "served on another port, the nav link reloaded the page: instant navigation depends on site_url")
    finally:
        other.close()


def test_pages_without_widgets_load_no_builder_code(pips_live, browser):
    tab = open_tab(browser)
    requested: list[str] = []
    tab.page.on("request", lambda request: requested.append(request.url))
    try:
        for path in ("", ERRATA):
            tab.page.goto(pips_live.url(path))
            tab.page.wait_for_load_state("load")
            tab.page.wait_for_timeout(200)  # the entry module's dynamic imports, had there been any
        builder = [url for url in requested if "/assets/rollwright/builder/" in url or "use-character" in url]
        assert builder == []
    finally:
        tab.context.close()
