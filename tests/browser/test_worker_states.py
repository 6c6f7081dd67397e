"""The Python worker's states are told apart (issue 41, finding 5), on the fixture site (Pips).

Before: a worker killed while booting, before the page watched its life lock, left "Starting
Python..." for 122 s, then a failure blaming a slow connection or a Content-Security-Policy; a call
that never returned read as a slow engine for 30 s. Now a worker that gives no sign of life is
replaced within seconds (``window.rollwright.deaths`` says it died while booting), and a call over its
budget is cut with "this answer took too long". Never asserts a time.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

ODDS = "pips-odds"
WORKER_PATH = "/assets/rollwright/runtime/worker.js"


def test_a_worker_killed_before_the_page_watches_it_is_replaced(pips_live, tab) -> None:
    page = tab.page
    held: list = []
    page.route("**/runtime/worker-client.js", lambda route: held.append(route))  # the page cannot watch it yet
    # The builder's page starts Python in its <head> (the rules page, answered at build time, starts it later).
    with page.expect_worker(lambda w: urlsplit(w.url).path.endswith(WORKER_PATH), timeout=BOOT_TIMEOUT_MS) as early:
        page.goto(pips_live.url("pips/builder/"), wait_until="commit")
    early.value.evaluate("self.close()")  # killed while booting, before any page module could watch it
    for route in held:
        route.continue_()
    page.unroute("**/runtime/worker-client.js")
    page.wait_for_function("() => window.rollwright && window.rollwright.phase === 'ready'", timeout=BOOT_TIMEOUT_MS)
    diagnostics = page.evaluate("({...window.rollwright, deaths: window.rollwright.deaths})")
    assert diagnostics["restarts"] == 1 and diagnostics["phase"] == "ready", diagnostics
    assert diagnostics["deaths"][0]["when"] == "booting", diagnostics
    assert "no sign of life" in diagnostics["restartReason"], diagnostics
    assert tab.errors == []


def test_a_worker_killed_once_ready_is_told_from_one_killed_while_booting(pips_live, tab) -> None:
    page = tab.page
    page.goto(pips_live.url(RULES))
    tab.wait_state(ODDS, "ready")
    page.wait_for_function("() => window.rollwright.watched === true", timeout=BOOT_TIMEOUT_MS)
    [w for w in page.workers if urlsplit(w.url).path.endswith(WORKER_PATH)][-1].evaluate("self.close()")
    page.wait_for_function("() => window.rollwright.restarts === 1 && window.rollwright.phase === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    deaths = page.evaluate("window.rollwright.deaths")
    assert [d["when"] for d in deaths] == ["later"], deaths


def test_a_call_over_its_budget_is_cut_and_named(pips_live, browser, tmp_path) -> None:
    site = variants.copy_site(pips_live.directory, tmp_path / "site")
    variants.edit_pages(site, lambda text: text.replace('"callTimeoutMs": 30000', '"callTimeoutMs": 1'))
    variants.rewrite_service_worker(site)
    server = SiteServer()
    tab = open_tab(browser)
    try:
        server.serve(site)
        page = tab.page
        page.goto(server.origin + RULES)
        tab.wait_state(ODDS, "ready")
        field = page.locator(f"section[data-rw-widget='{ODDS}'] input[name=dice]")
        field.fill("5")
        field.press("Tab")
        page.wait_for_function("() => window.rollwright.phase === 'hung'", timeout=BOOT_TIMEOUT_MS)
        text = page.locator(f"section[data-rw-widget='{ODDS}']").inner_text()
        assert "this answer took too long" in text, text
        assert "Starting Python" not in text
    finally:
        tab.context.close()
        server.close()
