"""Bench part 4: the engine's exact distributions vs icepool's, in CPython.

    .venv/bin/python bench/engine_bench.py [--processes N]

Both sides build the whole distribution of each case from scratch (explosions capped at the
same depth) and list its (outcome, weight) pairs. Two kinds of figures:

* In one process (this one), both libraries imported once, the cases one after another:
  ``engine_ms``/``icepool_ms``, the median of the RUNS calls after the first (either side may
  cache between calls: the engine keeps whole distributions, icepool its own pieces);
  ``engine_first_ms``/``icepool_first_ms``, each case's first call in this process, which comes
  after earlier cases have already warmed both libraries (icepool's caches especially), so it is
  NOT what a fresh start costs.
* In fresh processes: for each case and each side, a new Python process imports the library
  (``*_import_ms``) and then makes that one call (``*_fresh_ms``), each timed alone; the median
  over ``--processes`` processes (5 by default; one untimed process per side runs first, so
  bytecode caches exist). ``fresh_ratio`` is engine / icepool on the call alone, import not counted.

``same_distribution``: both sides give the same probabilities, in this process and in every
fresh one. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from fractions import Fraction

RUNS = 7
PROCESSES = 5
DEPTH = 9  # the engine's explosion cap in the notations below; icepool is given the same

ICEPOOL = {  # our notation -> the same distribution built by icepool (constant expressions, ours)
    "3d10+d6": "3 @ icepool.d10 + icepool.d6",
    "2d10+d4": "2 @ icepool.d10 + icepool.d4",
    "10k5": f"icepool.Pool([icepool.d10.explode(depth={DEPTH})] * 10).highest(5).sum()",
    "od20": "icepool.d20.map(lambda x: 1 - icepool.d20 if x == 1 else (20 + icepool.d20 if x == 20 else x))",
    "d8!": f"icepool.d8.explode(depth={DEPTH})",
    # issue 37's forms: Fudge dice, a keep across a mixed pool, the higher of two exploding dice, tens and units
    "4dF": "4 @ icepool.Die([-1, 0, 1])",
    "{4d6+3d8}kh4": "icepool.Pool([icepool.d6] * 4 + [icepool.d8] * 3).highest(4).sum()",
    "{d8!,d6!}kh1": f"icepool.highest(icepool.d8.explode(depth={DEPTH}), icepool.d6.explode(depth={DEPTH}))",
    "(d10-1)*10+d10": "(icepool.d10 - 1) * 10 + icepool.d10",
}
IMPORTS = {"engine": "from rollwright.dice.notation import distribution", "icepool": "import icepool"}

# One fresh process: the import, then the first call, each timed alone; nothing else loaded before either.
CHILD = """import time
start = time.perf_counter()
{imports}
imported = time.perf_counter()
items = list(({call}).items())
done = time.perf_counter()
import json
print(json.dumps({{"import_ms": (imported - start) * 1000, "first_ms": (done - imported) * 1000,
                  "items": [[int(o), int(w)] for o, w in items]}}))
"""


def _call(side: str, notation: str) -> str:
    return f"distribution({notation!r}, depth={DEPTH})" if side == "engine" else ICEPOOL[notation]


def _probabilities(items: Iterable[tuple[int, int]]) -> dict[int, Fraction]:
    pairs = [(int(o), int(w)) for o, w in items]
    total = sum(w for _, w in pairs)
    return {o: Fraction(w, total) for o, w in pairs}


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(first call ms, median ms of the next RUNS calls)."""
    samples = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples[0], statistics.median(samples[1:])


def fresh(side: str, notation: str) -> dict:
    """One fresh Python process: ``{"import_ms", "first_ms", "items"}`` for ``side`` ("engine" or "icepool")."""
    program = CHILD.format(imports=IMPORTS[side], call=_call(side, notation))
    # -I: no current directory or PYTHON* variables on the path, only the interpreter's own packages.
    done = subprocess.run([sys.executable, "-I", "-c", program], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def fresh_processes(processes: int = PROCESSES) -> dict[str, dict]:
    """Per case: each side's median import and first-call ms over ``processes`` fresh processes."""
    for side in IMPORTS:  # untimed: bytecode caches written, files in the page cache
        fresh(side, "3d10+d6")
    out: dict[str, dict] = {}
    for notation in ICEPOOL:
        samples: dict[str, list[dict]] = {side: [] for side in IMPORTS}
        for _ in range(processes):  # the sides take turns, so a change in the machine's load hits both alike
            for side in IMPORTS:
                samples[side].append(fresh(side, notation))
        row: dict = {}
        for side, taken in samples.items():
            row[f"{side}_import_ms"] = round(statistics.median(s["import_ms"] for s in taken), 2)
            row[f"{side}_fresh_ms"] = round(statistics.median(s["first_ms"] for s in taken), 3)
        answers = [_probabilities(s["items"]) for taken in samples.values() for s in taken]
        row["same"] = all(answer == answers[0] for answer in answers)
        out[notation] = row
    return out


def engine_vs_icepool(processes: int = PROCESSES) -> list[dict]:
    """One row per case: the in-process figures, then the fresh-process ones (see the module's docstring)."""
    import icepool

    from rollwright.dice.notation import distribution

    rows = []
    for notation, source in ICEPOOL.items():
        oracle = eval(f"lambda: {source}", {"icepool": icepool})  # noqa: S307 - our own constant expressions
        engine_first, engine_ms = _timed(lambda n=notation: list(distribution(n, depth=DEPTH).items()))
        ice_first, ice_ms = _timed(lambda o=oracle: list(o().items()))
        same = dict(distribution(notation, depth=DEPTH).probabilities()) == _probabilities(oracle().items())
        rows.append({
            "notation": notation, "engine_ms": round(engine_ms, 3), "icepool_ms": round(ice_ms, 3),
            "ratio": round(engine_ms / ice_ms, 2),
            "first_ratio": round(engine_first / ice_first, 2),
            "engine_first_ms": round(engine_first, 3), "icepool_first_ms": round(ice_first, 3),
            "same_distribution": same,
        })
    cold = fresh_processes(processes)
    for row in rows:
        f = cold[row["notation"]]
        row.update({key: f[key] for key in ("engine_import_ms", "engine_fresh_ms", "icepool_import_ms",
                                            "icepool_fresh_ms")})
        row["fresh_ratio"] = round(f["engine_fresh_ms"] / f["icepool_fresh_ms"], 2)
        row["fresh_processes"] = processes
        row["same_distribution"] = row["same_distribution"] and f["same"]
    return rows


def report_lines(rows: list[dict]) -> list[str]:
    """Row 4 as printed by ``run.py`` and by this file alone."""
    processes = rows[0]["fresh_processes"] if rows else PROCESSES
    lines = [
        "4. distribution, CPython: engine vs icepool, ms (each side builds it from scratch and lists it)",
        "   a. in one process, libraries already imported: median of repeated calls (either side may cache),",
        "      and each case's first call here (earlier cases have warmed both libraries: not a fresh start)",
        f"{'case':<16}{'engine':>10}{'icepool':>10}{'ratio':>8}{'1st engine':>12}{'1st icepool':>13}{'1st ratio':>11}",
    ]
    for row in rows:
        lines.append(f"{row['notation']:<16}{row['engine_ms']:>10.2f}{row['icepool_ms']:>10.2f}{row['ratio']:>8.2f}"
                     f"{row['engine_first_ms']:>12.2f}{row['icepool_first_ms']:>13.2f}{row['first_ratio']:>11.2f}")
    lines += [
        f"   b. a fresh process per case and side, median of {processes}: the import, then the first call alone",
        f"{'case':<16}{'engine import':>15}{'1st call':>10}{'icepool import':>16}{'1st call':>10}{'ratio':>8}",
    ]
    for row in rows:
        lines.append(f"{row['notation']:<16}{row['engine_import_ms']:>15.1f}{row['engine_fresh_ms']:>10.2f}"
                     f"{row['icepool_import_ms']:>16.1f}{row['icepool_fresh_ms']:>10.2f}{row['fresh_ratio']:>8.2f}")
    different = [row["notation"] for row in rows if not row["same_distribution"]]
    lines.append("   same distribution on both sides: " + ("yes, every case" if not different
                                                              else "NO for " + ", ".join(different)))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=PROCESSES,
                        help=f"fresh processes per case and side (default {PROCESSES})")
    args = parser.parse_args()
    print("\n".join(report_lines(engine_vs_icepool(args.processes))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
