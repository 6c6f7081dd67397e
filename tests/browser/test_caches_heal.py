"""Caches heal (issue 41, finding 3), in Chromium on the shared tests' own site (Pips).

Before: with the service worker's copy of ``runtime/worker.js`` cut in half, every page said live
answers were unavailable, on every reload and in new tabs, until the reader cleared site data; and a
half-downloaded ``pyodide.asm.wasm`` on a first visit failed with a technical message and no retry.
Now the service worker checks a cached copy when it serves it, drops a damaged one and fetches it
again; and the Python worker fetches a wasm that arrived cut short once more.
"""

from __future__ import annotations

import re

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"
WORKER = "assets/rollwright/runtime/worker.js"


def test_a_cut_copy_of_the_worker_in_the_cache_is_fetched_again(pips_live, tab) -> None:
    page = tab.page
    page.goto(pips_live.url(RULES))
    tab.wait_state("pips-odds", "ready")
    page.wait_for_function(OFFLINE_READY, timeout=BOOT_TIMEOUT_MS)
    url = pips_live.url(WORKER)
    # A torn write: the kept copy of the worker's script is its first half.
    cut = page.evaluate("""async (url) => {
        const name = (await caches.keys()).find((key) => key.startsWith("rollwright-"));
        const cache = await caches.open(name);
        const whole = await (await cache.match(url)).text();
        await cache.put(url, new Response(whole.slice(0, whole.length >> 1),
                                          {headers: {"Content-Type": "text/javascript"}}));
        return [whole.length, (await (await cache.match(url)).text()).length];
    }""", url)
    assert cut[1] < cut[0]
    page.goto(pips_live.url(RULES))  # a visit as any other: nothing cleared by the reader
    tab.wait_state("pips-odds", "ready")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => window.rollwright.offline.healed.length > 0", timeout=BOOT_TIMEOUT_MS)
    assert WORKER in page.evaluate("window.rollwright.offline.healed")
    length = page.evaluate("""async (url) => {
        const name = (await caches.keys()).find((key) => key.startsWith("rollwright-"));
        const kept = await (await caches.open(name)).match(url);
        return kept ? (await kept.text()).length : null;
    }""", url)
    assert length in (None, cut[0])  # dropped, or kept again whole
    assert tab.errors == []


def test_a_wasm_cut_short_on_a_first_visit_is_downloaded_again(pips_live, browser) -> None:
    tab = open_tab(browser, service_workers="block")
    served: list[int] = []

    def cut_first(route) -> None:
        response = route.fetch()
        body = response.body()
        served.append(len(body))
        if len(served) == 1:
            route.fulfill(response=response, body=body[: len(body) // 2])
        else:
            route.fulfill(response=response, body=body)

    try:
        tab.context.route("**/pyodide.asm.wasm", cut_first)
        tab.page.goto(pips_live.url(RULES))
        tab.wait_state("pips-odds", "ready")
        assert len(served) == 2
        retried = tab.page.evaluate("window.rollwright.worker.wasmRetried")
        assert len(retried) == 1, retried
        assert tab.errors == []
    finally:
        tab.context.close()


def test_pyodides_runtime_script_cut_short_on_a_first_visit_is_downloaded_again(pips_live, browser) -> None:
    """Every runtime file the worker fetches gets one more try (whole-files.js): here pyodide.asm.mjs, which
    cut short does not parse; the zips (the standard library, the engine wheel) are checked for their end."""
    tab = open_tab(browser, service_workers="block")
    served: list[str] = []

    def cut_first(route) -> None:
        response = route.fetch()
        body = response.body()
        served.append(route.request.url)
        route.fulfill(response=response, body=body[: len(body) // 2] if len(served) == 1 else body)

    try:
        tab.context.route(re.compile(r"/pyodide\.asm\.mjs(\?.*)?$"), cut_first)
        tab.page.goto(pips_live.url(RULES))
        tab.wait_state("pips-odds", "ready")
        assert len(served) == 2 and served[1].endswith("?again=1"), served
        retried = tab.page.evaluate("window.rollwright.worker.filesRetried")
        assert len(retried) == 1 and retried[0].startswith("pyodide.asm.mjs: "), retried
        assert tab.page.evaluate("window.rollwright.worker.wasmRetried") == []
        assert tab.errors == []
    finally:
        tab.context.close()


def test_a_wheel_cut_short_is_downloaded_again(pips_live, browser) -> None:
    """Without the snapshot (refused here) Python boots the normal way and unpacks the engine wheel: a copy cut
    short lacks a zip's table of contents and is fetched once more, past the caches."""
    tab = open_tab(browser, service_workers="block")
    served: list[int] = []

    def cut_first(route) -> None:
        response = route.fetch()
        body = response.body()
        served.append(len(body))
        route.fulfill(response=response, body=body[: len(body) // 2] if len(served) == 1 else body)

    try:
        tab.context.route("**/*.snapshot.zst", lambda route: route.fulfill(status=404, body="gone"))
        tab.context.route("**/*.whl", cut_first)
        tab.page.goto(pips_live.url(RULES))
        tab.wait_state("pips-odds", "ready")
        assert len(served) == 2
        worker = tab.page.evaluate("window.rollwright.worker")
        assert worker["path"] == "fallback"
        assert len(worker["filesRetried"]) == 1 and ".whl: its last part is missing" in worker["filesRetried"][0]
    finally:
        tab.context.close()
