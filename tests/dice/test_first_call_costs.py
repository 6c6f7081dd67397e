"""What a fresh process pays before its first exact distribution: what it imports, what it rebuilds.

No timings here (those are in bench/engine_bench.py); only the causes, which a test can see.
"""

from __future__ import annotations

import copy
import pickle
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import rollwright
from rollwright.dice import Distribution, die, explode, keep_highest, repeat_sum, sum_all
from rollwright.dice.notation import Dice, Select, parse, to_text

HEAVY = ("pkgutil", "typing", "dataclasses", "inspect")


def test_the_notation_imports_nothing_heavy() -> None:
    """typing (through pkgutil), dataclasses (with inspect, ast, dis) once cost most of the import."""
    probe = f"import sys, rollwright.dice.notation; print([m for m in {HEAVY!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("extra", [False, True])
def test_the_package_path_is_what_pkgutil_finds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, extra: bool) -> None:
    if extra:  # one more portion of the package elsewhere on sys.path, as a plugin's checkout could add
        (tmp_path / "rollwright").mkdir()
        monkeypatch.syspath_prepend(str(tmp_path))
    first = [rollwright.__path__[0]]
    assert rollwright._extend_path(first, "rollwright") == pkgutil.extend_path(first, "rollwright")


def test_sums_reuse_a_lone_part() -> None:
    """Distributions are immutable: adding 0 or summing one part gives it back, not a rebuilt copy."""
    d8 = explode(die(8), depth=3)
    assert d8 + 0 is d8 and 0 + d8 is d8
    assert sum_all([d8]) is d8 and repeat_sum(d8, 1) is d8
    assert sum_all([]) == repeat_sum(d8, 0) == Distribution.constant(0)


def test_keep_highest_counts_its_slots_down_from_the_top() -> None:
    """Exact for negative, sparse and lumpy dice alike (the result is read from the top sum down)."""
    lumpy = Distribution({-7: 3, -1: 1, 0: 5, 4: 2, 19: 7})
    assert keep_highest(lumpy, 3, 2) == _brute_keep(lumpy, 3, 2)
    assert keep_highest(-lumpy, 4, 1) == _brute_keep(-lumpy, 4, 1)
    assert keep_highest(explode(die(4), depth=2), 4, 3) == _brute_keep(explode(die(4), depth=2), 4, 3)


def _brute_keep(d: Distribution, count: int, keep: int) -> Distribution:
    """Every ordered roll of ``count`` dice, the ``keep`` highest summed."""
    rolls: dict[tuple[int, ...], int] = {(): 1}
    for _ in range(count):
        rolls = {roll + (o,): w * x for roll, w in rolls.items() for o, x in d.items()}
    weights: dict[int, int] = {}
    for roll, w in rolls.items():
        total = sum(sorted(roll, reverse=True)[:keep])
        weights[total] = weights.get(total, 0) + w
    return Distribution(weights)


def test_notation_nodes_are_values() -> None:
    """Plain classes, not dataclasses: equal and hashed without ``position``, shown, copied, pickled, frozen."""
    tree = parse("-(4d6!>=5kh3 - 10k5) + (od20) + 3")
    assert Dice(4, 6, True, 5, Select("kh", 3), position=9) == Dice(4, 6, explode=True, threshold=5, select=Select("kh", 3))
    assert hash(Dice(2, 6, position=3)) == hash(Dice(2, 6)) and Dice(2, 6) != Select("kh", 2)
    assert repr(Select("kh", 3)) == "Select(mode='kh', count=3)"
    for again in (copy.copy(tree), copy.deepcopy(tree), pickle.loads(pickle.dumps(tree))):
        assert again == tree and hash(again) == hash(tree) and to_text(again) == to_text(tree)
    with pytest.raises(AttributeError):
        Dice(2, 6).count = 3  # type: ignore[misc]
