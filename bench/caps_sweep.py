"""Sweep dice notations along the work cap's boundary and time each one in CPython.

    .venv/bin/python bench/caps_sweep.py [--repeat N] [--family WORD] [--json FILE]

Each family is a notation with one free number (sides, dice, kept dice ...). For
each, the largest value the caps still accept is found by bisection on the work
estimate (no distribution is built while searching); that boundary notation is then
evaluated from scratch (no cache) and timed, best of ``--repeat`` runs, in CPU time of
this process (``time.process_time``: other work on the machine does not inflate it). The table
shows the estimate, its share of the cap, the time and the time per estimated step;
the last lines give the worst accepted time and the everyday notations that must
stay accepted. A standalone script: nothing here is a test and nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rollwright.dice.notation import estimate_work, evaluate, parse  # noqa: E402
from rollwright.dice.notation.limits import MAX_WORK  # noqa: E402
from rollwright.errors import RollwrightError  # noqa: E402


@dataclass(frozen=True)
class Family:
    """Notations ``template(x)`` for ``low <= x <= high``, the work growing with ``x``."""

    label: str
    template: Callable[[int], str]
    depth: int
    low: int
    high: int


def _families() -> list[Family]:
    out: list[Family] = []
    for n in (1, 2, 3, 5, 10, 18, 31, 50, 100):  # plain sums: the sides grow
        out.append(Family(f"{n}dX", lambda x, n=n: f"{n}d{x}", 9, 2, 1000))
    for k in (3, 6, 10):  # several terms
        out.append(Family(f"{k} x dX", lambda x, k=k: "+".join([f"d{x}"] * k), 9, 2, 1000))
    for depth in (3, 9, 14, 20):  # exploding: the sides grow
        out.append(Family(f"dX! @{depth}", lambda x: f"d{x}!", depth, 2, 1000))
        out.append(Family(f"2dX! @{depth}", lambda x: f"2d{x}!", depth, 2, 1000))
        out.append(Family(f"10dX! @{depth}", lambda x: f"10d{x}!", depth, 2, 1000))
        out.append(Family(f"XdX! @{depth}", lambda x: f"{min(x, 100)}d{x}!", depth, 2, 1000))
    for depth in (9, 20):  # thresholds
        out.append(Family(f"dX!>=2 @{depth}", lambda x: f"d{x}!>=2", depth, 3, 1000))
        out.append(Family(f"dX!>=X/2 @{depth}", lambda x: f"d{x}!>={x // 2 + 1}", depth, 3, 1000))
        out.append(Family(f"Xd8!>=5 @{depth}", lambda x: f"{x}d8!>=5", depth, 1, 100))
        out.append(Family(f"Xd6!>=2 @{depth}", lambda x: f"{x}d6!>=2", depth, 1, 100))
    for n, keep in ((4, 3), (10, 5), (20, 10), (50, 25), (100, 50), (100, 99), (100, 1), (10, 9)):
        out.append(Family(f"{n}dXkh{keep}", lambda x, n=n, keep=keep: f"{n}d{x}kh{keep}", 9, 2, 1000))
    for sides in (6, 20, 100):  # keep/drop: the kept dice grow
        out.append(Family(f"100d{sides}khX", lambda x, s=sides: f"100d{s}kh{x}", 9, 1, 99))
        out.append(Family(f"100d{sides}dlX", lambda x, s=sides: f"100d{s}dl{x}", 9, 1, 99))
    out.append(Family("Xd20kl(X/2)", lambda x: f"{x}d20kl{max(1, x // 2)}", 9, 2, 100))
    out.append(Family("Xd10dh1", lambda x: f"{x}d10dh1", 9, 2, 100))
    for depth in (3, 9, 20):  # exploding keep and roll-and-keep
        out.append(Family(f"10dX!kh5 @{depth}", lambda x: f"10d{x}!kh5", depth, 2, 1000))
        out.append(Family(f"4dX!kh3 @{depth}", lambda x: f"4d{x}!kh3", depth, 2, 1000))
        out.append(Family(f"Xk(X/2) @{depth}", lambda x: f"{x}k{max(1, x // 2)}", depth, 2, 100))
        out.append(Family(f"Xk(X-1) @{depth}", lambda x: f"{x}k{x - 1}", depth, 2, 100))
        out.append(Family(f"Xk3 @{depth}", lambda x: f"{x}k3", depth, 4, 100))
        out.append(Family(f"100kX @{depth}", lambda x: f"100k{x}", depth, 1, 99))
        out.append(Family(f"Xd10!>=8kh(X/2) @{depth}", lambda x: f"{x}d10!>=8kh{max(1, x // 2)}", depth, 2, 100))
        out.append(Family(f"Xd20!kh3 @{depth}", lambda x: f"{x}d20!kh3", depth, 4, 100))
        out.append(Family(f"100dX!kh3 @{depth}", lambda x: f"100d{x}!kh3", depth, 2, 1000))
        out.append(Family(f"100dX!kh9 @{depth}", lambda x: f"100d{x}!kh9", depth, 2, 1000))
        out.append(Family(f"30dX!>=2kh3 @{depth}", lambda x: f"30d{x}!>=2kh3", depth, 3, 1000))
    for k in (2, 4):  # several keep pools added
        out.append(Family(f"{k} x 10dXkh5", lambda x, k=k: "+".join([f"10d{x}kh5"] * k), 9, 2, 1000))
    return out


EVERYDAY = [("10k5", 9), ("10k5", 20), ("20k10", 9), ("4d6kh3", 20), ("100d20kh50", 9), ("d8!", 9),
            ("3d10+d6", 9), ("od20", 9), ("2d10+d4", 9), ("d20!>=2", 20), ("10d10!>=8kh5", 20), ("4d6!kh3", 20),
            ("100d6kh50", 9), ("3d1000", 9), ("d1000!", 20), ("100d20", 9)]
"""Common and reasonable notations (at the depth given) that the cap must keep accepting."""


def accepted(text: str, depth: int) -> int | None:
    """The work estimate when the caps accept ``text`` at ``depth``, else None."""
    try:
        work = estimate_work(parse(text), depth)
    except RollwrightError:
        return None
    return work if work <= MAX_WORK else None


def boundary(family: Family) -> int | None:
    """The largest ``x`` whose notation is accepted (the work grows with ``x``), or None."""
    if accepted(family.template(family.low), family.depth) is None:
        return None
    low, high = family.low, family.high
    while low < high:
        middle = (low + high + 1) // 2
        if accepted(family.template(middle), family.depth) is None:
            high = middle - 1
        else:
            low = middle
    return low


def timed(text: str, depth: int, repeat: int) -> float:
    """Best of ``repeat`` from-scratch evaluations, in seconds of this process's CPU time."""
    expr = parse(text)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        evaluate(expr, depth)
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="runs per notation; the best is shown (default 2)")
    parser.add_argument("--family", default="", help="only the families whose label contains this")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows to this file")
    args = parser.parse_args(argv)
    rows = []
    print(f"work cap MAX_WORK = {MAX_WORK:,} estimated steps; CPython {sys.version.split()[0]}")
    print(f"{'family':<24} {'boundary notation':<22} {'depth':>5} {'estimate':>11} {'of cap':>6} "
          f"{'time ms':>8} {'us/step':>8}")
    for family in _families():
        if args.family not in family.label:
            continue
        x = boundary(family)
        if x is None:
            print(f"{family.label:<24} (refused even at {family.template(family.low)})")
            continue
        text = family.template(x)
        work = estimate_work(parse(text), family.depth)
        seconds = timed(text, family.depth, args.repeat)
        rows.append({"family": family.label, "notation": text, "depth": family.depth, "work": work,
                     "seconds": seconds})
        print(f"{family.label:<24} {text:<22} {family.depth:>5} {work:>11,} {work / MAX_WORK:>6.0%} "
              f"{seconds * 1000:>8.1f} {seconds * 1e6 / max(work, 1):>8.3f}", flush=True)
    if rows:
        worst = max(rows, key=lambda row: row["seconds"])
        print(f"worst accepted: {worst['notation']} at depth {worst['depth']}: {worst['seconds'] * 1000:.0f} ms")
    print("everyday notations:")
    for text, depth in EVERYDAY:
        work = accepted(text, depth)
        shown = "REFUSED" if work is None else f"{work / MAX_WORK:>6.0%} of cap, {timed(text, depth, 1) * 1000:7.1f} ms"
        print(f"  {text:<14} @{depth:<3} {shown}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
