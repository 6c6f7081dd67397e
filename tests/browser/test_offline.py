"""Offline after one visit, in headless Chromium: the service worker keeps the runtime and the
pages a reader opened, so a reload with the network gone still answers; and a newly published
build replaces the old one at a reload, never mixed with it (while another tab still shows the
old build, the old build stays).

Never asserts a time.
"""

from __future__ import annotations

import pytest

from rollwright.kit import api
from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.siteserver import SiteServer
from tests.systems.facade.browser.test_widgets import BASIC_RULES, _check_seeded_roll

pytestmark = pytest.mark.browser

COMBAT = "facade/combat/"
OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"


def _wait_offline_ready(page) -> dict:
    page.wait_for_function(OFFLINE_READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => window.rollwright.offline.build", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("({...window.rollwright.offline})")


def _live(tab) -> None:
    tab.wait_state("facade-roller", "ready")
    _check_seeded_roll(tab)


def test_a_visited_site_works_offline(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    _live(tab)
    offline = _wait_offline_ready(page)
    assert offline["error"] is None and offline["update"] is None
    # Scripts and the wasm are kept as downloaded (not as copies the service worker made): the
    # browser keeps their compiled code only with such a response.
    pyodide = live_site.url(variants.runtime_config(live_site.directory)["pyodide"])
    kept = page.evaluate("""async (urls) => Promise.all(urls.map(async (url) => {
        const response = await caches.match(url);
        return response ? [response.url === url, response.type] : null; }))""",
                         [pyodide + "pyodide.asm.mjs", pyodide + "pyodide.asm.wasm"])
    assert kept == [[True, "basic"], [True, "basic"]], kept
    # Open a second page by instant navigation (the service worker keeps it).
    page.locator(".md-nav--primary a.md-nav__link", has_text="Combat").first.click()
    page.wait_for_url(live_site.url(COMBAT))
    page.locator("section[data-rw-widget][data-rw-state='ready']").first.wait_for(timeout=BOOT_TIMEOUT_MS)

    tab.context.set_offline(True)
    page.goto(live_site.url(BASIC_RULES))
    _live(tab)
    assert page.evaluate("window.rollwright.bootPath") == "snapshot"
    # From the service worker's cache, nothing competes with the page: no wait for its paint.
    assert page.evaluate("window.rollwright.worker.waitedForPaint") is False
    # The early-started worker boots from its name at once, also when the service worker serves
    # its script (a #fragment on its URL would be lost with the served response's own URL).
    assert page.evaluate("window.rollwright.worker.bootFrom") == "name"
    # The big files are read from the service worker's cache directly (runtime/cached.js).
    snapshot_file = variants.runtime_config(live_site.directory)["snapshot"]["url"].rsplit("/", 1)[1]
    assert {"pyodide.asm.wasm", snapshot_file} <= set(page.evaluate("window.rollwright.worker.fromCache"))
    odds = tab.widget("facade-odds")
    odds.locator("input[name=trait]").fill("11")
    odds.locator("input[name=trait]").dispatch_event("input")
    expected = api.call("facade.odds", {"trait": 11, "difficulty": 14})["p_success"]
    odds.locator(f"[data-rw-result] [data-rw-p-success='{expected}']").wait_for(timeout=BOOT_TIMEOUT_MS)

    page.goto(live_site.url(COMBAT))  # a full load of the other page opened before, offline
    page.locator("section[data-rw-widget][data-rw-state='ready']").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    page.goto(live_site.url("facade/errata/"))  # never opened: says so instead of a browser error
    assert "You are offline" in page.locator("body").inner_text()
    tab.context.set_offline(False)


def test_a_new_build_replaces_the_old_one_at_a_reload(live_site, browser, tmp_path):
    marker = "Release marker: the second build of this test."
    server = SiteServer()
    server.serve(variants.copy_site(live_site.directory, tmp_path / "first"), rewrite_sitemap=True)
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(server.origin + BASIC_RULES)
        _live(tab)
        first = _wait_offline_ready(page)["build"]
        other = tab.context.new_page()  # a second tab on the first build
        other.goto(server.origin)

        release = variants.build_release(tmp_path / "second", server.origin, marker)
        server.publish(release)
        second = variants.rewrite_service_worker(release)["build"]  # the same sw.js, parsed back
        assert second != first

        # With another tab still on the first build, a reload keeps the first build (never a mix)
        # while the new one installs in the background.
        page.reload()
        page.wait_for_function("() => window.rollwright.offline && window.rollwright.offline.update === 'ready'",
                               timeout=BOOT_TIMEOUT_MS)
        assert page.get_by_text(marker).count() == 0
        _live(tab)

        # The last tab of the first build reloads: the new build takes over. (For a moment after a
        # tab closes, the service worker may still count it among its windows; the reader's next
        # reload then brings the new build, so a reload is tried up to three times.)
        other.close()
        for _ in range(3):
            page.reload()
            _live(tab)
            if page.get_by_text(marker).count():
                break
        page.get_by_text(marker).wait_for(timeout=BOOT_TIMEOUT_MS)
        _live(tab)
        offline = _wait_offline_ready(page)
        assert offline["build"] == second and offline["update"] is None
        assert page.evaluate("caches.keys()") == [f"rollwright-{second}"]
        assert page.evaluate("window.rollwright.bootPath") == "snapshot"
        assert tab.external == []
    finally:
        tab.context.close()
        server.close()


def test_a_first_visit_downloads_the_runtime_once(live_site, browser, tmp_path):
    """The service worker takes the runtime the Python worker downloaded (runtime/handoff.js)
    instead of downloading it again; what only a normal boot needs is never downloaded; and the
    snapshot is kept decompressed, so the next visit restores it without gzip."""
    server = SiteServer()
    server.serve(variants.copy_site(live_site.directory, tmp_path / "site"), rewrite_sitemap=True)
    config = variants.runtime_config(live_site.directory)
    tab = open_tab(browser)
    try:
        tab.page.goto(server.origin + BASIC_RULES)
        _live(tab)
        _wait_offline_ready(tab.page)
        sent = dict(server.traffic.by_path)
        for path in (config["pyodide"] + "pyodide.asm.wasm", config["snapshot"]["url"]):
            assert sent["/" + path] == (live_site.directory / path).stat().st_size, path
        assert not [p for p in sent if p.endswith(("python_stdlib.zip", ".whl"))], sorted(sent)
        stored = tab.page.evaluate("""async (url) => {
            const hit = await caches.match(url);
            return {inflated: hit.headers.get('X-Rollwright-Inflated'), bytes: (await hit.arrayBuffer()).byteLength};
        }""", server.origin + config["snapshot"]["url"])
        assert stored == {"inflated": "1", "bytes": config["snapshot"]["packedBytes"]}
        build = tab.page.evaluate("window.rollwright.offline.build")
        assert tab.page.evaluate("caches.keys()") == [f"rollwright-{build}"]
        tab.page.reload()
        _live(tab)
        assert tab.page.evaluate("window.rollwright.bootPath") == "snapshot"
    finally:
        tab.context.close()
        server.close()
