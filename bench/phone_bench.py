"""Bench rows 11 and 12 (issue 29): what a first visit on a phone pays, against a bare Pyodide boot.

11. Bytes on the wire before the first live answer on a cold visit, counted as a static host sends
    them: the site served gzipped where GitHub Pages and most CDNs gzip (html, css, js/mjs, json,
    wasm, svg, xml, txt; level 6) and files compressed already as they are (the snapshot's zstd frames,
    python_stdlib.zip, images, fonts), by siteserver's ``compress=True``, which counts the bytes it
    writes. For basic-rules (the snapshot path: navigation to its first answer) and for the bare
    Pyodide boot (bench/static/boot.html: until loadPyodide resolves), in the same run; the ratio
    (the goal is <= 1.25x, reported, never asserted) and each side's largest files, wire and raw.
    11b. The same cold visit to basic-rules on a link Chromium rates "3g" (a 400 ms round trip, nothing
    else limited): the worker then boots Python from the site's small standard library instead of
    restoring the snapshot (runtime/connection.js); its bytes against the same bare boot.
12. The same cold visits under a phone profile: Chromium's CPU throttling 4x
    (Emulation.setCPUThrottlingRate) and network emulation (Network.emulateNetworkConditions) at a
    named profile (PROFILES), from that compressing server: basic-rules' first answer, the bare boot,
    and the snapshot lever alone (bench/static/restore.html), each as a ratio to the bare boot under
    the same profile; "page's own cost over the lever" = (rules - lever) / bare. Measured on this
    Chromium: the network emulation reaches the dedicated worker's downloads (the bare boot's 6.4 MB
    take ~33 s at 1.6 Mbps), but the CPU throttling does NOT reach the worker (CDP refuses it on worker
    targets: "Operation is only supported for pages, not workers"); Python's own CPU work in the
    worker runs at this machine's speed, only the page's main thread is 4x slower.
    12b (--whole-renderer): the same, with the CPU slowed by bench/cpu_throttle.py instead (every
    renderer process of the bench's Chromium stopped 3/4 of the time: page, worker and all), since
    the CDP throttling never reaches the worker. Coarse, reported beside 12, not instead.

Alone (builds the site unless --site-dir is given; slow: each phone visit downloads 6-12 MB at 1.6 Mbps):

    .venv/bin/python bench/phone_bench.py --site-dir site            # rows 11 and 12
    .venv/bin/python bench/phone_bench.py --site-dir site --no-phone # row 11 only (~20 s)
    .venv/bin/python bench/phone_bench.py --site-dir site --whole-renderer   # and 12b

Nothing here is a test; figures are medians of the samples, times in the page's own clock.

>>> round(kbps_to_bytes_per_s(1638.4))
209715
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "bench"))
sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))

from cpu_throttle import RendererThrottle  # noqa: E402
from runtime_bench import STAGES  # noqa: E402
from siteserver import SiteServer  # noqa: E402

BASIC_RULES = "facade/basic-rules/"
PHONE_WAIT_MS = 600_000
CPU_SLOWDOWN = 4
# Lighthouse's mobile "Slow 4G" (lighthouse core/config/constants.js, mobileSlow4G): its simulated
# numbers, and the same profile as its DevTools throttling applies it (RTT x3.75, throughput x0.9).
PROFILES = {
    "slow-4g": {"name": "Lighthouse mobile Slow 4G: 150 ms RTT, 1638.4 kbps down, 750 kbps up",
                "latency_ms": 150, "down_kbps": 1638.4, "up_kbps": 750},
    "slow-4g-devtools": {"name": "Lighthouse mobile Slow 4G as DevTools throttling: 562.5 ms, 1474.56 / 675 kbps",
                         "latency_ms": 562.5, "down_kbps": 1474.56, "up_kbps": 675},
}
# Row 11b: a cold visit on a link Chromium rates "3g" (a 400 ms round trip, bandwidth not limited, CPU not
# slowed), so the worker takes the slow-connection path (runtime/connection.js); only its bytes count here.
RATED_3G = {"name": "400 ms RTT, bandwidth not limited (Chromium rates it 3g)", "latency_ms": 400,
            "down_kbps": None, "up_kbps": None, "cpu": False}
MB = 1_000_000


def kbps_to_bytes_per_s(kbps: float) -> float:
    """CDP's throughput is bytes per second; Lighthouse's kbps are 1024 bits."""
    return kbps * 1024 / 8


def _largest(reading: dict[str, dict[str, int]], count: int = 8) -> list[dict]:
    rows = sorted(reading.items(), key=lambda item: -item[1]["wire"])[:count]
    return [{"path": path, **sizes} for path, sizes in rows]


def _side(reading: dict[str, dict[str, int]]) -> dict:
    return {"wire": sum(v["wire"] for v in reading.values()), "raw": sum(v["raw"] for v in reading.values()),
            "requests": sum(v["requests"] for v in reading.values()), "largest": _largest(reading)}


def _profile_session(context, page, profile: dict | None, cdp_cpu: bool = True) -> None:
    """Before navigation: CPU throttling (unless ``cdp_cpu`` is false) and network emulation on the page's
    target (they reach its workers' downloads, not their CPU: see the module's docstring)."""
    if profile is None:
        return
    cdp = context.new_cdp_session(page)
    if cdp_cpu and profile.get("cpu", True):
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    rate = lambda kbps: -1 if kbps is None else kbps_to_bytes_per_s(kbps)  # noqa: E731 (-1: not limited)
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": profile["latency_ms"],
        "downloadThroughput": rate(profile["down_kbps"]), "uploadThroughput": rate(profile["up_kbps"])})


def visit(browser, server: SiteServer, target: str, index: str, profile: dict | None = None,
          whole_renderer: bool = False) -> dict:
    """One cold visit (a fresh profile) on ``server``: ``target`` is "rules" (basic-rules' first answer),
    "bare" (boot.html) or "lever" (restore.html). Time in the page's clock, and the server's bytes then.
    ``whole_renderer``: the CPU slowed by stopping the renderers (cpu_throttle.py), not by CDP."""
    context = browser.context()
    page = context.new_page()
    _profile_session(context, page, profile, cdp_cpu=not whole_renderer)
    server.traffic.reset()
    try:
        with RendererThrottle(CPU_SLOWDOWN) if whole_renderer else contextlib.nullcontext():
            return _visit(page, server, target, index, profile)
    finally:
        context.close()


ASK_FOR_PYTHON = """() => {
  // A reader who reaches at once beyond the answers the site keeps: into a widget that asks for Python.
  if (window.rollwright && window.rollwright.state !== "idle") return "started";
  const field = document.querySelector("section[data-rw-python='asked'] :is(input, select, textarea)");
  if (!field) return "none";
  field.focus();
  return "asked";
}"""


def _visit(page, server: SiteServer, target: str, index: str, profile: dict | None) -> dict:
    wait_ms = PHONE_WAIT_MS if profile else 180_000
    stages = None
    if target == "rules":
        # Python's first answer on basic-rules. Its widgets answer from the site without Python (row 13), and
        # on a slow link Python waits until the reader needs it: the reader here needs it at once.
        page.goto(server.origin + BASIC_RULES)
        page.wait_for_selector("section[data-rw-widget][data-rw-mounted]", timeout=wait_ms)
        page.evaluate(ASK_FOR_PYTHON)
        mark = _answer_within(page, wait_ms)
        reading = server.traffic.snapshot()
        ms = mark["answerAt"]
        stages = page.evaluate(STAGES)
        path = page.evaluate("window.rollwright.bootPath")
    else:
        name = "boot.html" if target == "bare" else "restore.html"
        page.goto(f"{server.origin}_bench/{name}?index={index}&page={BASIC_RULES}")
        page.wait_for_function("() => window.__bootDone", timeout=wait_ms)
        reading = server.traffic.snapshot()
        done = page.evaluate("window.__bootDone")
        if "error" in done:
            raise RuntimeError(f"{name} failed: {done['error']}")
        ms, path = done["pageMs"], None
    return {"ms": round(ms, 1), "bytes": _side(reading), "stages": stages, "path": path}


def _answer_within(page, wait_ms: int) -> dict:
    page.wait_for_function("() => window.__rwBench && window.__rwBench.marks.length >= 1", timeout=wait_ms)
    return page.evaluate("window.__rwBench.marks[0]")


def wire_bytes(browser, server: SiteServer, index: str, repeat: int = 1) -> dict:
    """Row 11: cold visits to basic-rules and to the bare boot, bytes as the compressing server sent them
    (and the lever alone, so that row 12 has the same three times without any throttling beside it)."""
    runs = {target: [visit(browser, server, target, index) for _ in range(repeat)]
            for target in ("rules", "bare", "lever")}
    slow = [visit(browser, server, "rules", index, RATED_3G) for _ in range(repeat)]
    pick = lambda runs: sorted(runs, key=lambda r: r["bytes"]["wire"])[len(runs) // 2]  # noqa: E731
    rules_bytes, bare_bytes = pick(runs["rules"])["bytes"], pick(runs["bare"])["bytes"]
    ms = {target: round(statistics.median(r["ms"] for r in samples), 1) for target, samples in runs.items()}
    return {
        "served": "gzip level 6 for html, css, js/mjs, json, wasm, svg, xml, txt; compressed files as they are",
        "rules": rules_bytes, "bare": bare_bytes, "lever_wire": pick(runs["lever"])["bytes"]["wire"],
        "paths": [r["path"] for r in runs["rules"]],
        "ratio": round(rules_bytes["wire"] / bare_bytes["wire"], 2),
        "raw_ratio": round(rules_bytes["raw"] / bare_bytes["raw"], 2),
        "unthrottled_ms": ms,
        "unthrottled_ratios": _ratios(ms),
        "rules_stages": pick(runs["rules"])["stages"],
        "all": {target: [r["bytes"]["wire"] for r in samples] for target, samples in runs.items()},
        "slow_link": {"link": RATED_3G["name"], "bytes": pick(slow)["bytes"], "paths": [r["path"] for r in slow],
                      "ratio": round(pick(slow)["bytes"]["wire"] / bare_bytes["wire"], 2)},
    }


def _ratios(ms: dict[str, float]) -> dict[str, float]:
    """Rules and lever as ratios to the bare boot, and the page's own cost over the lever (in bare boots).

    >>> _ratios({"bare": 2000.0, "lever": 500.0, "rules": 800.0})
    {'rules_vs_bare': 0.4, 'lever_vs_bare': 0.25, 'rules_minus_lever': 0.15}
    """
    return {"rules_vs_bare": round(ms["rules"] / ms["bare"], 2), "lever_vs_bare": round(ms["lever"] / ms["bare"], 2),
            "rules_minus_lever": round((ms["rules"] - ms["lever"]) / ms["bare"], 2)}


def phone_profile(browser, server: SiteServer, index: str, profile_name: str, repeat: int = 1,
                  whole_renderer: bool = False) -> dict:
    """Row 12: bare boot, lever alone and basic-rules cold under CPU 4x and the network profile
    (12b with ``whole_renderer``: the CPU slowed for the worker too)."""
    profile = PROFILES[profile_name]
    runs: dict[str, list[dict]] = {"bare": [], "lever": [], "rules": []}
    for _ in range(repeat):
        for target in runs:
            runs[target].append(visit(browser, server, target, index, profile, whole_renderer))
            print(f"  phone{' 12b' if whole_renderer else ''} {target}: {runs[target][-1]['ms'] / 1000:.1f} s",
                  file=sys.stderr, flush=True)
    ms = {target: round(statistics.median(r["ms"] for r in samples), 1) for target, samples in runs.items()}
    stage_names = runs["rules"][0]["stages"] or {}
    return {
        "profile": profile_name, **profile, "cpu_slowdown": CPU_SLOWDOWN,
        "cpu_throttling": ("every renderer stopped 3/4 of the time (cpu_throttle.py): page and worker" if whole_renderer
                           else "CDP Emulation.setCPUThrottlingRate: the page's main thread, not the worker"),
        "ms": ms,
        "ratios": _ratios(ms),
        "rules_stages": {stage: statistics.median(r["stages"][stage] for r in runs["rules"]) for stage in stage_names
                         if all(stage in r["stages"] for r in runs["rules"])},
        "wire_bytes": {target: samples[0]["bytes"]["wire"] for target, samples in runs.items()},
        # the bytes alone at the profile's download rate: the floor no CPU work can beat
        "transfer_floor_ms": {target: round(samples[0]["bytes"]["wire"] / kbps_to_bytes_per_s(profile["down_kbps"])
                                            * 1000) for target, samples in runs.items()},
        "paths": [r["path"] for r in runs["rules"]],
        "samples": repeat,
        "all": {target: [r["ms"] for r in samples] for target, samples in runs.items()},
    }


ANSWER_PAGES = ("facade/basic-rules/", "facets/consequences/", "roll-and-keep/attacks/", "skillful/fumbles/")
"""Row 13 (issue 42): basic-rules and one page per game whose widgets the site answers at build time."""
READER = """(() => {
  // The bench's reader, in the page's own clock: the moment the first widget answered at build time goes live,
  // its first number field (or select) takes the focus, as a reader's tap would; then when the key reaches the
  // page, and when the widget's result first changes after it. The harness only sends the key: none of its
  // round trips to a 4x slower page sits between the page and its answer.
  const row = (window.__rwRow13 = {});
  new MutationObserver((changes, observer) => {
    const section = document.querySelector("section[data-rw-widget][data-rw-state='built']");
    if (!section) return;
    observer.disconnect();
    row.live = performance.now();
    const input = section.querySelector("input[type=number]:not([disabled]), select:not([disabled])");
    const result = section.querySelector("[data-rw-result]");
    const before = result.innerHTML;
    new MutationObserver((_, watch) => {
      if (row.key === undefined || result.innerHTML === before) return;
      row.answered = performance.now();
      watch.disconnect();
    }).observe(result, {childList: true, subtree: true, characterData: true});
    input.focus();
    row.target = {widget: section.dataset.rwWidget, name: input.name};
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-rw-state"]});
  addEventListener("keydown", () => { row.key ??= performance.now(); }, true);
})()"""


def changed_input_answer(browser, server: SiteServer, path: str, profile: dict) -> dict:
    """Row 13, one cold visit under ``profile``: navigation to the first answer to a changed input (the first
    widget answered at build time, its first number field one up by keyboard as soon as the page has focused it),
    and the bytes sent before it. Times in the page's clock (READER)."""
    context = browser.context()
    page = context.new_page()
    _profile_session(context, page, profile)
    page.add_init_script(READER)
    server.traffic.reset()
    try:
        page.goto(server.origin + path, wait_until="commit")
        page.wait_for_function("() => window.__rwRow13 && window.__rwRow13.target", timeout=PHONE_WAIT_MS, polling=10)
        seen = page.evaluate("performance.now()")
        page.keyboard.press("ArrowUp")
        page.wait_for_function("() => window.__rwRow13.answered", timeout=PHONE_WAIT_MS, polling=10)
        reading = server.traffic.snapshot()
        python = page.evaluate("window.rollwright.state")
        row = page.evaluate("window.__rwRow13")
        return {"path": path, "widget": row["target"]["widget"], "ms": round(row["answered"], 1),
                "mounted_ms": round(seen, 1), "live_ms": round(row["live"], 1), "key_ms": round(row["key"], 1),
                "bytes": _side(reading), "python": python}
    finally:
        context.close()


def answer_row(browser, server: SiteServer, profile_name: str, repeat: int) -> list[dict]:
    """Row 13 on every page of ANSWER_PAGES: medians of ``repeat`` cold visits."""
    profile = PROFILES[profile_name]
    rows = []
    for path in ANSWER_PAGES:
        runs = [changed_input_answer(browser, server, path, profile) for _ in range(repeat)]
        rows.append({"path": path, "widget": runs[0]["widget"], "ms": statistics.median(r["ms"] for r in runs),
                     "wire": statistics.median(r["bytes"]["wire"] for r in runs), "all_ms": [r["ms"] for r in runs],
                     "python": sorted({r["python"] for r in runs}), "requests": runs[0]["bytes"]["requests"],
                     "mounted_ms": statistics.median(r["mounted_ms"] for r in runs),
                     "live_ms": statistics.median(r["live_ms"] for r in runs),
                     "after_key_ms": statistics.median(r["ms"] - r["key_ms"] for r in runs),
                     "largest": [(Path(f["path"]).name, f["wire"]) for f in runs[0]["bytes"]["largest"][:6]]})
        print(f"  13 {path}: {rows[-1]['ms'] / 1000:.2f} s, {rows[-1]['wire'] / MB:.3f} MB", file=sys.stderr, flush=True)
    return rows


def answer_lines(rows: list[dict], profile_name: str) -> list[str]:
    """The bench table's row 13."""
    lines = [f"13. first answer to a changed input, cold, phone profile ({PROFILES[profile_name]['name']}; CPU "
             f"{CPU_SLOWDOWN}x)", f"{'    page (widget)':<60}{'ms':>10}{'MB before':>11}"]
    for row in rows:
        lines.append(f"{'    ' + row['path'] + ' (' + row['widget'] + ')':<60}{row['ms']:>10.0f}{row['wire'] / MB:>11.3f}"
                     f"   samples {row['all_ms']}, Python then: {row['python']}")
        lines.append(f"      widget live at {row['live_ms']:.0f} ms (seen by the bench at {row['mounted_ms']:.0f}, its key "
                     f"answered {row['after_key_ms']:.0f} ms after it reached the page); {row['requests']} requests; "
                     "largest (wire KB): "
                     + ", ".join(f"{name} {wire / 1000:.0f}" for name, wire in row["largest"]))
    return lines


def report_lines(wire: dict | None, phone: dict | None, whole_renderer: dict | None = None) -> list[str]:
    """The bench table's rows 11, 12 and 12b."""
    lines: list[str] = []
    if wire:
        rules, bare = wire["rules"], wire["bare"]
        lines += [
            f"{'11. wire MB before the first answer, cold (gzip as a host)':<60}{'rules':>9}{'bare':>9}{'ratio':>8}",
            f"{'    basic-rules (snapshot path) vs bare Pyodide boot':<60}{rules['wire'] / MB:>9.2f}"
            f"{bare['wire'] / MB:>9.2f}{wire['ratio']:>8.2f}   (goal <= 1.25)",
            f"{'    the same files uncompressed (raw)':<60}{rules['raw'] / MB:>9.2f}{bare['raw'] / MB:>9.2f}"
            f"{wire['raw_ratio']:>8.2f}",
            f"    requests: rules {rules['requests']}, bare {bare['requests']}; "
            f"boot paths {sorted(set(wire['paths']))}",
            "    rules largest (wire/raw MB): " + ", ".join(
                f"{Path(f['path']).name} {f['wire'] / MB:.2f}/{f['raw'] / MB:.2f}" for f in rules["largest"][:6]),
            "    bare largest (wire/raw MB):  " + ", ".join(
                f"{Path(f['path']).name} {f['wire'] / MB:.2f}/{f['raw'] / MB:.2f}" for f in bare["largest"][:4]),
            f"{'11b. basic-rules on a link rated 3g (small-stdlib path)':<60}"
            f"{wire['slow_link']['bytes']['wire'] / MB:>9.2f}{bare['wire'] / MB:>9.2f}{wire['slow_link']['ratio']:>8.2f}",
            f"    its boot paths {sorted(set(wire['slow_link']['paths']))}; largest (wire MB): " + ", ".join(
                f"{Path(f['path']).name} {f['wire'] / MB:.2f}" for f in wire["slow_link"]["bytes"]["largest"][:5]),
            f"    the same cold visits' times (ms, no throttling): bare {wire['unthrottled_ms']['bare']:.0f}, "
            f"lever {wire['unthrottled_ms']['lever']:.0f} ({wire['unthrottled_ratios']['lever_vs_bare']:.2f}), "
            f"rules {wire['unthrottled_ms']['rules']:.0f} ({wire['unthrottled_ratios']['rules_vs_bare']:.2f}); "
            f"page's own cost over the lever {wire['unthrottled_ratios']['rules_minus_lever']:+.2f}",
        ]
    for label, row in (("12.", phone), ("12b.", whole_renderer)):
        if not row:
            continue
        ms, ratio = row["ms"], row["ratios"]
        cpu = "on the page's main thread only, not the worker" if label == "12." else \
            "on every renderer, worker included (SIGSTOP duty cycle)"
        lines += [
            f"{label} phone profile, cold ({row['name']}; CPU {row['cpu_slowdown']}x {cpu}; "
            f"{row['samples']} sample(s))",
            f"{'    bare Pyodide boot':<60}{ms['bare']:>10.0f} ms{'1.00':>8}",
            f"{'    snapshot lever alone (restore.html) + one call':<60}{ms['lever']:>10.0f} ms"
            f"{ratio['lever_vs_bare']:>8.2f}",
            f"{'    basic-rules first live answer':<60}{ms['rules']:>10.0f} ms{ratio['rules_vs_bare']:>8.2f}",
            f"    the page's own cost over the lever (in bare boots): {ratio['rules_minus_lever']:+.2f}; "
            f"the page's boot paths {sorted(set(row['paths']))}",
            "    the bytes alone at the profile's download rate (ms): " + ", ".join(
                f"{target} {ms:.0f}" for target, ms in row["transfer_floor_ms"].items()),
            "    worker (ms after navigation): " + " · ".join(f"{s} {v:.0f}" for s, v in row["rules_stages"].items()),
        ]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site-dir", type=Path, help="a site already built (`make site`); default: build one now")
    parser.add_argument("--repeat", type=int, default=1, help="cold visits per side for row 11 (default 1)")
    parser.add_argument("--phone-repeat", type=int, default=1, help="visits per figure for row 12 (default 1)")
    parser.add_argument("--no-phone", action="store_true", help="skip row 12 (the slow one)")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="slow-4g", help="row 12's network profile")
    parser.add_argument("--whole-renderer", action="store_true",
                        help="also 12b: the CPU slowed for the worker too (cpu_throttle.py)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--answer-row", action="store_true",
                        help="only row 13: the first answer to a changed input on the phone profile, and bytes before it")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from run import Browser  # run.py imports this module: only when run alone
    from site_bench import install_bench_pages, pyodide_version
    from siteserver import build_site

    server = SiteServer(compress=True)
    with tempfile.TemporaryDirectory(prefix="rollwright-phone-") as tmp:
        site_dir = args.site_dir.resolve() if args.site_dir else Path(tmp) / "site"
        if not args.site_dir:
            build_site(site_dir, server.origin)
        install_bench_pages(site_dir)
        server.precompress(site_dir)
        server.serve(site_dir, rewrite_sitemap=bool(args.site_dir))
        index = f"assets/pyodide/{pyodide_version()}/"
        try:
            with sync_playwright() as playwright:
                browser = Browser(playwright)
                if args.answer_row:
                    rows = answer_row(browser, server, args.profile, args.phone_repeat)
                    browser.chromium.close()
                    print("\n".join(answer_lines(rows, args.profile)))
                    if args.json:
                        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
                    return 0
                wire = wire_bytes(browser, server, index, args.repeat)
                phone = None if args.no_phone else phone_profile(browser, server, index, args.profile,
                                                                  args.phone_repeat)
                whole = phone_profile(browser, server, index, args.profile, args.phone_repeat, True) \
                    if args.whole_renderer and not args.no_phone else None
                browser.chromium.close()
        finally:
            server.close()
    result = {"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "wire_bytes_before_first_answer": wire,
              "phone_profile": phone, "phone_profile_whole_renderer": whole}
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print("\n".join(report_lines(wire, phone, whole)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
