"""Registry calls for any dice expression: one seeded roll, or the exact distribution.

>>> from engine.kit.registry import call
>>> call("dice.dist", {"notation": "2d4"})["outcomes"][:2]
[[2, '1/16'], [3, '1/8']]
"""

from __future__ import annotations

from typing import Any

from engine.kit.registry import Param, register
from engine.dice import DEFAULT_DEPTH
from engine.dice.notation import distribution, limits, parse, to_text
from engine.dice.rolling import roll as roll_notation
from engine.kit.numbers import fraction_text

NOTATION = Param("notation", str, "dice expression, e.g. 2d10+d4, 10k5, od20, d8!",
                 max_length=limits.MAX_INPUT_LENGTH)
DEPTH = Param("depth", int, "most extra dice one exploding die may add", default=DEFAULT_DEPTH,
              minimum=0, maximum=limits.MAX_DEPTH)
MAX_SEED = 2**32 - 1
SEED = Param("seed", int, "random seed; the same seed gives the same roll", minimum=0, maximum=MAX_SEED)
"""Shared by every call that rolls: any 32-bit seed, so the browser can pick one at random."""


def distribution_report(notation: str, depth: int = DEFAULT_DEPTH) -> dict[str, Any]:
    """The exact distribution as the stable JSON contract of ``python -m engine dist --json``."""
    expr = parse(notation)
    dist = distribution(expr, depth=depth)
    return {
        "notation": to_text(expr),
        "depth": depth,
        "outcomes": [[value, fraction_text(p)] for value, p in dist.probabilities()],
        "mean": float(dist.mean()),
    }


@register("dice.dist", "Exact distribution of a dice expression.", NOTATION, DEPTH)
def dist(notation: str, depth: int) -> dict[str, Any]:
    return distribution_report(notation, depth)


@register("dice.roll", "One seeded roll of a dice expression, reporting every die.", NOTATION, SEED, DEPTH)
def roll(notation: str, seed: int, depth: int) -> dict[str, Any]:
    return roll_notation(notation, seed=seed, depth=depth).to_dict()
