"""Every registry call at the corners of its declared parameters: the sweep behind the test, bench and fuzz.

A corner is a value at an edge of what a parameter declares: a whole number's
minimum and maximum (and its default), every choice, both truth values, and for
free text, lists and objects the parameter's own ``samples`` (typical and costliest
values, declared beside the parameter; see :class:`rollwright.kit.registry.Param`).
A parameter with a default of ``None`` also tries ``None``. A whole number with no
declared bound tries large values on that side, since the call accepts them.

:func:`combinations` gives one call's parameter sets: its defaults, every parameter
at its smallest and at its largest corner (a whole number's bounds, else its first
and last corner: the last sample is the costliest), the same with one or two
parameters at the other edge, each corner of each parameter alone, then the whole
product of corners when it is small or a seeded sample of it; :func:`random_sets`
draws values inside the ranges.
``widget.render`` is swept through every widget, each with its own call's corners.
:func:`run` times one call in CPU time and says whether it answered, was refused
with the engine's own error, or failed with anything else (a crash).

>>> from rollwright.kit.registry import Param
>>> corners(Param("n", int, "n", default=3, minimum=1, maximum=10))
[1, 10, 3]
>>> corners(Param("on", bool, "on", default=False)), corners(Param("k", str, "k", default="a", choices=("a", "b")))
([False, True], ['a', 'b'])
>>> corners(Param("x", int, "x", default=None, minimum=0, maximum=5))
[0, 5, None]
"""

from __future__ import annotations

import itertools
import json
import random
import signal
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.registry import Call, Param

UNBOUNDED = (10**6, 10**12, 10**39)
"""Whole numbers a parameter with no declared bound tries on that side (the input cap is 40 digits)."""


def corners(param: Param) -> list[Any]:
    """The corner values of one parameter (see the module's docstring), without repeats."""
    if param.choices is not None:
        values: list[Any] = list(param.choices)
    elif param.kind is bool:
        values = [False, True]
    elif param.kind is int:
        low = [param.minimum] if param.minimum is not None else [-v for v in UNBOUNDED]
        high = [param.maximum] if param.maximum is not None else list(UNBOUNDED)
        values = [*low, *high]
    else:
        values = []
    if not param.required:
        values.append(param.default)
    values += list(param.sample_values())
    if not values:  # a required text with no samples: the empty text
        values = [param.kind()]
    out: list[Any] = []
    for value in values:
        if not any(_same(value, seen) for seen in out):
            out.append(value)
    return out


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _edge(param: Param, values: list[Any], high: bool) -> Any:
    """The largest (``high``) or smallest corner of a whole number; else the last or first corner."""
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if param.kind is int and param.choices is None and numbers:
        return max(numbers) if high else min(numbers)
    return values[-1] if high else values[0]


def _base(target: Call) -> dict[str, Any]:
    """The call's defaults, with each required parameter at its first corner."""
    return {p.name: (corners(p)[0] if p.required else p.default) for p in target.params}


def combinations(target: Call, extra: int, seed: int = 0, *, pairs: bool = True) -> list[dict[str, Any]]:
    """``target``'s parameter sets (see the module's docstring), without repeats: its defaults, every
    parameter at its smallest and at its largest corner together, each of those with one parameter at its
    other edge, every parameter at its largest but two at their smallest (``pairs``), each corner of each
    parameter alone, then ``extra`` more from the product of all corners (all of it if it has no more)."""
    base = _base(target)
    options = {p.name: corners(p) for p in target.params}
    low = {p.name: _edge(p, options[p.name], high=False) for p in target.params}
    high = {p.name: _edge(p, options[p.name], high=True) for p in target.params}
    out: list[dict[str, Any]] = [base, low, high]
    names = list(options)
    for name in names:  # one parameter away from each edge: the costliest set is often all high but one
        out += [{**high, name: low[name]}, {**low, name: high[name]}]
    for first, second in itertools.combinations(names, 2) if pairs else ():  # or but two
        out.append({**high, first: low[first], second: low[second]})
    for name, values in options.items():
        out += [{**base, name: value} for value in values]
    size = 1
    for values in options.values():
        size *= len(values)
    if size <= extra:
        out += [dict(zip(options, chosen)) for chosen in itertools.product(*options.values())]
    else:
        rng = random.Random(f"{target.name}:{seed}")
        out += [{name: rng.choice(values) for name, values in options.items()} for _ in range(extra)]
    return _unique(out)


def _unique(sets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    out = []
    for params in sets:
        key = json.dumps(params, sort_keys=True, default=repr)
        if key not in seen:
            seen.add(key)
            out.append(params)
    return out


def widget_combinations(extra: int, seed: int = 0, *, pairs: bool = True) -> list[dict[str, Any]]:
    """``widget.render`` parameter sets: each widget with its own call's corners, over its form's fields."""
    from rollwright.kit.widget import all_widgets

    out = []
    for name, widget in sorted(all_widgets().items()):
        target = REGISTRY[widget.call]
        shown = {f.param for f in widget.fields}
        for params in combinations(target, extra, seed, pairs=pairs):
            out.append({"widget": name, "params": {k: v for k, v in params.items() if k in shown}})
    return _unique(out)


@dataclass(frozen=True)
class Outcome:
    """How one call went: ``answered``, ``refused`` (the engine's own error), ``crashed`` or ``stopped``."""

    call: str
    params: Mapping[str, Any]
    how: str
    seconds: float
    detail: str = ""

    def command(self) -> str:
        """The CLI command that repeats this call."""
        text = json.dumps(self.params, sort_keys=True)
        return f"python -m rollwright call {self.call} '{text}'"


class _Stop(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Stop()


KEEP_CACHES = ("rollwright.kit.discovery", "rollwright.kit.system")
"""Modules whose caches hold what is loaded, not what is computed: never cleared."""


def clear_caches() -> int:
    """Empty every memo of computed values in the engine (``functools`` caches), so the next call pays in
    full, as a fresh browser tab does; returns how many were cleared."""
    count = 0
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("engine.") or module_name in KEEP_CACHES or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
                count += 1
    return count


def run(name: str, params: Mapping[str, Any], stop_after: float | None = None, cold: bool = False) -> Outcome:
    """Call ``name`` with ``params``; CPU seconds and how it went (``stop_after``: give up after that many;
    ``cold``: with every cache emptied first)."""
    if cold:
        clear_caches()
    if stop_after:
        previous = signal.signal(signal.SIGPROF, _alarm)
        signal.setitimer(signal.ITIMER_PROF, stop_after)
    start = time.process_time()
    try:
        json.dumps(call(name, params))  # an answer the worker can send: plain JSON
        how, detail = "answered", ""
    except RollwrightError as error:
        how, detail = "refused", error.message
    except _Stop:
        how, detail = "stopped", f"over {stop_after} s of CPU"
    except Exception as error:  # what the sweep exists to find
        how, detail = "crashed", f"{type(error).__name__}: {error}"
    finally:
        seconds = time.process_time() - start
        if stop_after:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    return Outcome(name, params, how, seconds, detail[:300])


def everything(extra: int, seed: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """(call name, parameters) for every registered call (each widget for ``widget.render``), with ``extra``
    sets from the product of corners each, and ``extra`` drawn inside the ranges (:func:`random_sets`)."""
    for name in sorted(REGISTRY):
        if name == "widget.render":
            for params in widget_combinations(extra, seed):
                yield name, params
        else:
            for params in [*combinations(REGISTRY[name], extra, seed), *random_sets(REGISTRY[name], extra, seed)]:
                yield name, params


def random_sets(target: Call, count: int, seed: int = 0) -> list[dict[str, Any]]:
    """``count`` parameter sets with every value drawn inside its declared range (not only at a corner)."""
    rng = random.Random(f"{target.name}:random:{seed}")

    def draw(param: Param) -> Any:
        if param.kind is int and param.choices is None and rng.random() < 0.8:
            low = param.minimum if param.minimum is not None else -UNBOUNDED[0]
            high = param.maximum if param.maximum is not None else UNBOUNDED[0]
            return rng.randint(low, high)
        return rng.choice(corners(param))

    return [{p.name: draw(p) for p in target.params} for _ in range(count)]
