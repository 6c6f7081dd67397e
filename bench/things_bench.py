"""Bench row for issue 38 (the compendium): a designer's catalogue of N entries (default 2,000) built by
Rollwright against the same entries as plain Markdown tables under plain mkdocs-material, and the list's
filter and sort on a phone profile (390 px, CPU throttled 4x by CDP, which slows the page's main thread,
where the list's script runs).

    .venv/bin/python bench/things_bench.py [--entries 2000] [--keep DIR]

It prints figures, and asserts nothing. The Rollwright site is `rollwright new`'s, with one kind (`items`:
six typed fields, entries from a CSV file) on its compendium page; the plain site is one page with one
Markdown table of the same columns and rows (the theme and its search, nothing else). Each build runs
in a fresh interpreter; each figure is also given per 1,000 entries, and against the same site with no
catalogue (Rollwright) or an empty table (plain), so the catalogue's own cost shows apart.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))

from siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

PYTHON = sys.executable
GAME = "tb"
RARITIES = ("common", "uncommon", "rare", "very rare", "legendary")
TAGS = ("light", "heavy", "finesse", "two-handed", "thrown", "versatile", "magic", "silvered")
KIND = """\
[kinds.items]
title = "Items"
singular = "item"
summary = "A generated catalogue for the bench."
csv = "items.csv"

[kinds.items.fields.cost]
type = "number"
label = "Cost"
unit = "gp"
min = 0
max = 100000

[kinds.items.fields.weight]
type = "number"
label = "Weight"
min = 0
max = 1000

[kinds.items.fields.rarity]
type = "choice"
label = "Rarity"
choices = ["common", "uncommon", "rare", "very rare", "legendary"]

[kinds.items.fields.damage]
type = "dice"
label = "Damage"
optional = true

[kinds.items.fields.tags]
type = "list"
label = "Tags"
optional = true

[kinds.items.fields.notes]
type = "text"
label = "Notes"
optional = true
"""


def rows(count: int) -> list[list[str]]:
    """``count`` entries, the same every run (seeded)."""
    rng = random.Random(38)
    found = []
    for index in range(count):
        tags = ";".join(sorted(rng.sample(TAGS, rng.randint(0, 3))))
        damage = f"{rng.randint(1, 3)}d{rng.choice((4, 6, 8, 10, 12))}" if rng.random() < 0.7 else ""
        found.append([f"item-{index:05d}", f"Item {index:05d} {rng.choice(('axe', 'bow', 'cloak', 'ring', 'rope'))}",
                      str(rng.randint(0, 5000)), str(rng.randint(0, 60)), rng.choice(RARITIES), damage, tags,
                      rng.choice(("", "Glows faintly.", "Cursed.", "Needs two hands."))])
    return found


def _csv(found: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", "cost", "weight", "rarity", "damage", "tags", "notes"])
    writer.writerows(found)
    return out.getvalue()


def rollwright_site(folder: Path, found: list[list[str]] | None) -> Path:
    """`rollwright new`'s site, with the catalogue (None: without one)."""
    subprocess.run([PYTHON, "-m", "rollwright", "new", str(folder), "--game", "TB"], check=True,
                   capture_output=True, cwd=folder.parent)
    game = folder / GAME
    if found is not None:
        (game / "things.toml").write_text(KIND, encoding="utf-8")
        (game / "items.csv").write_text(_csv(found), encoding="utf-8")
        (folder / "docs" / GAME / "compendium.md").write_text(
            f'# Compendium\n\n{{{{ things("{GAME}", "items") }}}}\n', encoding="utf-8")
        config = folder / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace(f"      - {GAME}/index.md\n", f"      - {GAME}/index.md\n"
                                       f"      - Compendium: {GAME}/compendium.md\n"), encoding="utf-8")
    return folder


def plain_site(folder: Path, found: list[list[str]]) -> Path:
    """One mkdocs-material page holding the entries as a Markdown table."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    head = "| Name | Cost | Weight | Rarity | Damage | Tags | Notes |\n|---|---|---|---|---|---|---|\n"
    body = "".join(f"| {r[1]} | {r[2]} gp | {r[3]} | {r[4]} | {r[5] or '—'} | {r[6].replace(';', ', ') or '—'} | "
                   f"{r[7] or '—'} |\n" for r in found)
    (docs / "index.md").write_text(f"# Items\n\n{head}{body}", encoding="utf-8")
    (folder / "mkdocs.yml").write_text("site_name: Plain\ntheme:\n  name: material\n  font: false\n"
                                       "plugins:\n  - search\nmarkdown_extensions:\n  - tables\n", encoding="utf-8")
    return folder


def timed_build(folder: Path, command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=folder)
    return time.perf_counter() - start


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def page_bytes(page: Path) -> tuple[int, int]:
    data = page.read_bytes()
    return len(data), len(gzip.compress(data, 6))


def phone_list(site_dir: Path, path: str) -> dict[str, float]:
    """Median milliseconds (5 runs each) for the list's search, a menu filter and a sort, at 390 px and CPU 4x."""
    from playwright.sync_api import sync_playwright

    server = SiteServer()
    server.serve(site_dir)
    timings: dict[str, list[float]] = {"search": [], "filter": [], "sort": [], "reset": []}
    measure = """([what, value]) => {
      const root = document.querySelector('[data-rw-things]');
      const start = performance.now();
      if (what === 'search') { const box = root.querySelector('[data-rw-search]'); box.value = value;
        box.dispatchEvent(new Event('input')); }
      if (what === 'filter') { const menu = root.querySelector('[data-rw-filter="rarity"]'); menu.value = value;
        menu.dispatchEvent(new Event('change')); }
      if (what === 'sort') root.querySelector('[data-rw-sort="cost"]').click();
      if (what === 'reset') root.querySelector('[data-rw-reset]').click();
      void document.body.offsetHeight;  // the style and layout the change causes, too
      return performance.now() - start; }"""
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            context.route("**/*", lambda route: route.continue_() if "127.0.0.1" in route.request.url
                          else route.abort())
            page = context.new_page()
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.goto(server.origin + path, wait_until="domcontentloaded", timeout=180_000)
            page.wait_for_selector("[data-rw-things][data-rw-mounted]", timeout=120_000)
            for _ in range(5):
                for what, value in (("search", "ring"), ("reset", ""), ("filter", "rare"), ("reset", ""),
                                    ("sort", ""), ("reset", "")):
                    timings[what].append(page.evaluate(measure, [what, value]))
            browser.close()
    finally:
        server.close()
    return {what: round(statistics.median(values), 1) for what, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--keep", type=Path, default=None, help="build here and keep it (default: a temporary folder)")
    parser.add_argument("--no-phone", action="store_true", help="leave out the phone row")
    args = parser.parse_args()
    base = args.keep or Path(tempfile.mkdtemp(prefix="things-bench-"))
    base.mkdir(parents=True, exist_ok=True)
    found = rows(args.entries)
    per = 1000 / args.entries
    results: dict[str, dict[str, float]] = {}
    rollwright = [PYTHON, "-m", "rollwright", "build", "--site-dir", "site"]
    mkdocs = [PYTHON, "-m", "mkdocs", "build", "--site-dir", "site"]
    for name, folder, command, page in (
            ("rollwright, no catalogue", rollwright_site(base / "rw-empty", None), rollwright, f"{GAME}/index.html"),
            ("rollwright, catalogue", rollwright_site(base / "rw-things", found), rollwright,
             f"{GAME}/compendium/index.html"),
            ("plain, empty table", plain_site(base / "plain-empty", []), mkdocs, "index.html"),
            ("plain, table", plain_site(base / "plain-table", found), mkdocs, "index.html")):
        seconds = timed_build(folder, command)
        site = folder / "site"
        raw, zipped = page_bytes(site / page)
        results[name] = {"build_s": round(seconds, 2), "site_bytes": folder_bytes(site), "page_bytes": raw,
                         "page_gzip": zipped}
    delta_rw = {k: results["rollwright, catalogue"][k] - results["rollwright, no catalogue"][k] for k in results["plain, table"]}
    delta_plain = {k: results["plain, table"][k] - results["plain, empty table"][k] for k in results["plain, table"]}
    print(f"things bench: {args.entries:,} entries (figures per 1,000 entries in brackets)")
    for name, row in results.items():
        print(f"  {name:26} build {row['build_s']:6.2f} s   site {row['site_bytes'] / 1e6:6.2f} MB   "
              f"page {row['page_bytes'] / 1e3:8.1f} kB ({row['page_gzip'] / 1e3:7.1f} kB gzipped)")
    for name, delta in (("rollwright's catalogue", delta_rw), ("plain table", delta_plain)):
        print(f"  {name:26} adds build {delta['build_s'] * per:+6.2f} s   site {delta['site_bytes'] * per / 1e6:+6.2f} MB   "
              f"page {delta['page_gzip'] * per / 1e3:+7.1f} kB gzipped  (per 1,000)")
    if delta_plain["build_s"] > 0:
        print(f"  ratio of the catalogue's build cost to the plain table's: {delta_rw['build_s'] / delta_plain['build_s']:.2f}")
    if not args.no_phone:
        phone = phone_list(base / "rw-things" / "site", f"{GAME}/compendium/")
        print(f"  phone (390 px, CPU 4x), median ms over 5: " + ", ".join(f"{k} {v}" for k, v in phone.items()))
    print(json.dumps({"entries": args.entries, "builds": results}, indent=None))
    if args.keep is None:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
