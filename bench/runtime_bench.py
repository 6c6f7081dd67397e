"""Bench part 2b: the browser runtime's two boot paths, offline reloads and transfer sizes.

* The fallback path: the same site with its memory snapshot deleted (the worker gets a
  404 and boots Python the normal way), timed exactly as the snapshot path is.
* Offline reload: after a visit, once the service worker has cached the build, the network
  is cut and the page reloaded: navigation to the first live answer.
* Cold transfer: bytes the server sent for one cold visit to basic-rules, counted by the
  server (bodies only, no compression on this server): by the first live answer, and once
  the service worker has cached what offline reading needs.
"""

from __future__ import annotations

from pathlib import Path

from siteserver import SiteServer  # noqa: E402 - bench/run.py puts tests/support on sys.path
from variants import without_snapshot  # noqa: E402

OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"
# Before each reload, the page is left alone this long, as a returning reader would: work a page
# defers until Python is up (Material's search index) is done by then, not counted in the next load.
SETTLE_MS = 1500
# The Python worker's timeline (window.rollwright.worker.at, epoch ms) as ms after navigation.
STAGES = """() => Object.fromEntries(Object.entries(window.rollwright.worker.at)
    .map(([stage, at]) => [stage, Math.round(at - performance.timeOrigin)]))"""


def serve_fallback_site(site_dir: Path, tmp_dir: Path) -> SiteServer:
    """A second server with the same site minus its snapshot (so every visit takes the fallback path)."""
    server = SiteServer()
    server.serve(without_snapshot(site_dir, tmp_dir / "site-without-snapshot"), rewrite_sitemap=True)
    return server


def offline_reload(browser, origin: str, path: str, first_answer, wait_ms: int) -> dict:
    """Visit, let the service worker cache the build, go offline, reload: time to the first answer."""
    context = browser.context()
    page = context.new_page()
    page.goto(origin + path)
    first_answer(page, 1)
    page.wait_for_function(OFFLINE_READY, timeout=wait_ms)
    page.wait_for_timeout(SETTLE_MS)
    context.set_offline(True)
    page.reload()
    mark = first_answer(page, 1)
    boot_path = page.evaluate("window.rollwright.bootPath")
    context.set_offline(False)
    context.close()
    return {"offline": mark["answerAt"], "offline_boot_path": boot_path}


def cold_transfer(browser, server: SiteServer, path: str, first_answer, wait_ms: int) -> dict:
    """Bytes sent by the server for one cold visit (a fresh browser profile)."""
    server.traffic.reset()
    context = browser.context()
    page = context.new_page()
    page.goto(server.origin + path)
    first_answer(page, 1)
    by_answer = server.traffic.total()
    page.wait_for_function(OFFLINE_READY, timeout=wait_ms)
    page.wait_for_load_state("networkidle")
    total = server.traffic.total()
    largest = sorted(server.traffic.by_path.items(), key=lambda item: -item[1])[:6]
    context.close()
    return {"by_first_answer": by_answer, "with_offline_cache": total, "largest": largest}


def report_lines(r: dict) -> list[str]:
    """The bench table's rows for these figures."""
    rw, fb, ratio = r["rollwright_first_answer_ms"], r["fallback_first_answer_ms"], r["ratios"]
    transfer = r["cold_transfer_bytes"]
    mb = 1_000_000
    return [
        f"{'2b. fallback path, cold (vs bare cold)':<52}{fb['cold']:>10.0f}"
        f"{ratio['fallback_cold_vs_bare_cold']:>10.2f}",
        f"{'2b. fallback path, warm (vs bare warm)':<52}{fb['warm']:>10.0f}"
        f"{ratio['fallback_warm_vs_bare_warm']:>10.2f}",
        f"   boot paths taken: snapshot path {sorted(set(rw['paths']))}, fallback {sorted(set(fb['paths']))}",
        f"{'3b. offline reload -> live answer (vs bare warm)':<52}{rw['offline']:>10.0f}"
        f"{ratio['offline_reload_vs_bare_warm']:>10.2f}",
        f"{'6. cold visit to basic-rules: MB sent by first answer':<52}{transfer['by_first_answer'] / mb:>10.2f}",
        f"{'   ... and once the offline cache is filled':<52}{transfer['with_offline_cache'] / mb:>10.2f}",
        "   largest: " + ", ".join(f"{Path(p).name} {n / mb:.2f}" for p, n in transfer["largest"]),
    ]
