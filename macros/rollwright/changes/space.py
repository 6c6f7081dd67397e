"""The points a call is compared at: its declared parameter space, capped where it enters.

Every parameter gives a list of values: each choice, both truth values, a whole-number range whole
when it is short, else its ends, its default and round steps between them (multiples of 1, 2 or 5
times a power of ten, so two versions whose ranges differ a little still meet on most points). Free
text, lists and objects take their default, or the first of their declared ``samples``; a required
one with neither keeps the call out (and says why). A seed takes one value: a roll is compared at
one seed. The product of the lists is taken whole up to :data:`MAX_POINTS`; past it, each parameter
is walked alone around the defaults, then a seeded sample of the product fills the rest.

>>> from rollwright.kit.registry import Param
>>> values(Param("n", int, "n", default=3, minimum=1, maximum=5))
[1, 2, 3, 4, 5]
>>> values(Param("d", int, "d", default=14, minimum=3, maximum=50))
[3, 5, 10, 14, 15, 20, 25, 30, 35, 40, 45, 50]
>>> values(Param("seed", int, "s", default=None, minimum=0, maximum=2**32 - 1))
[0]
>>> len(points(("p", "q"), [list(range(40)), list(range(40))]))
1000
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from rollwright.kit.registry import Call, Param

MAX_POINTS = 1000
"""Most parameter sets one call is evaluated at, per version."""
WHOLE_RANGE = 24
"""A whole-number range this long or shorter is taken value by value."""
STEPS = 12
"""About how many values a longer range gives."""
SEED_SPAN = 10**6
"""A whole-number parameter with a range wider than this (a seed) takes one value."""


class NotComparable(Exception):
    """A call whose parameters cannot be enumerated (a required free text with no samples)."""


def _round_step(span: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... at least ``span / STEPS``."""
    target = max(1, -(-span // STEPS))
    scale = 1
    while True:
        for unit in (1, 2, 5):
            if unit * scale >= target:
                return unit * scale
        scale *= 10


def values(param: Param) -> list[Any]:
    """The values one parameter is compared at (see the module's docstring); NotComparable if none."""
    if param.choices is not None:
        return list(param.choices)
    if param.kind is bool:
        return [False, True]
    if param.kind is int and param.minimum is not None and param.maximum is not None:
        low, high = param.minimum, param.maximum
        if high - low > SEED_SPAN:
            return [param.default if not param.required and param.default is not None else low]
        if high - low < WHOLE_RANGE:
            return list(range(low, high + 1))
        step = _round_step(high - low)
        found = {low, high, *range(-(-low // step) * step, high + 1, step)}
        if isinstance(param.default, int) and not isinstance(param.default, bool):
            found.add(param.default)
        return sorted(found)
    if not param.required:
        return [param.default]
    samples = param.sample_values()
    if samples:
        return [samples[0]]
    raise NotComparable(f"'{param.name}' ({param.kind.__name__}) has no default and no samples")


def key(params: dict[str, Any]) -> str:
    """One parameter set as canonical JSON (the same set gives the same key in both versions).

    >>> key({"b": 1, "a": "x"})
    '{"a":"x","b":1}'
    """
    return json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def points(names: tuple[str, ...], lists: list[list[Any]], base: list[Any] | None = None,
           seed: str = "") -> list[dict[str, Any]]:
    """Parameter sets over ``lists`` (one list per name): the whole product, or past :data:`MAX_POINTS`
    each parameter alone around ``base`` (default: each list's middle), then a seeded sample."""
    total = 1
    for one in lists:
        total *= len(one)
    if total <= MAX_POINTS:
        return [dict(zip(names, combo)) for combo in itertools.product(*lists)]
    middle = base if base is not None else [one[len(one) // 2] for one in lists]
    seen: dict[str, dict[str, Any]] = {}

    def add(combo: list[Any]) -> None:
        found = dict(zip(names, combo))
        seen.setdefault(key(found), found)

    add(middle)
    for index, one in enumerate(lists):
        for value in one:
            add([*middle[:index], value, *middle[index + 1:]])
    draw = random.Random(f"rollwright-changes:{seed}")
    tries = 0
    while len(seen) < MAX_POINTS and tries < MAX_POINTS * 4:
        tries += 1
        add([one[draw.randrange(len(one))] for one in lists])
    return list(seen.values())[:MAX_POINTS]


def call_points(target: Call) -> list[dict[str, Any]]:
    """The parameter sets a call is compared at; NotComparable when one parameter cannot be enumerated."""
    names = tuple(p.name for p in target.params)
    lists = [values(p) for p in target.params]
    base = [p.default if (not p.required and p.default in one) else one[len(one) // 2]
            for p, one in zip(target.params, lists)]
    return points(names, lists, base, seed=target.name)
