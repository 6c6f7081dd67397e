"""A host that gzips what it sends (as GitHub Pages and most CDNs do; ``SiteServer(compress=True)``) changes
nothing for a reader: the first visit still restores the memory snapshot (its zstd frames go as they are, for the
worker's own decoder), the runtime is downloaded once and kept, and a reload with the network
gone answers from the service worker's cache. On the shared tests' own site (Pips). Never asserts a time.
"""

from __future__ import annotations

import pytest

from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES, site_call
from tests.support.keyboard import type_into
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"


def _answers(tab, dice: int, chance: str) -> None:
    odds = tab.widget("pips-odds")
    tab.wait_state("pips-odds", "ready")
    type_into(tab.page, odds.locator("input[name=dice]"), str(dice))
    odds.locator(f"[data-rw-result] [data-rw-p='{chance}']").wait_for(timeout=BOOT_TIMEOUT_MS)


def test_a_gzipping_host_keeps_the_snapshot_path_and_offline_reading(pips_live, pips_project, browser, tmp_path):
    chance = site_call(pips_project, "pips.odds", {"dice": 4, "need": 2})["p"]
    server = SiteServer(compress=True)
    server.serve(variants.copy_site(pips_live.directory, tmp_path / "site"), rewrite_sitemap=True)
    config = variants.runtime_config(pips_live.directory)
    wasm, snapshot = "/" + config["pyodide"] + "pyodide.asm.wasm", "/" + config["snapshot"]["url"]
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(server.origin + RULES)
        _answers(tab, 4, chance)
        assert page.evaluate("window.rollwright.bootPath") == "snapshot"
        page.wait_for_function(OFFLINE_READY, timeout=BOOT_TIMEOUT_MS)
        sent = server.traffic.snapshot()
        size = {path: (pips_live.directory / path.lstrip("/")).stat().st_size for path in (wasm, snapshot)}
        assert sent[wasm]["requests"] == 1 and sent[wasm]["raw"] == size[wasm] > sent[wasm]["wire"]  # gzipped
        assert sent[snapshot] == {"wire": size[snapshot], "raw": size[snapshot], "requests": 1}  # as it is
        kept = page.evaluate("""async ([wasm, snapshot]) => {
            const [w, s] = [await caches.match(wasm), await caches.match(snapshot)];
            return [(await w.arrayBuffer()).byteLength, s.headers.get('X-Rollwright-Inflated'),
                    (await s.arrayBuffer()).byteLength]; }""", [server.origin + wasm[1:], server.origin + snapshot[1:]])
        assert kept == [size[wasm], "1", config["snapshot"]["packedBytes"]]

        tab.context.set_offline(True)
        page.reload()
        _answers(tab, 4, chance)
        assert page.evaluate("window.rollwright.bootPath") == "snapshot"
        assert "pyodide.asm.wasm" in page.evaluate("window.rollwright.worker.fromCache")
        assert tab.errors == [] and tab.external == []
    finally:
        tab.context.close()
        server.close()
