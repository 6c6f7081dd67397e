"""Bench: the Dice page's answer in the browser, per case, against icepool in CPython in the same run.

    .venv/bin/python bench/dice_page_bench.py [--samples N] [--site DIR]

In headless Chromium, once Python is ready on the Dice page, the page's own call
(``widget.render`` of ``dice-odds`` with one expression, through the page's worker
client) is timed in the page's clock, including putting the answer into the
result region and laying it out. "first" samples are uncached (the engine's
distribution cache is flushed with cheap expressions between samples, untimed):
what a reader typing a new expression waits for; "again" repeats the same call.
icepool builds the same distribution in CPython: "first" in a fresh process
(its own caches empty), "again" in-process. Ratios are browser / icepool.
Nothing here is asserted; run.py includes it in ``make bench``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))

CASES = ("10k5", "4d6kh3", "3d10+d6", "od20", "4dF", "{4d6+3d8}kh4", "{d8!,d6!}kh1")
ICEPOOL = {  # the same distributions, written for icepool (explosion depth as the engine's default, 9)
    "10k5": "icepool.Pool([icepool.d10.explode(depth=9)] * 10).highest(5).sum()",
    "4d6kh3": "icepool.Pool([icepool.d6] * 4).highest(3).sum()",
    "3d10+d6": "3 @ icepool.d10 + icepool.d6",
    "od20": "icepool.d20.map(lambda x: 1 - icepool.d20 if x == 1 else (20 + icepool.d20 if x == 20 else x))",
    "4dF": "4 @ icepool.Die([-1, 0, 1])",  # issue 37's forms
    "{4d6+3d8}kh4": "icepool.Pool([icepool.d6] * 4 + [icepool.d8] * 3).highest(4).sum()",
    "{d8!,d6!}kh1": "icepool.highest(icepool.d8.explode(depth=9), icepool.d6.explode(depth=9))",
}
WAIT_MS = 180_000

_PAGE_SCRIPT = """async ({cases, samples, flush, origin}) => {
  const { callEngine } = await import(origin + "assets/rollwright/runtime/worker-client.js");
  const { config } = await import(origin + "assets/rollwright/runtime/config.js");
  const result = document.querySelector("section[data-rw-widget='dice-odds'] [data-rw-result]");
  const params = (e1) => ({ widget: "dice-odds", params: { e1, e2: "", e3: "", view: "exactly", target: 12 } });
  const answer = async (e1) => {
    const start = performance.now();
    const { html } = await callEngine(config, "widget.render", params(e1));
    result.innerHTML = html;
    void result.offsetHeight;  // lay it out, as the reader will see it
    return performance.now() - start;
  };
  const out = { cold: await answer(cases[0]) };  // the first answer after "ready": nothing warm yet
  for (const e1 of cases) {
    const first = [], again = [];
    for (let i = 0; i < samples; i++) {
      for (let j = 0; j < flush; j++) await callEngine(config, "dice.dist", { notation: `d2+${j + 1}` });
      first.push(await answer(e1));
      again.push(await answer(e1));
    }
    out[e1] = { first, again };
  }
  return out;
}"""


def _percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values), 1), "p95": round(_percentile(values, 0.95), 1)}


def browser_samples(chromium, origin: str, samples: int) -> dict[str, dict]:
    """Time the page's call per case in one tab of ``chromium`` (a Playwright Browser) on the Dice page."""
    from rollwright.dice.notation import DISTRIBUTION_CACHE_SIZE

    context = chromium.new_context()
    page = context.new_page()
    page.goto(origin + "dice/")
    page.wait_for_selector("section[data-rw-widget='dice-odds'][data-rw-state='ready']", timeout=WAIT_MS)
    raw = page.evaluate(_PAGE_SCRIPT, {"cases": list(CASES), "samples": samples,
                                       "flush": DISTRIBUTION_CACHE_SIZE + 1, "origin": origin})
    context.close()
    out = {case: {"first": _summary(raw[case]["first"]), "again": _summary(raw[case]["again"])} for case in CASES}
    return {"cold_ms": round(raw["cold"], 1), "cases": out}


def icepool_samples(samples: int) -> dict[str, dict]:
    """icepool per case: a fresh process per "first" sample; "again" repeated in this process."""
    import icepool

    out = {}
    for case, expression in ICEPOOL.items():
        program = (f"import time, icepool\nstart = time.perf_counter()\ndie = {expression}\nlist(die.items())\n"
                   "print((time.perf_counter() - start) * 1000)")
        first = [float(subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                                      check=True).stdout) for _ in range(samples)]
        again = []
        eval(expression, {"icepool": icepool})  # warm: "again" is the in-process repeat
        for _ in range(samples):
            start = time.perf_counter()
            list(eval(expression, {"icepool": icepool}).items())  # noqa: S307 - our own constant expressions
            again.append((time.perf_counter() - start) * 1000)
        out[case] = {"first": _summary(first), "again": _summary(again)}
    return out


def dice_page_run(chromium, origin: str, samples: int = 15) -> dict:
    """Both sides and their ratios (browser p50 / icepool p50), as ``run.py`` records them."""
    browser = browser_samples(chromium, origin, samples)
    ice = icepool_samples(max(3, samples // 3))
    rows = []
    for case in CASES:
        b, i = browser["cases"][case], ice[case]
        rows.append({"case": case, "browser": b, "icepool": i,
                     "ratio_first": round(b["first"]["p50"] / i["first"]["p50"], 2),
                     "ratio_again": round(b["again"]["p50"] / i["again"]["p50"], 2)})
    return {"samples": samples, "cold_first_answer_ms": browser["cold_ms"], "cold_case": CASES[0], "rows": rows}


def report(result: dict) -> str:
    """The figures as a table."""
    lines = [f"Dice page: widget.render('dice-odds') in Chromium/Pyodide vs icepool in CPython "
             f"({result['samples']} browser samples, ms)",
             f"{'case':<10}{'first p50':>10}{'p95':>8}{'again p50':>11}{'p95':>8}"
             f"{'icepool 1st':>13}{'again':>8}{'ratio 1st':>11}{'again':>8}"]
    for row in result["rows"]:
        b, i = row["browser"], row["icepool"]
        lines.append(f"{row['case']:<10}{b['first']['p50']:>10.1f}{b['first']['p95']:>8.1f}"
                     f"{b['again']['p50']:>11.1f}{b['again']['p95']:>8.1f}"
                     f"{i['first']['p50']:>13.1f}{i['again']['p50']:>8.2f}"
                     f"{row['ratio_first']:>11.2f}{row['ratio_again']:>8.1f}")
    lines.append("   browser: call + swap + layout, once Python is ready; 'first' uncached, 'again' repeated;"
                 " icepool 'first' in a fresh process")
    lines.append(f"   the very first answer after Python is ready ({result['cold_case']}, nothing warm yet): "
                 f"{result['cold_first_answer_ms']:.1f} ms")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=15, help="browser samples per case (default 15)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer, build_site

    server = SiteServer()
    with tempfile.TemporaryDirectory(prefix="rollwright-dice-bench-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_site(site, server.origin)
        server.serve(site, rewrite_sitemap=args.site is not None)
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                result = dice_page_run(chromium, server.origin, args.samples)
                chromium.close()
        finally:
            server.close()
    print(report(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
