"""Every registry call at the corners of its declared parameters answers, or refuses with the engine's own error.

The sweep (``tests/support/sweep.py``) visits, for each call, its defaults, every parameter at its
smallest and at its largest corner together, each corner alone, and a few more sets from the product
of corners and from inside the ranges; ``widget.render`` goes through every widget the same way. Times
are not asserted here: ``bench/call_sweep.py`` (a row of ``bench/run.py``) prints the slowest, and
``make fuzz`` runs the same sweep about thirty times larger (some 108,000 calls).
"""

from __future__ import annotations

import pytest

from rollwright.kit.api import REGISTRY
from rollwright.kit.registry import Param
from tests.support import sweep

EXTRA = 6
"""Sets per call from the product of corners, and as many drawn inside the ranges: a size that fits CI
(widgets, whose calls are swept on their own, skip the sets two parameters away from the largest)."""


def _sets(name: str) -> list[dict[str, object]]:
    if name == "widget.render":
        return sweep.widget_combinations(EXTRA, pairs=False)
    return [*sweep.combinations(REGISTRY[name], EXTRA), *sweep.random_sets(REGISTRY[name], EXTRA)]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_call_answers_at_its_corners(name: str) -> None:
    failures = []
    for params in _sets(name):
        outcome = sweep.run(name, params)
        if outcome.how not in ("answered", "refused"):
            failures.append(f"{outcome.detail}\n    {outcome.command()[:400]}")
    assert not failures, f"{len(failures)} sets failed:\n" + "\n".join(failures[:5])


def test_the_sweep_visits_every_corner_of_every_parameter() -> None:
    for target in REGISTRY.values():
        seen = sweep.combinations(target, 0)
        for param in target.params:
            for value in sweep.corners(param):
                assert any(s[param.name] == value for s in seen), (target.name, param.name, value)


def test_corners_of_a_parameter() -> None:
    assert sweep.corners(Param("n", int, "n", minimum=0)) == [0, *sweep.UNBOUNDED]
    assert sweep.corners(Param("t", str, "t", samples=lambda: ("a", "b"))) == ["a", "b"]
    assert sweep.corners(Param("d", dict, "d", default={})) == [{}]
