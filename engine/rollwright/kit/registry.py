"""The call registry: named engine calls that take and return plain dicts.

Macros (at build time) and the browser worker (in Pyodide) both go through
:func:`call`, so a widget's first render and its live updates share one path.
Parameters are declared once; the same declarations validate calls, describe
the API (``python -m rollwright calls``) and give widget inputs their ranges.

>>> @register("demo.double", "Twice a number.", Param("n", int, "the number", minimum=0, maximum=10))
... def _double(n: int) -> dict:
...     return {"value": 2 * n}
>>> call("demo.double", {"n": 4})
{'value': 8}
>>> call("demo.double", {"n": 11})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: demo.double: 'n' must be at most 10 (got 11)
>>> _ = REGISTRY.pop("demo.double")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rollwright.errors import ParameterError, UnknownCallError
from rollwright.kit.document_caps import check_caps
from rollwright.kit.limits import MAX_NAME, check_params, clip

REQUIRED: Any = object()
"""Marker for a parameter with no default."""

_TYPE_NAMES = {int: "whole number", str: "text", bool: "true/false", dict: "object"}


@dataclass(frozen=True)
class Param:
    """One declared parameter of a call."""

    name: str
    kind: type
    description: str
    default: Any = REQUIRED
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    max_length: int | None = None
    fills: str | None = None
    """What a saved character can fill this parameter with (e.g. "trait"), for "use my character"."""
    samples: tuple[Any, ...] | Callable[[], tuple[Any, ...]] = ()
    """Values a sweep of every call (``tests/support/sweep.py``, ``make fuzz``) tries besides the declared
    edges, for free text, lists and objects: typical ones first, the costliest the call accepts last; or a
    function giving them (e.g. a blank character and a full one)."""
    caps: Mapping[str, int] | None = None
    """For a document (an object): one cap per count field, checked before the call runs
    (:mod:`rollwright.kit.document_caps`); a value over its cap refuses the whole document."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def sample_values(self) -> tuple[Any, ...]:
        """The declared ``samples`` (called, if given as a function)."""
        return self.samples() if callable(self.samples) else self.samples

    def validate(self, call_name: str, value: Any) -> Any:
        """Return the checked value, or raise ParameterError naming call and field."""
        where = f"{call_name}: '{self.name}'"
        if value is None and self.default is None:
            return None
        wrong_type = not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool))
        if wrong_type:
            raise ParameterError(
                f"{where} must be a {_TYPE_NAMES.get(self.kind, self.kind.__name__)} (got {clip(repr(value))})",
                field=self.name)
        if self.minimum is not None and value < self.minimum:
            raise ParameterError(f"{where} must be at least {self.minimum} (got {clip(repr(value))})", field=self.name)
        if self.maximum is not None and value > self.maximum:
            raise ParameterError(f"{where} must be at most {self.maximum} (got {clip(repr(value))})", field=self.name)
        if self.choices is not None and value not in self.choices:
            options = ", ".join(repr(c) for c in self.choices)
            raise ParameterError(f"{where} must be one of {options} (got {clip(repr(value))})", field=self.name)
        if self.caps is not None:
            check_caps(value, self.caps, self.name)
        if self.max_length is not None and len(value) > self.max_length:
            raise ParameterError(
                f"{where} is too long ({len(value)} characters; at most {self.max_length})", field=self.name)
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": _TYPE_NAMES.get(self.kind, self.kind.__name__),
                               "description": self.description, "required": self.required}
        if not self.required:
            out["default"] = self.default
        for key in ("minimum", "maximum", "choices", "max_length", "fills"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if key == "choices" else value
        if self.caps is not None:
            out["caps"] = dict(self.caps)
        return out


@dataclass(frozen=True)
class Call:
    """A registered call: a name, a one-line summary, its parameters and the function."""

    name: str
    summary: str
    params: tuple[Param, ...]
    fn: Callable[..., dict[str, Any]] = field(repr=False)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def bind(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``given`` against the declared parameters and fill defaults."""
        if not isinstance(given, Mapping):
            raise ParameterError(f"{self.name}: parameters must be an object (got {type(given).__name__})")
        known = {p.name for p in self.params}
        unknown = sorted(set(given) - known)
        if unknown:
            expected = ", ".join(sorted(known)) or "none"
            raise ParameterError(f"{self.name}: unknown parameter '{unknown[0]}' (expected: {expected})",
                                 field=unknown[0])
        bound: dict[str, Any] = {}
        for p in self.params:
            if p.name in given:
                bound[p.name] = p.validate(self.name, given[p.name])
            elif p.required:
                raise ParameterError(f"{self.name}: missing required parameter '{p.name}' ({p.description})",
                                     field=p.name)
            else:
                bound[p.name] = p.default
        return bound

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "summary": self.summary, "params": [p.describe() for p in self.params]}


REGISTRY: dict[str, Call] = {}


CallFunction = Callable[..., dict[str, Any]]


def register(name: str, summary: str, *params: Param) -> Callable[[CallFunction], CallFunction]:
    """Decorator: add a function to the registry under ``name``."""

    def decorate(fn: CallFunction) -> CallFunction:
        if name in REGISTRY:
            raise ValueError(f"call {name!r} is registered twice")
        REGISTRY[name] = Call(name, summary, tuple(params), fn)
        return fn

    return decorate


KNOWN_CHARS = 1_200
"""Most characters of call names an unknown call's message lists (a site with many games has hundreds)."""


def known_calls(name: object, limit: int = KNOWN_CHARS) -> str:
    """The registered calls to offer for an unknown ``name``: its game's first (the part before the first
    ``.``), then the others, cut short after ``limit`` characters with how many are left out.

    >>> known_calls("dice.rol").startswith("dice.")
    True
    >>> known_calls("x", limit=10).endswith("more")
    True
    """
    prefix = name.partition(".")[0] + "." if isinstance(name, str) else ""
    ordered = sorted(REGISTRY, key=lambda known: (not known.startswith(prefix), known))
    shown: list[str] = []
    for known in ordered:
        if shown and sum(len(item) + 2 for item in shown) + len(known) > limit:
            return ", ".join(shown) + f" and {len(ordered) - len(shown)} more"
        shown.append(known)
    return ", ".join(shown)


def lookup(name: str) -> Call:
    """The registered call ``name``, or UnknownCallError listing the real ones (its game's first)."""
    found = REGISTRY.get(name) if isinstance(name, str) and len(name) <= MAX_NAME else None
    if found is None:
        raise UnknownCallError(f"no call named {clip(repr(name))}; known calls: {known_calls(name)}")
    return found


def call(name: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Check ``params`` against the input limits (:mod:`rollwright.kit.limits`) and the call's
    declared parameters, then run the call ``name``; returns a plain dict."""
    target = lookup(name)
    check_params(name, params)
    return target.fn(**target.bind(params or {}))


def describe() -> list[dict[str, Any]]:
    """Every call with its summary and parameters, sorted by name."""
    return [REGISTRY[n].describe() for n in sorted(REGISTRY)]
