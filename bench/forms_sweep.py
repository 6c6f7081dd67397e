"""Issue 37's exhaustive sweep: every new notation form and every dice reading, on a grid of small cases,
against brute force (each face of each die) and icepool.

    .venv/bin/python bench/forms_sweep.py [--json FILE]

The suite checks a sample of the same (tests/dice/test_notation_forms.py, test_reading_oracles.py);
this walks the whole grid and prints how many cases agreed, and the slowest, as a ratio to the
brute force that checked it. Nothing is asserted: a disagreement is printed and counted.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

from rollwright.dice.notation import distribution, parse
from rollwright.dice.reading import joint

Exact = dict[int, Fraction]
FUDGE = (-1, 0, 1)


def _exact(counts: Counter[int]) -> Exact:
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def brute(dice: list[tuple[int, ...]], value: Callable[[tuple[int, ...]], int]) -> Exact:
    return _exact(Counter(value(combo) for combo in itertools.product(*dice)))


def d(sides: int) -> tuple[int, ...]:
    return tuple(range(1, sides + 1))


def rerolled(sides: int, face: int, once: bool) -> tuple[int, ...]:
    """A d``sides`` rerolling faces <= ``face``: while (the other faces, equally likely) or once (each pair)."""
    if not once:
        return tuple(f for f in d(sides) if f > face)
    return tuple(second if first <= face else first for first in d(sides) for second in d(sides))


DEPTH = 2
"""Explosion cap in the sweep (small, so that brute force can list every chain of rolls)."""


def chains(sides: int, depth: int) -> list[tuple[int, ...]]:
    """Every chain of rolls of one die exploding on its top face, each repeated to weigh as likely as it is."""
    if depth == 0:
        return [(f,) for f in d(sides)]
    deeper = chains(sides, depth - 1)
    return [chain for f in d(sides) for chain in ([(f, *rest) for rest in deeper] if f == sides
                                                  else [(f,)] * len(deeper))]


def cases() -> Iterator[tuple[str, Callable[[], Exact]]]:
    """(notation, its brute force) for every small case of every new form."""
    for n, s in itertools.product(range(1, 3), (2, 3, 4)):
        rolls = [tuple(chains(s, DEPTH))] * n
        for t in range(1, s + 1):
            yield f"{{{n}d{s}!}}>={t}", lambda rolls=rolls, t=t: brute(
                rolls, lambda c: sum(f >= t for chain in c for f in chain))
            yield f"{{{n}d{s}!!}}>={t + s}", lambda rolls=rolls, t=t, s=s: brute(
                rolls, lambda c: sum(sum(chain) >= t + s for chain in c))
            yield f"{{{n}d{s}!p}}>={t}", lambda rolls=rolls, t=t: brute(
                rolls, lambda c: sum((f - (i > 0)) >= t for chain in c for i, f in enumerate(chain)))
        yield f"{n}d{s}!p", lambda rolls=rolls: brute(rolls, lambda c: sum(sum(ch) - len(ch) + 1 for ch in c))
    for n, s in itertools.product(range(1, 4), (2, 3, 4, 6)):
        for t in range(1, s + 1):
            yield f"{n}d{s}>={t}", lambda n=n, s=s, t=t: brute([d(s)] * n, lambda c: sum(f >= t for f in c))
            yield f"{n}d{s}<={t}f={s}", lambda n=n, s=s, t=t: brute(
                [d(s)] * n, lambda c: sum(f <= t for f in c) - sum(f == s for f in c))
        for f in range(1, s):
            yield f"{n}d{s}r<={f}", lambda n=n, s=s, f=f: brute([rerolled(s, f, False)] * n, sum)
            yield f"{n}d{s}ro<={f}", lambda n=n, s=s, f=f: brute([rerolled(s, f, True)] * n, sum)
    for n in range(1, 6):
        yield f"{n}dF", lambda n=n: brute([FUDGE] * n, sum)
    for a, b in itertools.product((2, 4, 6, 8), repeat=2):
        yield f"{{d{a},d{b}}}kh1", lambda a=a, b=b: brute([d(a), d(b)], max)
        yield f"{{d{a},2d{b}}}kl1", lambda a=a, b=b: brute([d(a), d(b), d(b)], lambda c: min(c[0], c[1] + c[2]))
        yield f"d{a}*d{b}", lambda a=a, b=b: brute([d(a), d(b)], lambda c: c[0] * c[1])
        yield f"(d{a}+d{b})/3", lambda a=a, b=b: brute([d(a), d(b)], lambda c: (c[0] + c[1]) // 3)
        yield f"min(d{a},d{b}+1)", lambda a=a, b=b: brute([d(a), d(b)], lambda c: min(c[0], c[1] + 1))
        yield f"max(2d{a},d{b})", lambda a=a, b=b: brute([d(a), d(a), d(b)], lambda c: max(c[0] + c[1], c[2]))
        for k in (1, 2, 3):
            yield f"{{2d{a}+2d{b}}}kh{k}", lambda a=a, b=b, k=k: brute(
                [d(a)] * 2 + [d(b)] * 2, lambda c: sum(sorted(c)[-k:]))
            yield f"{{2d{a}+2d{b}}}s1kh{k}", lambda a=a, b=b, k=k: brute(
                [d(a)] * 2 + [d(b)] * 2, lambda c: sum(sorted(f for f in c if f > 1)[-k:]))


def pool_cases() -> Iterator[tuple[str, list[tuple[int, ...]]]]:
    """Plain pools (as dice lists) for the joint reading."""
    for a, b in itertools.product((2, 3, 4, 6), repeat=2):
        for n, m in itertools.product(range(0, 4), range(1, 3)):
            text = "+".join(x for x in (f"{n}d{a}" if n else "", f"{m}d{b}") if x)
            yield text, [d(a)] * n + [d(b)] * m


READ = [("total",), ("highest",), ("lowest",), ("largest_set",), ("count", "==", 1), ("count", ">=", 3)]


def read_brute(dice: list[tuple[int, ...]]) -> dict[tuple[int, ...], Fraction]:
    found: Counter[tuple[int, ...]] = Counter()
    for combo in itertools.product(*dice):
        counts = Counter(combo)
        found[(sum(combo), max(combo), min(combo), max(counts.values()), counts[1],
               sum(f >= 3 for f in combo))] += 1
    total = sum(found.values())
    return {k: Fraction(v, total) for k, v in found.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()
    rows, wrong = [], []
    for text, oracle in [*cases()]:
        start = time.perf_counter()
        ours = dict(distribution(text, depth=DEPTH).probabilities())
        took = time.perf_counter() - start
        start = time.perf_counter()
        expected = oracle()
        brute_s = time.perf_counter() - start
        rows.append((text, took, brute_s))
        if ours != expected:
            wrong.append(text)
    for text, dice in pool_cases():
        start = time.perf_counter()
        weights = joint(parse(text), READ)
        total = sum(weights.values())
        ours_read = {k: Fraction(w, total) for k, w in weights.items()}
        took = time.perf_counter() - start
        start = time.perf_counter()
        expected_read = read_brute(dice)
        rows.append((f"read {text}", took, time.perf_counter() - start))
        if ours_read != expected_read:
            wrong.append(f"read {text}")
    rows.sort(key=lambda r: -r[1])
    print(f"issue 37 sweep: {len(rows)} cases, {len(rows) - len(wrong)} equal to brute force, {len(wrong)} not")
    for text in wrong:
        print(f"  DIFFERENT: {text}")
    print(f"{'slowest':<24}{'ours ms':>10}{'brute ms':>10}{'ratio':>8}")
    for text, ours_s, brute_s in rows[:8]:
        print(f"{text:<24}{ours_s * 1000:>10.2f}{brute_s * 1000:>10.2f}{ours_s / max(brute_s, 1e-9):>8.2f}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"cases": len(rows), "different": wrong,
                       "slowest": [{"case": t, "ours_ms": o * 1000, "brute_ms": b * 1000} for t, o, b in rows[:25]]},
                      out, indent=2)
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main())
