"""Bench row for issue 39: ``rollwright diff`` on the flagship's four games against a changed copy.

    .venv/bin/python bench/changes_bench.py [--repeat N] [--report FILE]

Two temporary copies of the flagship (``mkdocs.yml``, ``docs/``, ``engine/systems``, the guide's snippet
folders): the second with a real change to Façade (a near miss is now a miss by 3 or less, not 2) and one
edited paragraph. Times, wall clock on this machine (``time.perf_counter``):

- cold: both versions evaluated (each in its own process, at once), no cached snapshots;
- release: the old version against a third copy that changes Façade again (a near miss by 4), as on the next
  release: the old snapshot comes from the cache, and of the new one only Façade is evaluated (the other
  three games' answers are cached per game);
- warm: the first comparison again, both snapshots from the cache (a release compared again);
- baseline: one process that only loads the four games (their registries filled), for a ratio.

The first lines of the text report are printed too. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
COPIED = ("mkdocs.yml", "docs", "engine/systems", "macros/rollwright/scaffold/template",
          "macros/rollwright/scaffold/template-data", "docs/designers/gallery")
RULE = "engine/systems/facade/rules/success.py"
PAGE = "docs/facade/basic-rules.md"


def copy(into: Path) -> Path:
    for name in COPIED:
        source, target = REPO_ROOT / name, into / name
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def change(site: Path, near: int = 3) -> Path:
    rule = site / RULE
    text = rule.read_text()
    assert "NEAR_MISS_RANGE = 2\n" in text
    rule.write_text(text.replace("NEAR_MISS_RANGE = 2\n", f"NEAR_MISS_RANGE = {near}\n"))
    page = site / PAGE
    page.write_text(page.read_text() + f"\nA roll that misses by {near} or less is now a near miss.\n")
    return site


def timed(argv: list[str], cwd: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--report", default=None, help="write the text report here")
    args = parser.parse_args()
    rollwright = [sys.executable, "-m", "rollwright"]
    cold, release, warm, base = [], [], [], []
    output = ""
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="rw-changes-bench-") as scratch:
            root = Path(scratch)
            copy(root / "old")
            change(copy(root / "new"))
            change(copy(root / "newer"), near=4)
            load = "from pathlib import Path; from rollwright.changes.snapshot import use_folder; " \
                   "from rollwright.kit.discovery import load_all; use_folder(Path('old').resolve()); load_all()"
            base.append(timed([sys.executable, "-c", load], root)[0])
            seconds, output = timed([*rollwright, "diff", "old", "new"], root)
            cold.append(seconds)
            release.append(timed([*rollwright, "diff", "old", "newer"], root)[0])
            warm.append(timed([*rollwright, "diff", "old", "new"], root)[0])
    if args.report:
        Path(args.report).write_text(output)
    b, c, w = statistics.median(base), statistics.median(cold), statistics.median(warm)
    r = statistics.median(release)
    print(f"changes: flagship vs a changed copy, cold {c:.1f} s ({c / b:.1f}x loading the games, {b:.2f} s); "
          f"next release (old cached, one game changed) {r:.1f} s ({r / b:.1f}x); warm (cached snapshots) "
          f"{w:.2f} s ({w / b:.1f}x); median of {args.repeat}")
    print("\n".join(output.splitlines()[:14]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
