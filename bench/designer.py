"""A designer's steps from Rollwright's wheel to a published page, timed on this machine.

    .venv/bin/python bench/designer.py [--keep DIR]

Builds the wheel (as ``make dist``), makes a fresh venv in a temporary folder, installs the wheel's
pinned dependencies and then the wheel from the wheelhouse (``make dev-deps``; no network), runs
``rollwright new``, then ``rollwright build`` four times: first build with Node.js, the same build
again (its caches warm), and the first build of a second project with Node.js hidden from the PATH,
then that one again; and the time from opening the built game page in headless Chromium to the
widget's first live answer, each way. Prints one line per step and the wheel's size.

Nothing here is a test; each figure is one sample, taken with whatever else the machine runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.designer import build_wheel, fresh_venv, pip_install, wheel_requirements  # noqa: E402
from tests.support.siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

T = TypeVar("T")
WIDGET = "section[data-rw-widget='lanternfall-odds'][data-rw-state='ready']"


def timed(label: str, step: Callable[[], T], rows: list[tuple[str, float]]) -> T:
    start = time.perf_counter()
    result = step()
    rows.append((label, time.perf_counter() - start))
    print(f"{label:<58} {rows[-1][1]:7.1f} s", flush=True)
    return result


def first_answer(site: Path) -> float:
    """Seconds from opening the game page (a fresh browser profile) to its widget's first live answer."""
    from playwright.sync_api import sync_playwright

    server = SiteServer(prefix="/my-srd/")
    server.serve(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(server.root + "lanternfall/")
            page.wait_for_selector(WIDGET, timeout=300_000)
            elapsed = time.perf_counter() - start
            browser.close()
            return elapsed
    finally:
        server.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, default=None, help="work in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="rollwright-designer-"))
    work.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, float]] = []
    print(f"CPUs available: {len(os.sched_getaffinity(0))}; work folder: {work}")
    try:
        wheel = timed("build the wheel (python -m hatchling build)", lambda: build_wheel(work / "dist"), rows)
        python = timed("python -m venv", lambda: fresh_venv(work / "venv"), rows)
        timed("pip install the wheel's pinned dependencies (wheelhouse)",
              lambda: pip_install(python, *wheel_requirements(wheel)), rows)
        timed("pip install the rollwright wheel", lambda: pip_install(python, "--no-deps", wheel), rows)
        project = timed("rollwright new", lambda: python.new(work, "my-srd", "Lanternfall"), rows)
        url = "http://127.0.0.1/my-srd/"
        timed("rollwright build, with Node.js, first", lambda: python.build(project, work / "site", url), rows)
        timed("rollwright build, with Node.js, again", lambda: python.build(project, work / "site", url), rows)
        other = python.new(work, "other", "Lanternfall")
        timed("rollwright build, without Node.js, first",
              lambda: python.build(other, work / "site-no-node", url, node=False), rows)
        timed("rollwright build, without Node.js, again",
              lambda: python.build(other, work / "site-no-node", url, node=False), rows)
        timed("browser: game page to first live answer, snapshot", lambda: first_answer(work / "site"), rows)
        timed("browser: game page to first live answer, fallback", lambda: first_answer(work / "site-no-node"), rows)
        size = wheel.stat().st_size
        print(f"wheel: {wheel.name}, {size:,} bytes ({size / 1e6:.1f} MB)")
        total = sum(seconds for _, seconds in rows[1:6])
        print(f"from `python -m venv` to a built site (first build, with Node.js): {total:.1f} s")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
