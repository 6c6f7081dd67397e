"""Offline after one visit, in headless Chromium: the service worker keeps the runtime and the
pages a reader opened, so a reload with the network gone still answers; and a newly published
build replaces the old one at a reload, never mixed with it (while another tab still shows the
old build, the old build stays). On the shared tests' own site (Pips).

Never asserts a time.
"""

from __future__ import annotations

import pytest

from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab, wait_builder_ready
from tests.support.fixture_site import RULES, site_call
from tests.support.keyboard import type_into
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

BUILDER = "pips/builder/"
ERRATA = "pips/errata/"
OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"


@pytest.fixture(scope="module")
def chances(pips_project) -> dict[int, str]:
    """CPython's exact chance of two hits, by pool size (asked of the fixture site's engine)."""
    return {dice: site_call(pips_project, "pips.odds", {"dice": dice, "need": 2})["p"] for dice in (4, 5)}


def _answers(tab, dice: int, chances: dict[int, str]) -> None:
    """Type a pool size into the odds widget: Python's answer is CPython's."""
    odds = tab.widget("pips-odds")
    type_into(tab.page, odds.locator("input[name=dice]"), str(dice))
    odds.locator(f"[data-rw-result] [data-rw-p='{chances[dice]}']").wait_for(timeout=BOOT_TIMEOUT_MS)


def _wait_offline_ready(page) -> dict:
    page.wait_for_function(OFFLINE_READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => window.rollwright.offline.build", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("({...window.rollwright.offline})")


def _live(tab, chances: dict[int, str]) -> None:
    tab.wait_state("pips-odds", "ready")
    _answers(tab, 4, chances)


def test_a_visited_site_works_offline(pips_live, tab, chances):
    page = tab.page
    page.goto(pips_live.url(RULES))
    _live(tab, chances)
    offline = _wait_offline_ready(page)
    assert offline["error"] is None and offline["update"] is None
    # Scripts and the wasm are kept as downloaded (not as copies the service worker made): the
    # browser keeps their compiled code only with such a response.
    pyodide = pips_live.url(variants.runtime_config(pips_live.directory)["pyodide"])
    kept = page.evaluate("""async (urls) => Promise.all(urls.map(async (url) => {
        const response = await caches.match(url);
        return response ? [response.url === url, response.type] : null; }))""",
                         [pyodide + "pyodide.asm.mjs", pyodide + "pyodide.asm.wasm"])
    assert kept == [[True, "basic"], [True, "basic"]], kept
    # Open a second page by instant navigation (the service worker keeps it).
    page.locator(".md-nav--primary a.md-nav__link", has_text="Character builder").first.click()
    page.wait_for_url(pips_live.url(BUILDER))
    wait_builder_ready(page)

    tab.context.set_offline(True)
    page.goto(pips_live.url(RULES))
    _live(tab, chances)
    assert page.evaluate("window.rollwright.bootPath") == "snapshot"
    # From the service worker's cache, nothing competes with the page: no wait for its paint.
    assert page.evaluate("window.rollwright.worker.waitedForPaint") is False
    # The big files are read from the service worker's cache directly (runtime/cached.js).
    snapshot_file = variants.runtime_config(pips_live.directory)["snapshot"]["url"].rsplit("/", 1)[1]
    from_cache = set(page.evaluate("window.rollwright.worker.fromCache"))
    assert {"pyodide.asm.wasm", snapshot_file} <= from_cache
    assert "zstd-decoder.wasm" not in from_cache  # the snapshot was kept decoded: no decoder is loaded
    _answers(tab, 5, chances)

    page.goto(pips_live.url(BUILDER))  # a full load of the other page opened before, offline
    wait_builder_ready(page)
    # The builder's page starts Python in its <head> (the rules page, answered at build time, starts it when
    # idle): that early-started worker boots from its name at once, also when the service worker serves its
    # script (a #fragment on its URL would be lost with the served response's own URL).
    page.wait_for_function("() => window.rollwright.worker", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.rollwright.worker.bootFrom") == "name"
    page.goto(pips_live.url(ERRATA))  # never opened: says so instead of a browser error
    assert "You are offline" in page.locator("body").inner_text()
    tab.context.set_offline(False)


def test_a_new_build_replaces_the_old_one_at_a_reload(pips_live, browser, tmp_path, chances):
    marker = "Release marker: the second build of this test."
    server = SiteServer()
    server.serve(variants.copy_site(pips_live.directory, tmp_path / "first"), rewrite_sitemap=True)
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(server.origin + RULES)
        _live(tab, chances)
        first = _wait_offline_ready(page)["build"]
        other = tab.context.new_page()  # a second tab on the first build
        other.goto(server.origin)

        release = variants.build_release(pips_live.project, "pips/index.md", tmp_path / "second", server.origin,
                                         marker)
        server.publish(release)
        second = variants.rewrite_service_worker(release)["build"]  # the same sw.js, parsed back
        assert second != first

        # With another tab still on the first build, a reload keeps the first build (never a mix)
        # while the new one installs in the background.
        page.reload()
        page.wait_for_function("() => window.rollwright.offline && window.rollwright.offline.update === 'ready'",
                               timeout=BOOT_TIMEOUT_MS)
        assert page.get_by_text(marker).count() == 0
        _live(tab, chances)

        # The last tab of the first build reloads: the new build takes over. (For a moment after a
        # tab closes, the service worker may still count it among its windows; the reader's next
        # reload then brings the new build, so a reload is tried up to three times.)
        other.close()
        for _ in range(3):
            page.reload()
            _live(tab, chances)
            if page.get_by_text(marker).count():
                break
        page.get_by_text(marker).wait_for(timeout=BOOT_TIMEOUT_MS)
        _live(tab, chances)
        offline = _wait_offline_ready(page)
        assert offline["build"] == second and offline["update"] is None
        assert page.evaluate("caches.keys()") == [f"rollwright-{second}"]
        assert page.evaluate("window.rollwright.bootPath") == "snapshot"
        assert tab.external == []
    finally:
        tab.context.close()
        server.close()


def test_a_first_visit_downloads_the_runtime_once(pips_live, browser, tmp_path, chances):
    """The service worker takes the runtime the Python worker downloaded (runtime/handoff.js)
    instead of downloading it again; what only a normal boot needs is never downloaded; and the
    snapshot is kept decompressed, so the next visit restores it without decoding it again."""
    server = SiteServer()
    server.serve(variants.copy_site(pips_live.directory, tmp_path / "site"), rewrite_sitemap=True)
    config = variants.runtime_config(pips_live.directory)
    tab = open_tab(browser)
    try:
        tab.page.goto(server.origin + RULES)
        _live(tab, chances)
        _wait_offline_ready(tab.page)
        sent = dict(server.traffic.by_path)
        for path in (config["pyodide"] + "pyodide.asm.wasm", config["snapshot"]["url"],
                     "assets/rollwright/runtime/zstd-decoder.wasm"):
            assert sent["/" + path] == (pips_live.directory / path).stat().st_size, path
        assert not [p for p in sent if p.endswith(("python_stdlib.zip", ".whl"))], sorted(sent)
        stored = tab.page.evaluate("""async (url) => {
            const hit = await caches.match(url);
            return {inflated: hit.headers.get('X-Rollwright-Inflated'), bytes: (await hit.arrayBuffer()).byteLength};
        }""", server.origin + config["snapshot"]["url"])
        assert stored == {"inflated": "1", "bytes": config["snapshot"]["packedBytes"]}
        build = tab.page.evaluate("window.rollwright.offline.build")
        assert tab.page.evaluate("caches.keys()") == [f"rollwright-{build}"]
        tab.page.reload()
        _live(tab, chances)
        assert tab.page.evaluate("window.rollwright.bootPath") == "snapshot"
    finally:
        tab.context.close()
        server.close()
