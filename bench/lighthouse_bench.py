"""Lighthouse (pinned, bench/package.json) on every page of the built site: the four scores per page.

    .venv/bin/python bench/lighthouse_bench.py                      # build, then every page in sitemap.xml
    .venv/bin/python bench/lighthouse_bench.py --pages facade/basic-rules/ facade/builder/ index
    .venv/bin/python bench/lighthouse_bench.py --site-dir site      # a site already built
    .venv/bin/python bench/lighthouse_bench.py --pages index --reports /tmp/lh   # keep the whole reports

bench/run.py calls :func:`lighthouse_run` on the site it has built; run alone, this script builds
(or takes ``--site-dir``) and merges its figures into bench/results/latest.json under "lighthouse".
The site is served on 127.0.0.1 gzip-compressed as static hosts do (text, scripts, JSON and wasm;
siteserver's ``compress=True``; most other benches' server sends them plain, which Lighthouse would
count against every page). Mobile preset (Lighthouse's default), one run per
page, in Debian's Chromium with every other host unresolvable. Nothing here is a test: no score
is asserted. Needs ``npm ci --prefix bench`` (``make bench`` runs it).

>>> page_path("index"), page_path("/facade/basic-rules"), page_path("facade/builder/")
('', 'facade/basic-rules/', 'facade/builder/')
>>> print(report([{"page": "", "scores": {"performance": 88, "accessibility": 100, "best-practices": 96,
...     "seo": 100}, "lcp_ms": 3150.0, "transfer_bytes": 204800, "failing": [], "external": []}]).splitlines()[2])
index                                   88   100    96   100    3.15       200
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))

from siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer, build_site  # noqa: E402

BENCH = REPO_ROOT / "bench"
SCRIPT = BENCH / "lighthouse.mjs"
RESULTS = BENCH / "results" / "latest.json"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The issue's bar: a page below it has its audits that lost points listed under the table.
TARGETS = {"performance": 90, "accessibility": 95, "best-practices": 95, "seo": 95}
PAGE_TIMEOUT_S = 180


def page_path(name: str) -> str:
    """A page as given on the command line -> its path under the site root ("" for the home page)."""
    path = name.strip().strip("/")
    if path in ("", "index", "index.html"):
        return ""
    return path.removesuffix("/index.html") + "/"


def sitemap_pages(site_dir: Path) -> list[str]:
    """Every page in the build's sitemap.xml, as paths under the site root."""
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    return [page_path(re.sub(r"^https?://[^/]+/?", "", loc)) for loc in re.findall(r"<loc>([^<]+)</loc>", text)]


def lighthouse_run(site_dir: Path, pages: list[str], report_dir: Path | None = None) -> dict:
    """Lighthouse on each page of the built site in ``site_dir``; returns the figures and the time taken.

    The site is served on 127.0.0.1 gzip-compressed as a static host serves it (``compress=True``).
    ``report_dir``: also write each page's whole Lighthouse report there (``<page>.json``).
    """
    if not (BENCH / "node_modules" / "lighthouse").is_dir():
        raise RuntimeError("Lighthouse is not installed: run `npm ci --prefix bench` (make bench does)")
    server = SiteServer(compress=True)
    server.serve(site_dir, rewrite_sitemap=True)
    origin = server.origin
    job = {"urls": [origin + page for page in pages], "chromePath": CHROMIUM, "chromeFlags": CHROMIUM_ARGS,
           "reportDir": str(report_dir.resolve()) if report_dir else ""}
    if report_dir:
        report_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows = []
    try:
        process = subprocess.Popen(["node", str(SCRIPT), json.dumps(job)], cwd=BENCH, stdout=subprocess.PIPE,
                                   text=True)
        assert process.stdout is not None
        for line in process.stdout:  # one JSON line per page, as each finishes
            row = json.loads(line)
            row["page"] = row.pop("url").removeprefix(origin)
            rows.append(row)
            print(f"  lighthouse {len(rows)}/{len(pages)} {row['page'] or 'index'}", file=sys.stderr, flush=True)
        if process.wait(timeout=PAGE_TIMEOUT_S * max(1, len(pages))) != 0:
            raise RuntimeError(f"bench/lighthouse.mjs exited with {process.returncode}")
    finally:
        server.close()
    return {"preset": "mobile", "runs_per_page": 1, "pages": rows,
            "served": "gzip for text, scripts, JSON and wasm (siteserver compress=True)",
            "seconds": round(time.perf_counter() - started, 1)}


def report(rows: list[dict]) -> str:
    """The table (page, the four scores, LCP, transfer), then the audits behind any score below its target."""
    lines = [f"{'page':<36}{'perf':>6}{'a11y':>6}{'BP':>6}{'SEO':>6}{'LCP s':>8}{'KB':>10}", "-" * 78]
    notes = []
    for row in rows:
        name = row["page"] or "index"
        if "error" in row:
            lines.append(f"{name:<36}  failed: {row['error'][:120]}")
            continue
        scores = row["scores"]
        lines.append(f"{name:<36}" + "".join(f"{scores[c]:>6}" for c in CATEGORIES)
                     + f"{row['lcp_ms'] / 1000:>8.2f}{row['transfer_bytes'] / 1024:>10.0f}")
        low = [c for c in CATEGORIES if scores[c] < TARGETS[c]]
        for audit in row["failing"]:
            if audit["category"] in low:
                where = f" at {audit['where'][0][:80]}" if audit.get("where") and audit["category"] != "performance" else ""
                notes.append(f"  {name}: [{audit['category']}] {audit['id']} ({audit['score']:.2f}"
                             f"{', ' + audit['value'] if audit['value'] else ''}){where}")
        if row["external"]:
            notes.append(f"  {name}: requests to other hosts: {', '.join(row['external'][:5])}")
    if notes:
        lines += ["", "below target (perf 90, others 95): audits that lost points", *notes]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", metavar="PAGE",
                        help="pages to audit, e.g. facade/basic-rules/ index (default: every page in sitemap.xml)")
    parser.add_argument("--site-dir", type=Path, help="a site already built (default: build one now)")
    parser.add_argument("--reports", type=Path, metavar="DIR", help="also write each page's whole Lighthouse report here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rollwright-lighthouse-") as tmp:
        site_dir = args.site_dir.resolve() if args.site_dir else Path(tmp) / "site"
        if not args.site_dir:
            build_site(site_dir)
        pages = [page_path(p) for p in args.pages] if args.pages else sitemap_pages(site_dir)
        result = lighthouse_run(site_dir, pages, args.reports)
    latest = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.is_file() else {}
    latest["lighthouse"] = result
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(latest, indent=2) + "\n", encoding="utf-8")
    print(report(result["pages"]))
    print(f"\nLighthouse: {len(pages)} pages in {result['seconds']} s; written to {RESULTS.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
