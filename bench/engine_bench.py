"""Bench part 4: the engine's exact distributions vs icepool's, in CPython.

Both sides build the whole distribution from scratch and list its (outcome, weight)
pairs. Reported: the first call and the median of the following runs (either side
may cache between runs; the first call shows the uncached cost).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from fractions import Fraction

RUNS = 7
DEPTH = 9  # the engine's explosion cap in the notations below; icepool is given the same


def _cases(icepool) -> list[tuple[str, Callable[[], object]]]:
    def open_d20():
        d20 = icepool.d20
        return d20.map(lambda x: 1 - d20 if x == 1 else (20 + d20 if x == 20 else x))

    return [
        ("3d10+d6", lambda: 3 @ icepool.d10 + icepool.d6),
        ("2d10+d4", lambda: 2 @ icepool.d10 + icepool.d4),
        ("10k5", lambda: icepool.Pool([icepool.d10.explode(depth=DEPTH)] * 10).highest(5).sum()),
        ("od20", open_d20),
        ("d8!", lambda: icepool.d8.explode(depth=DEPTH)),
    ]


def _icepool_probabilities(die) -> dict[int, Fraction]:
    denominator = die.denominator()
    return {int(value): Fraction(count, denominator) for value, count in die.items()}


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(first call ms, median ms of the next RUNS calls)."""
    samples = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples[0], statistics.median(samples[1:])


def engine_vs_icepool() -> list[dict]:
    import icepool

    from rollwright.dice.notation import distribution

    rows = []
    for notation, oracle in _cases(icepool):
        engine_first, engine_ms = _timed(lambda n=notation: list(distribution(n, depth=DEPTH).items()))
        ice_first, ice_ms = _timed(lambda o=oracle: list(o().items()))
        same = dict(distribution(notation, depth=DEPTH).probabilities()) == _icepool_probabilities(oracle())
        rows.append({
            "notation": notation, "engine_ms": round(engine_ms, 3), "icepool_ms": round(ice_ms, 3),
            "ratio": round(engine_ms / ice_ms, 2),
            "first_ratio": round(engine_first / ice_first, 2),
            "engine_first_ms": round(engine_first, 3), "icepool_first_ms": round(ice_first, 3),
            "same_distribution": same,
        })
    return rows
