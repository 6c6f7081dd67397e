"""The memory snapshot in headless Chromium: the worker restores it and answers like CPython;
any problem with it (missing, corrupt, made by another Pyodide) falls back to a normal boot
that answers all the same; and a restored Python does not repeat its random draws.

On the flagship's Dice page (the kit's own widgets, no game's). Each damaged snapshot is a variant
of the session's built live_site, served on its own origin. Never asserts a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rollwright.kit import api
from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.siteserver import SiteServer
from tests.support.keyboard import next_field, type_into

DICE = "dice/"
WIDGETS = ("dice-odds", "dice-compare", "dice-roll")
NOTATION = "4d6!kh3+10k5"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def serve_variant(live_site, tmp_path_factory) -> Iterator[Callable[[Callable[[Path, Path], Path]], str]]:
    """Serve a variant of the built site on its own origin; returns that origin."""
    servers: list[SiteServer] = []

    def serve(make: Callable[[Path, Path], Path]) -> str:
        site = make(live_site.directory, tmp_path_factory.mktemp("variant") / "site")
        server = SiteServer()
        server.serve(site, rewrite_sitemap=True)
        servers.append(server)  # only once serving: closing a server that never served waits forever
        return server.origin

    yield serve
    for server in servers:
        server.close()


def _faces(roll: dict) -> list[str]:
    return [" ".join(str(f) for f in die["faces"]) for term in roll["terms"] for die in term.get("dice", [])]


def _roll(tab, seed: str) -> None:
    """Roll the Dice page's roller by keyboard, with this seed ('' for none)."""
    page, roller = tab.page, tab.widget("dice-roll")
    type_into(page, roller.locator("input[name=notation]"), NOTATION)
    next_field(page, seed)
    if not seed:
        page.keyboard.press("Backspace")  # the selected old seed goes: an empty seed rolls at random
    page.keyboard.press("Enter")


def _check_seeded_roll(tab) -> None:
    """A seeded roll in the browser is CPython's roll for that seed, die by die."""
    _roll(tab, "42")
    result = tab.widget("dice-roll").locator("[data-rw-result] .rw-dice-roll[data-rw-seed='42']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    expected = api.call("dice.roll", {"notation": NOTATION, "seed": 42})
    assert result.get_attribute("data-rw-total") == str(expected["total"])
    assert [d.get_attribute("data-rw-faces") for d in result.locator(".rw-die").all()] == _faces(expected)


def _go_live(tab, url: str) -> dict:
    """Open the Dice page, wait until every widget is live, and return window.rollwright
    with "requested": every URL the page and its Python worker asked for (the service
    worker's own downloads, which start once Python is up, are not counted)."""
    requested: list[str] = []
    tab.context.on("request", lambda request: None if request.service_worker else requested.append(request.url))
    tab.page.goto(url)
    for name in WIDGETS:
        tab.wait_state(name, "ready")
    _check_seeded_roll(tab)
    diagnostics = tab.page.evaluate("({...window.rollwright})")
    diagnostics["requested"] = requested
    assert diagnostics["state"] == "ready" and diagnostics["workerStarts"] == 1
    assert diagnostics["engineVersion"] == __import__("rollwright").__version__
    return diagnostics


def test_snapshot_path_is_ready_and_answers_like_cpython(live_site, tab):
    diagnostics = _go_live(tab, live_site.url(DICE))
    assert diagnostics["earlyStart"] is True  # started by main.html's inline script
    assert diagnostics["worker"]["bootFrom"] == "name"  # ... which gave it its init data in its name
    assert diagnostics["bootPath"] == "snapshot", diagnostics["bootReason"]
    assert diagnostics["bootReason"] is None
    assert diagnostics["worker"]["path"] == "snapshot"
    config = variants.runtime_config(live_site.directory)
    requested = diagnostics["requested"]
    assert any(url.endswith(config["snapshot"]["url"]) for url in requested)
    # What only a normal boot needs is never downloaded on the snapshot path.
    assert not [url for url in requested if url.endswith(("python_stdlib.zip", ".whl"))], requested
    # A first visit: the big downloads waited until the page had painted.
    at = diagnostics["worker"]["at"]
    assert diagnostics["worker"]["waitedForPaint"] is True
    assert at["painted"] <= at["downloads"] <= at["snapshot"] <= at["python"], at
    assert tab.page.evaluate("performance.getEntriesByName('rollwright-painted').length") == 1
    assert diagnostics["worker"]["fromCache"] == []  # nothing cached yet: all from the network
    assert tab.errors == []


@pytest.mark.parametrize("variant, reason", [
    (variants.without_snapshot, "HTTP 404"),
    (variants.with_corrupt_snapshot, "the memory snapshot"),
    (variants.with_foreign_snapshot, "could not be restored"),
    (variants.for_another_pyodide, "made with Pyodide 0.0.1"),
], ids=["missing", "corrupt", "other-pyodide-build", "other-pyodide-version"])
def test_an_unusable_snapshot_falls_back_to_a_normal_boot(serve_variant, browser, variant, reason):
    origin = serve_variant(variant)
    tab = open_tab(browser)
    try:
        diagnostics = _go_live(tab, origin + DICE)
        assert diagnostics["bootPath"] == "fallback"
        assert reason in diagnostics["bootReason"], diagnostics["bootReason"]
        stdlibs = [url for url in diagnostics["requested"] if url.endswith("python_stdlib.zip")]
        if variant is variants.for_another_pyodide:  # known not to fit: not even downloaded
            assert not [url for url in diagnostics["requested"] if url.endswith(".snapshot.zst")]
            assert [url.split("/assets/")[1].split("/")[0] for url in stdlibs] == ["pyodide"]  # the whole one
        else:  # the site's small standard library, listed with the snapshot for this same Pyodide
            assert [url.split("/assets/")[1].split("/")[0] for url in stdlibs] == ["snapshot"], stdlibs
        assert tab.external == [] and tab.errors == []
    finally:
        tab.context.close()


# A 400 ms round trip, which Chromium rates "3g" (the bandwidth is left alone, so the test stays quick;
# bench/ measures a whole slow-4G visit).
SLOW_LINK = {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1}


def test_a_first_visit_on_a_slow_connection_downloads_fewer_bytes(live_site, browser):
    """On a slow link the worker skips the 5 MB snapshot: a normal boot from the small standard library."""
    tab = open_tab(browser)
    try:
        cdp = tab.context.new_cdp_session(tab.page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
        diagnostics = _go_live(tab, live_site.url(DICE))
        assert diagnostics["bootPath"] == "fallback"
        assert "fewer bytes" in diagnostics["bootReason"] and "3g" in diagnostics["bootReason"], diagnostics
        requested = diagnostics["requested"]
        assert not [url for url in requested if url.endswith(".snapshot.zst")], requested
        stdlibs = [url for url in requested if url.endswith("python_stdlib.zip")]
        assert len(stdlibs) == 1 and "/assets/snapshot/" in stdlibs[0], stdlibs
        assert tab.external == [] and tab.errors == []
    finally:
        tab.context.close()


@pytest.mark.parametrize("variant, missing", [
    (variants.without_python_stdlib, "python_stdlib.zip"),
    (variants.without_pyodide_wasm, "pyodide.asm.wasm"),  # compiled early, beside the loader
], ids=["stdlib", "wasm"])
def test_a_runtime_that_cannot_start_names_the_missing_file(serve_variant, browser, variant, missing):
    origin = serve_variant(variant)
    tab = open_tab(browser)
    try:
        tab.page.goto(origin + DICE)
        tab.page.wait_for_function("() => window.rollwright?.state === 'failed'", timeout=BOOT_TIMEOUT_MS)
        error = tab.page.evaluate("() => window.rollwright.error")
        assert missing in error and "[object" not in error, error
        status = tab.widget("dice-odds").locator("[data-rw-status]").inner_text()
        assert missing in status and "[object" not in status, status
    finally:
        tab.context.close()


def test_without_inline_scripts_the_modules_start_python(live_site, browser):
    """A CSP without 'unsafe-inline' blocks main.html's early start; preboot.js starts the worker."""
    server = SiteServer(csp="script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'")
    server.serve(live_site.directory, rewrite_sitemap=True)
    tab = open_tab(browser)
    try:
        diagnostics = _go_live(tab, server.origin + DICE)
        assert diagnostics["earlyStart"] is False
        assert diagnostics["bootPath"] == "snapshot", diagnostics["bootReason"]
        assert len(tab.engine_workers()) == 1, tab.workers
    finally:
        tab.context.close()
        server.close()


def _unseeded_roll(tab) -> tuple[str, list[str]]:
    """Roll the roller with its seed left empty; returns (seed used, faces of every die)."""
    roller = tab.widget("dice-roll")
    before = roller.locator("[data-rw-result] .rw-dice-roll").get_attribute("data-rw-seed")
    _roll(tab, "")
    result = roller.locator(f"[data-rw-result] .rw-dice-roll:not([data-rw-seed='{before}'])")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    return result.get_attribute("data-rw-seed"), [d.get_attribute("data-rw-faces") for d in
                                                  result.locator(".rw-die").all()]


def test_unseeded_rolls_differ_between_visits(live_site, tab):
    """Two visits restore the same memory image; their unseeded rolls must still differ."""
    rolls = []
    for visit in range(2):
        if visit:
            tab.page.reload()
        else:
            tab.page.goto(live_site.url(DICE))
        tab.wait_state("dice-roll", "ready")
        assert tab.page.evaluate("window.rollwright.bootPath") == "snapshot"
        rolls.append(_unseeded_roll(tab))
    assert rolls[0][0] != rolls[1][0], rolls
    for seed, faces in rolls:  # and each is the engine's roll for the seed it reports
        assert faces == _faces(api.call("dice.roll", {"notation": NOTATION, "seed": int(seed)}))
