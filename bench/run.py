"""Rollwright benchmarks: one run prints a table and writes bench/results/latest.json.

    .venv/bin/python bench/run.py [--repeat N] [--phone-repeat N] [--no-phone] [--no-lighthouse]
    taskset -c 0 .venv/bin/python bench/run.py --no-lighthouse   # the same on one CPU

The header names the CPUs the bench may use (its affinity), which Chromium inherits.

1. Bare Pyodide boot in headless Chromium (a bench-only page on the built site's
   origin boots the same self-hosted Pyodide in a module worker): cold and warm.
   1b. The snapshot lever alone: a bench-only page whose module worker gives Pyodide's own
   loader the build's snapshot and answers one engine call (no rules page, no service
   worker, none of the runtime's boot order): the floor the rules page is measured against.
2. Rollwright: navigation to the first live answer on the basic-rules page (first
   widget ready, then one call answered), cold and warm, as a ratio to (1): the snapshot
   path, then (2b) the fallback path, on the same site without its snapshot. "warm" is the
   second reload once the service worker has cached the build (a returning reader).
3. After an instant navigation to another page with a widget: time from the click to
   its first live answer, as a ratio to (1) warm; (3b) an offline reload once the service
   worker has cached the build.
4. Engine vs icepool in CPython for a few distributions (engine_bench.py; alone:
   .venv/bin/python bench/engine_bench.py): in this process (median of repeated calls, and each
   case's first call here, after earlier cases warmed both libraries), and in a fresh process per
   case and side (the import, then the first call, each timed alone; median of 5 processes).
5. A bare one-page mkdocs build with the same theme vs the full site build.
6. Bytes sent by the server for a cold visit to basic-rules (runtime_bench.py).
7. The Dice page's answer per case in the browser (p50/p95) vs icepool in CPython (dice_page_bench.py).
8. Lighthouse (pinned in bench/package.json, mobile preset, one run per page) on every page of the
   sitemap: performance, accessibility, best practices, SEO, LCP and transfer (lighthouse_bench.py;
   --no-lighthouse skips it). For a few pages alone:
       .venv/bin/python bench/lighthouse_bench.py --pages facade/basic-rules/ facade/builder/ index
9. Every registry call at the corners of its parameters, caches emptied, in CPython: the slowest, as
   ratios to icepool building 10k5 from nothing (call_sweep.py; `make fuzz` runs it larger).
10. The author's loop (author_loop_bench.py): under `rollwright serve` of a copy of the flagship, a Markdown
   edit and a rules edit, from the file's write to the open page in Chromium showing it (and, for the rules
   edit, its widget answering from the new engine), as ratios to plain mkdocs-material serving the same
   Markdown with the macros stubbed out, in the same run. Alone: .venv/bin/python bench/author_loop_bench.py
11. Bytes on the wire before the first live answer on a cold visit, counted as a static host sends them
   (gzip level 6 for html, css, js, json, wasm, svg, xml, txt; the snapshot's zstd frames, zips and images as they
   are; siteserver's compress=True counts what it writes): basic-rules (snapshot path) against the bare
   Pyodide boot of (1), in the same run, as a ratio (goal <= 1.25x, never asserted), with each side's
   largest files, wire and raw (phone_bench.py).
12. A phone profile, cold, from the same compressing server: Chromium's CPU throttling 4x and network
   emulation at Lighthouse's mobile Slow 4G (150 ms, 1638.4 kbps down, 750 kbps up): basic-rules' first
   answer, the bare boot and the snapshot lever alone (1b), as ratios to the bare boot under the same
   profile, and the page's own cost over the lever. The network emulation reaches the Python worker's
   downloads; the CPU throttling reaches only the page's main thread, not the worker (Chromium refuses it
   on worker targets). Slow (6-12 MB at 1.6 Mbps per visit): --phone-repeat (default 1), --no-phone.
   12b (--phone-whole-renderer): the same with the CPU slowed for the worker too (every renderer process
   stopped 3/4 of the time, bench/cpu_throttle.py). Rows 11, 12 (and 12b) alone, on a site already built:
       .venv/bin/python bench/phone_bench.py --site-dir site [--whole-renderer]

Times are measured in the page's own clock (performance.now()), never asserted.
Nothing here is a test; the figures are medians of --repeat samples.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))

from engine_bench import engine_vs_icepool  # noqa: E402
from engine_bench import report_lines as engine_report_lines  # noqa: E402
from lighthouse_bench import lighthouse_run, sitemap_pages  # noqa: E402
from phone_bench import phone_profile, wire_bytes  # noqa: E402
from phone_bench import report_lines as phone_report_lines  # noqa: E402
from runtime_bench import (  # noqa: E402
    OFFLINE_READY, SETTLE_MS, STAGES, cold_transfer, offline_reload, report_lines, serve_fallback_site)
from site_bench import build_times, install_bench_pages, pyodide_version  # noqa: E402
from siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

RESULTS = REPO_ROOT / "bench" / "results" / "latest.json"
PROBE = (REPO_ROOT / "bench" / "static" / "probe.js").read_text(encoding="utf-8")
BASIC_RULES = "facade/basic-rules/"
WAIT_MS = 180_000
WARM_LOADS = 2


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


class Browser:
    """Headless Chromium; requests to other hosts are recorded (not routed: routing disables the HTTP cache)."""

    def __init__(self, playwright) -> None:
        self.chromium = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.external: list[str] = []

    def context(self):
        """A fresh profile, once the machine is idle again: a cold visit must not share the CPU with the
        previous profile's shutdown (the bare baseline and the rules page alike)."""
        time.sleep(SETTLE_MS / 1000)
        context = self.chromium.new_context()
        context.add_init_script(script=PROBE)
        context.on("request", self._record)
        return context

    def _record(self, request) -> None:
        if request.url.startswith(("http:", "https:", "ws:")) and urlsplit(request.url).hostname != "127.0.0.1":
            self.external.append(request.url)


def bare_boot(browser: Browser, origin: str, index: str, page_name: str = "boot.html", query: str = "") -> dict:
    """Bare Pyodide boots in the page's clock: cold (fresh context), then two reloads in it.

    "warm" is the second reload: by then Chromium has both the HTTP cache and its
    compiled-wasm code cache (written after the first reload) to draw on. With
    ``page_name="restore.html"`` (and ``query="&page=<a page with a widget>"``): the snapshot lever alone.
    """
    url = f"{origin}_bench/{page_name}?index={index}{query}"
    context = browser.context()
    page = context.new_page()
    samples, stages = [], []
    for load in range(WARM_LOADS + 1):
        if load:
            page.wait_for_timeout(SETTLE_MS)
            page.reload()
        else:
            page.goto(url)
        page.wait_for_function("() => window.__bootDone", timeout=WAIT_MS)
        done = page.evaluate("window.__bootDone")
        if "error" in done:
            raise RuntimeError(f"{page_name} failed: {done['error']}")
        samples.append(done["pageMs"])
        stages.append(page.evaluate(LEVER_STAGES))
    context.close()
    return {"cold": samples[0], "warm": samples[-1], "loads": samples, "cold_stages": stages[0],
            "warm_stages": stages[-1]}


# The lever's worker timeline (restore-worker.js: epoch ms, as the site worker's) as ms after navigation.
LEVER_STAGES = """() => Object.fromEntries(Object.entries(window.__bootDone.at || {})
    .map(([stage, at]) => [stage, Math.round(at - performance.timeOrigin)]))"""


STAGE_ORDER = ("workerStart", "painted", "downloads", "loader", "wasm", "snapshot", "compiled", "python")


def _first_answer(page, count: int) -> dict:
    page.wait_for_function(f"() => window.__rwBench && window.__rwBench.marks.length >= {count}", timeout=WAIT_MS)
    return page.evaluate(f"({{...window.__rwBench.marks[{count - 1}], longTaskMs: window.__rwBench.longTaskMs}})")


def rollwright_run(browser: Browser, origin: str) -> dict:
    """Cold and warm first live answer on basic-rules, then an instant navigation round trip."""
    context = browser.context()
    page = context.new_page()
    page.goto(origin + BASIC_RULES)
    cold = _first_answer(page, 1)
    cold_stages = page.evaluate(STAGES)
    paths = [page.evaluate("window.rollwright.bootPath")]
    # A returning reader: the service worker has finished caching the build (as for a reader who
    # comes back later), so its work does not compete with the warm loads.
    page.wait_for_function(OFFLINE_READY, timeout=WAIT_MS)
    for _ in range(WARM_LOADS):  # warm: as for the bare boot, the second reload
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
        warm = _first_answer(page, 1)
        warm_stages = page.evaluate(STAGES)
        paths.append(page.evaluate("window.rollwright.bootPath"))
    target = _navigation_target(page)
    page.locator(".md-nav--primary a.md-nav__link", has_text=target["via"]).first.click()
    page.wait_for_url(origin + target["via_path"])
    marks = 1
    if target["via_path"] != target["path"]:  # no other page has a widget: go away and come back
        page.locator(".md-nav--primary a.md-nav__link", has_text=target["name"]).first.click()
        page.wait_for_url(origin + target["path"])
    nav = _first_answer(page, marks + 1)
    same_document = page.evaluate("window.__rwBench.marks.length") >= 2
    starts = page.evaluate("window.rollwright.workerStarts")
    context.close()
    return {
        "cold": cold["answerAt"], "cold_ready": cold["readyAt"], "cold_long_task_ms": cold["longTaskMs"],
        "warm": warm["answerAt"], "warm_ready": warm["readyAt"],
        "nav": nav["answerAt"] - nav["clickAt"], "nav_route": target["route"],
        "nav_same_document": same_document, "worker_starts": starts, "paths": paths,
        "cold_stages": cold_stages, "warm_stages": warm_stages,
    }


def _navigation_target(page) -> dict:
    """Another page with a widget, reached by a nav link; else Home and back to basic-rules."""
    links = page.evaluate("""() => [...document.querySelectorAll('.md-nav--primary a.md-nav__link[href]')]
        .map(a => ({name: a.textContent.trim(), href: a.href}))""")
    here = page.url
    for link in links:
        path = urlsplit(link["href"]).path.lstrip("/")
        if link["href"] != here and path in PAGES_WITH_WIDGETS and path != BASIC_RULES:
            return {"via": link["name"], "via_path": path, "name": link["name"], "path": path,
                    "route": f"basic-rules -> {path}"}
    return {"via": "Home", "via_path": "", "name": "Basic rules", "path": BASIC_RULES,
            "route": "basic-rules -> home -> basic-rules (no other page has a widget yet)"}


PAGES_WITH_WIDGETS: set[str] = set()


def _find_widget_pages(site_dir: Path) -> set[str]:
    pages = set()
    for html in site_dir.rglob("index.html"):
        if "data-rw-widget=" in html.read_text(encoding="utf-8"):
            rel = html.parent.relative_to(site_dir).as_posix()
            pages.add("" if rel == "." else rel + "/")
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="browser samples per figure (default 3)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip 8. Lighthouse on every page")
    parser.add_argument("--phone-repeat", type=int, default=1, help="samples per figure of 12. (slow; default 1)")
    parser.add_argument("--no-phone", action="store_true", help="skip 12. the phone profile")
    parser.add_argument("--phone-whole-renderer", action="store_true",
                        help="also 12b: the phone's CPU slowdown on every renderer, the Python worker included")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    started = time.perf_counter()
    server = SiteServer()
    with tempfile.TemporaryDirectory(prefix="rollwright-bench-") as tmp:
        tmp_dir = Path(tmp)
        builds = build_times(tmp_dir, server.origin)
        site_dir = tmp_dir / "site"
        install_bench_pages(site_dir)
        PAGES_WITH_WIDGETS.update(_find_widget_pages(site_dir))
        server.serve(site_dir)
        fallback_server = serve_fallback_site(site_dir, tmp_dir)
        host = SiteServer(compress=True)  # 11, 12: served as a static host sends it (gzip)
        host.precompress(site_dir)
        host.serve(site_dir, rewrite_sitemap=True)
        index = f"assets/pyodide/{pyodide_version()}/"
        bare, restore, live, fallback, offline, transfers = [], [], [], [], [], []
        try:
            with sync_playwright() as playwright:
                browser = Browser(playwright)
                for _ in range(args.repeat):
                    bare.append(bare_boot(browser, server.origin, index))
                    restore.append(bare_boot(browser, server.origin, index, "restore.html", f"&page={BASIC_RULES}"))
                    live.append(rollwright_run(browser, server.origin))
                    fallback.append(rollwright_run(browser, fallback_server.origin))
                    offline.append(offline_reload(browser, server.origin, BASIC_RULES, _first_answer, WAIT_MS))
                    transfers.append(cold_transfer(browser, server, BASIC_RULES, _first_answer, WAIT_MS))
                wire = wire_bytes(browser, host, index, args.repeat)  # 11. bytes as a static host sends them
                phone = None if args.no_phone else phone_profile(browser, host, index, "slow-4g", args.phone_repeat)
                whole = phone_profile(browser, host, index, "slow-4g", args.phone_repeat, True) \
                    if args.phone_whole_renderer and not args.no_phone else None
                from dice_page_bench import dice_page_run  # 7. the Dice page's answers vs icepool
                dice_page = dice_page_run(browser.chromium, server.origin)
                from author_loop_bench import author_loop  # 10. the author's loop, vs plain mkdocs-material
                loop = author_loop(browser.chromium, args.repeat)
                chromium_version = browser.chromium.version
                external = browser.external
                browser.chromium.close()
            lighthouse = None if args.no_lighthouse else lighthouse_run(site_dir, sitemap_pages(site_dir))
        finally:
            server.close()
            fallback_server.close()
            host.close()
    engine = engine_vs_icepool()
    from call_sweep import baseline_seconds, sweep  # 9. the slowest registry calls
    calls = {**sweep(extra=10, stop=30.0), "baseline_seconds": baseline_seconds()}

    bare_cold = _median([s["cold"] for s in bare])
    bare_warm = _median([s["warm"] for s in bare])
    restore_alone = {visit: _median([s[visit] for s in restore]) for visit in ("cold", "warm")}
    for visit in ("cold", "warm"):  # the lever's worker timeline, stage by stage (median)
        restore_alone[f"{visit}_stages"] = {stage: _median([s[f"{visit}_stages"][stage] for s in restore])
                                            for stage in STAGE_ORDER
                                            if all(stage in s[f"{visit}_stages"] for s in restore)}
    rw = {key: _median([s[key] for s in live]) for key in ("cold", "cold_ready", "warm", "warm_ready", "nav",
                                                            "cold_long_task_ms")}
    rw["offline"] = _median([s["offline"] for s in offline])
    for visit in ("cold", "warm"):
        rw[f"{visit}_stages"] = {stage: _median([s[f"{visit}_stages"][stage] for s in live])
                                 for stage in STAGE_ORDER if all(stage in s[f"{visit}_stages"] for s in live)}
    rw["paths"] = [p for s in live for p in s["paths"]] + [s["offline_boot_path"] for s in offline]
    fb = {key: _median([s[key] for s in fallback]) for key in ("cold", "warm")}
    fb["paths"] = [p for s in fallback for p in s["paths"]]
    transfer = min(transfers, key=lambda t: t["with_offline_cache"])
    result = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"cpus": len(os.sched_getaffinity(0)), "python": platform.python_version(), "chromium": chromium_version},
        "samples": args.repeat,
        "bare_pyodide_boot_ms": {"cold": bare_cold, "warm": bare_warm, "all": bare},
        "snapshot_restore_alone_ms": {**restore_alone, "all": restore},
        "rollwright_first_answer_ms": {**rw, "all": live, "offline_all": offline},
        "fallback_first_answer_ms": {**fb, "all": fallback},
        "cold_transfer_bytes": {**transfer, "all": [{k: t[k] for k in ("by_first_answer", "with_offline_cache")}
                                                    for t in transfers]},
        "ratios": {
            "restore_alone_cold_vs_bare_cold": round(restore_alone["cold"] / bare_cold, 2),
            "restore_alone_warm_vs_bare_warm": round(restore_alone["warm"] / bare_warm, 2),
            "first_answer_cold_vs_bare_cold": round(rw["cold"] / bare_cold, 2),
            "first_answer_warm_vs_bare_warm": round(rw["warm"] / bare_warm, 2),
            "fallback_cold_vs_bare_cold": round(fb["cold"] / bare_cold, 2),
            "fallback_warm_vs_bare_warm": round(fb["warm"] / bare_warm, 2),
            "instant_nav_answer_vs_bare_warm": round(rw["nav"] / bare_warm, 3),
            "offline_reload_vs_bare_warm": round(rw["offline"] / bare_warm, 2),
            "first_answer_cold_minus_restore_alone": round((rw["cold"] - restore_alone["cold"]) / bare_cold, 2),
            "first_answer_warm_minus_restore_alone": round((rw["warm"] - restore_alone["warm"]) / bare_warm, 2),
        },
        "instant_nav": {"route": live[0]["nav_route"], "worker_starts_per_tab": [s["worker_starts"] for s in live],
                        "same_document": all(s["nav_same_document"] for s in live)},
        "wire_bytes_before_first_answer": wire,
        "phone_profile": phone,
        "phone_profile_whole_renderer": whole,
        "engine_vs_icepool": engine,
        "dice_page": dice_page,
        "call_sweep": calls,
        "build_s": builds,
        "author_loop": loop,
        "lighthouse": lighthouse,
        "external_requests": sorted(set(external)),
        "bench_seconds": round(time.perf_counter() - started, 1),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(report(result))
    from dice_page_bench import report as dice_page_report
    print("\n7. " + dice_page_report(dice_page))
    from call_sweep import report as sweep_report
    print("\n9. Registry calls at their corners, cold, CPython (ratio to icepool 10k5 from nothing)\n"
          + sweep_report(calls, calls["baseline_seconds"], 12))
    from author_loop_bench import report as loop_report
    print("\n10. The author's loop: an edit to the open page under `rollwright serve`, as a ratio to plain "
          "mkdocs-material\n    serving the same Markdown with the macros stubbed (median of "
          f"{args.repeat})\n" + loop_report(loop))
    print("\n" + "\n".join(phone_report_lines(wire, phone, whole)))
    if lighthouse:
        from lighthouse_bench import report as lighthouse_report
        print(f"\n8. Lighthouse, mobile preset, one run per page ({lighthouse['seconds']} s)\n"
              + lighthouse_report(lighthouse["pages"]))
    return 0


def report(r: dict) -> str:
    rw, bare, ratio = r["rollwright_first_answer_ms"], r["bare_pyodide_boot_ms"], r["ratios"]
    lines = [
        f"Rollwright bench ({r['samples']} samples, medians; {r['machine']['cpus']} CPUs)",
        "",
        f"{'measure':<52}{'ms':>10}{'ratio':>10}",
        f"{'1. bare Pyodide boot, cold':<52}{bare['cold']:>10.0f}{'1.00':>10}",
        f"{'1. bare Pyodide boot, warm':<52}{bare['warm']:>10.0f}{'1.00':>10}",
        f"{'1b. snapshot restore alone + one call, cold':<52}{r['snapshot_restore_alone_ms']['cold']:>10.0f}"
        f"{ratio['restore_alone_cold_vs_bare_cold']:>10.2f}",
        f"{'1b. snapshot restore alone + one call, warm':<52}{r['snapshot_restore_alone_ms']['warm']:>10.0f}"
        f"{ratio['restore_alone_warm_vs_bare_warm']:>10.2f}",
        "   2, 2b, 3b: page navigation -> first live answer on basic-rules",
        f"{'2. snapshot path, cold (vs bare cold)':<52}{rw['cold']:>10.0f}"
        f"{ratio['first_answer_cold_vs_bare_cold']:>10.2f}",
        f"{'   widget ready, cold':<52}{rw['cold_ready']:>10.0f}",
        f"{'   main-thread long tasks during cold load':<52}{rw['cold_long_task_ms']:>10.0f}",
        f"{'2. snapshot path, warm (vs bare warm)':<52}{rw['warm']:>10.0f}"
        f"{ratio['first_answer_warm_vs_bare_warm']:>10.2f}",
        f"   2 against 1b (the page's own cost over the lever alone, in bare boots): "
        f"cold {ratio['first_answer_cold_minus_restore_alone']:+.2f}, warm {ratio['first_answer_warm_minus_restore_alone']:+.2f}",
        *(f"   worker, {visit} (ms after navigation): " + " · ".join(
            f"{stage} {ms:.0f}" for stage, ms in rw[f"{visit}_stages"].items()) for visit in ("cold", "warm")),
        *(f"   lever's worker, {visit}: " + " · ".join(
            f"{stage} {ms:.0f}" for stage, ms in r["snapshot_restore_alone_ms"].get(f"{visit}_stages", {}).items())
          for visit in ("cold", "warm")),
        f"{'3. instant nav click -> live answer (vs bare warm)':<52}{rw['nav']:>10.0f}{ratio['instant_nav_answer_vs_bare_warm']:>10.3f}",
        f"   route: {r['instant_nav']['route']}; worker starts per tab: {r['instant_nav']['worker_starts_per_tab']}",
        *report_lines(r),
        "",
        *engine_report_lines(r["engine_vs_icepool"]),
    ]
    b = r["build_s"]
    lines += [
        "",
        f"5. mkdocs build: one page, same theme {b['bare_one_page']:.2f} s; full site {b['full_site']:.2f} s; "
        f"ratio {b['ratio']:.2f}",
        f"external requests attempted: {len(r['external_requests'])}; bench took {r['bench_seconds']} s",
        f"written to {RESULTS.relative_to(REPO_ROOT)}",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
