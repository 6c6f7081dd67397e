"""Every registry call at the corners of its parameters, cold, timed: the slowest, as ratios to icepool.

    .venv/bin/python bench/call_sweep.py [--extra N] [--stop S] [--top K] [--json FILE]
    make fuzz        # the large run: --extra 1000 (about 108,000 calls)

The sets come from ``tests/support/sweep.py`` (the suite runs the same sweep, smaller, and only asserts
that each call answers or refuses with the engine's own error). Each call runs with every cache of the
engine emptied first, as in a fresh browser tab, and is timed in CPU time of this process
(``time.process_time``); ``--stop`` gives up on one call after that many CPU seconds. The baseline,
measured in the same run: icepool building 10k5 (ten d10 exploding up to 9 times, the 5 highest kept)
from nothing, in a fresh Python process, median of three. Printed: the slowest call of each name, the
crashes and stopped calls (none is acceptable), and the counts. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

BASELINE = """
import time, icepool
start = time.process_time()
list(icepool.Pool([icepool.d10.explode(depth=9)] * 10).highest(5).sum().items())
print(time.process_time() - start)
"""


def baseline_seconds(runs: int = 3) -> float:
    """icepool's 10k5 from nothing, in a fresh process (its import not counted): the median of ``runs``."""
    times = [float(subprocess.run([sys.executable, "-c", BASELINE], capture_output=True, text=True,
                                  check=True).stdout) for _ in range(runs)]
    return statistics.median(times)


def sweep(extra: int, stop: float, seed: int = 0) -> dict:
    """Run every set; the slowest outcome per call (per widget for ``widget.render``), crashes, counts."""
    from tests.support import sweep as corners

    slowest: dict[str, corners.Outcome] = {}
    bad: list[corners.Outcome] = []
    counts: dict[str, int] = {}
    started = time.perf_counter()
    for name, params in corners.everything(extra, seed):
        outcome = corners.run(name, params, stop_after=stop, cold=True)
        counts[outcome.how] = counts.get(outcome.how, 0) + 1
        if outcome.how in ("crashed", "stopped"):
            bad.append(outcome)
        key = f"widget.render[{params['widget']}]" if name == "widget.render" else name
        if key not in slowest or outcome.seconds > slowest[key].seconds:
            slowest[key] = outcome
    ranked = sorted(slowest.items(), key=lambda item: -item[1].seconds)
    return {"extra": extra, "stop": stop, "counts": counts, "seconds": round(time.perf_counter() - started, 1),
            "slowest": [{"call": key, "seconds": round(o.seconds, 4), "how": o.how, "command": o.command()}
                        for key, o in ranked],
            "bad": [{"call": o.call, "how": o.how, "detail": o.detail, "command": o.command()} for o in bad]}


def report(result: dict, baseline: float, top: int) -> str:
    """The table: the ``top`` slowest calls, their CPU time and its ratio to the baseline."""
    lines = [f"{'call (slowest set, cold caches)':<44}{'ms':>9}{'ratio':>8}",
             f"{'baseline: icepool 10k5 from nothing':<44}{baseline * 1000:>9.1f}{1:>8.2f}"]
    for row in result["slowest"][:top]:
        lines.append(f"{row['call']:<44}{row['seconds'] * 1000:>9.1f}{row['seconds'] / baseline:>8.2f}"
                     + ("" if row["how"] in ("answered", "refused") else f"  {row['how'].upper()}"))
    counts = ", ".join(f"{n:,} {how}" for how, n in sorted(result["counts"].items()))
    over = sum(1 for row in result["slowest"] if row["seconds"] > 1)
    lines.append(f"   {sum(result['counts'].values()):,} calls ({counts}) in {result['seconds']} s; "
                 f"calls over 1 s: {over}; crashed or stopped: {len(result['bad'])}")
    slowest = result["slowest"][0]
    lines.append(f"   slowest: {slowest['command'][:300]}")
    lines += [f"   {row['how'].upper()}: {row['command'][:300]}  ({row['detail'][:200]})" for row in result["bad"][:20]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", type=int, default=10, help="sets per call from the product of corners, and as "
                        "many drawn inside the ranges (default 10; make fuzz: 1000)")
    parser.add_argument("--stop", type=float, default=10.0, help="give up on one call after this many CPU seconds")
    parser.add_argument("--top", type=int, default=12, help="how many of the slowest calls to print")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled sets")
    parser.add_argument("--json", type=Path, default=None, help="also write the result to this file")
    args = parser.parse_args(argv)
    baseline = baseline_seconds()
    result = sweep(args.extra, args.stop, args.seed)
    result["baseline_seconds"] = round(baseline, 4)
    print(f"Every registry call at its corners, CPython {sys.version.split()[0]}, --extra {args.extra}")
    print(report(result, baseline, args.top))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 1 if result["bad"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
