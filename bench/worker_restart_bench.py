"""How fast a dead Python worker is seen and replaced (issue 30, item 9), in headless Chromium.

    .venv/bin/python bench/worker_restart_bench.py [--repeat N] [--site DIR]

On basic-rules (warm: the service worker has cached the build), the worker is closed from inside
(as a crash would stop it); printed, as medians of N runs, in the clocks of the page and the worker:

- seen: from the worker's close to the page starting another one (runtime/liveness.js's life lock);
- back: from the close to Python ready again in the new worker, as a ratio to the page's own
  warm boot measured in the same run (window.rollwright.bootMs of the reload before);
- a call in flight when the worker dies, answered by the next one: from the close to its answer.

Before issue 30, a death was seen only when a call timed out (30 s; 120 s while booting).
Nothing here is a test; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.support.siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer, build_site  # noqa: E402

PAGE = "facade/basic-rules/"
WAIT_MS = 180_000
READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"
# Epoch ms, in the page: when the runtime went back to "loading" (a new worker) and to "ready".
WATCH = """() => { window.__restart = {}; const at = () => performance.timeOrigin + performance.now();
    new BroadcastChannel("rollwright-python").onmessage = (e) => {
        if (e.data && e.data.state) window.__restart[e.data.state] ??= at(); }; }"""
CLOSE = "() => { const t = performance.timeOrigin + performance.now(); self.close(); return t; }"


def engine_worker(page):
    return [w for w in page.workers if w.url.split("?")[0].endswith("/assets/rollwright/runtime/worker.js")][-1]


def one_run(browser, origin: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(origin + PAGE)
    page.wait_for_function(READY, timeout=WAIT_MS)
    page.reload()
    page.wait_for_function("() => window.rollwright.state === 'ready' && window.rollwright.watched", timeout=WAIT_MS)
    warm_boot = page.evaluate("window.rollwright.bootMs")
    # The runtime tells its state on a BroadcastChannel, which another channel object of the page hears.
    page.evaluate(WATCH)
    closed = engine_worker(page).evaluate(CLOSE)
    page.wait_for_function("() => window.__restart.ready", timeout=WAIT_MS)
    times = page.evaluate("window.__restart")
    # A call in flight: ask, then close the worker before it can answer.
    page.wait_for_function("() => window.rollwright.watched", timeout=WAIT_MS)
    odds = page.locator("section[data-rw-widget='facade-odds'] input[name=trait]")
    odds.fill("9")
    page.evaluate("() => { window.__answered = null; const r = document.querySelector("
                  "\"section[data-rw-widget='facade-odds'] [data-rw-result]\"); new MutationObserver(() => "
                  "{ window.__answered ??= performance.timeOrigin + performance.now(); }).observe(r, {childList: true, subtree: true}); }")
    odds.dispatch_event("input")
    closed_in_flight = engine_worker(page).evaluate(CLOSE)
    page.wait_for_function("() => window.__answered", timeout=WAIT_MS)
    answered = page.evaluate("window.__answered")
    context.close()
    return {"seen": times["loading"] - closed, "back": times["ready"] - closed, "warmBoot": warm_boot,
            "inFlight": answered - closed_in_flight}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = SiteServer()
    site = args.site
    if site is None:
        site = Path(__import__("tempfile").mkdtemp()) / "site"
        build_site(site, server.origin)
    server.serve(site, rewrite_sitemap=args.site is not None)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            runs = [one_run(browser, server.origin) for _ in range(args.repeat)]
            browser.close()
    finally:
        server.close()
    median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    print(f"dead worker, {args.repeat} runs (medians, ms):")
    print(f"  seen after the close:          {median['seen']:.0f}")
    print(f"  Python ready again:            {median['back']:.0f}  ({median['back'] / median['warmBoot']:.2f}x the page's warm boot,"
          f" {median['warmBoot']:.0f})")
    print(f"  call in flight answered after: {median['inFlight']:.0f}")


if __name__ == "__main__":
    main()
