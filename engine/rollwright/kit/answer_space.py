"""A widget's input space: every form a reader can send, when there are few enough to answer at build time.

A widget whose every field takes a bounded set of values (a select, a checkbox, a whole number with both
ends) has a finite space of inputs. When the space has at most :data:`MAX_COMBINATIONS` members and its
answers are estimated at most :data:`MAX_BYTES`, the site answers every member at build time through the same
door as the browser's Python worker (``widget.render`` through :func:`rollwright.kit.api.call_json`), and the
page fetches the one answer it needs (:mod:`rollwright.site.answers`).

Each field's values are what the browser's form sends (``widgets.js`` ``collectParams``): a select's choices
(numbers for a whole-number parameter), ``false``/``true`` for a checkbox, and for a whole number its range,
one past each end and the empty field (``""``; an optional field left empty is left out, written ``None``
here), so the refusals a reader meets while typing are answered too, in the engine's words. Anything else a
reader types (``1e3``, ``-40``) is outside the space, and is answered by Python.

Not bounded, so never precomputed: free text (the Dice page's notation, a tracker's plan), a seed (a fresh
roll each time), a whole number without both ends, an object (a character), a tracker (``keep``).

>>> from rollwright.kit.registry import REGISTRY, Param, register
>>> from rollwright.kit.widget import Field, Widget, register_widget, _REGISTERED
>>> @register("demo.pick", "Pick.", Param("n", int, "a number", minimum=1, maximum=3),
...           Param("mode", str, "how", choices=("a", "b")), Param("loud", bool, "loud", default=False))
... def _pick(n: int, mode: str, loud: bool) -> dict:
...     return {"n": n}
>>> w = register_widget(Widget("demo-pick", "Pick", "demo.pick",
...     (Field("n", "N"), Field("mode", "Mode"), Field("loud", "Loud")), "Go", view=str))
>>> space = widget_space(w)
>>> space.fields[0], space.size
(('n', (0, 1, 2, 3, 4, '')), 24)
>>> star = Space(space.fields, (2, 'a', False))
>>> star.size, star.params(7), star.index({'n': 2, 'mode': 'b', 'loud': False}), star.index({'n': 3, 'mode': 'b'})
(10, {'n': 2, 'mode': 'b', 'loud': False}, 7, None)
>>> space.params(space.size - 1)
{'n': '', 'mode': 'b', 'loud': True}
>>> space.index({'n': '', 'mode': 'b', 'loud': True})
23
>>> why_unbounded(Widget("x", "X", "demo.pick", (Field("n", "N", seed=True),), "Go", view=str))
"field 'n' is a seed (a fresh roll each time)"
>>> _ = _REGISTERED.pop("demo-pick"), REGISTRY.pop("demo.pick")
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MAX_COMBINATIONS = 2000
"""At most this many input combinations per widget are answered at build time."""
MAX_ONE_CHANGE = 400
"""A widget over :data:`MAX_COMBINATIONS` gets the answers one change away from its page's state, when they are at
most this many."""
MAX_BYTES = 1_500_000
"""At most this many bytes of answers per widget (estimated from its build-time answer, then measured)."""
ABSENT = None
"""An optional field left empty: the form leaves it out."""


@dataclass(frozen=True)
class Space:
    """The inputs of one widget: ``fields`` is ``((param, values), ...)`` in the form's order.

    Without ``base``, a grid: every combination (mixed radix, the last field fastest). With ``base`` (the
    page's own state), a star: the page's state with any ONE field changed, field after field, so the first
    change a reader makes is always answered (a widget whose grid is over budget)."""

    fields: tuple[tuple[str, tuple[Any, ...]], ...]
    base: tuple[Any, ...] | None = None

    @property
    def size(self) -> int:
        if self.base is not None:
            return sum(len(values) for _, values in self.fields)
        return math.prod(len(values) for _, values in self.fields)

    def params(self, index: int) -> dict[str, Any]:
        """The form's parameters at ``index``; absent ones left out."""
        if self.base is not None:
            chosen = list(self.base)
            for place, (_, values) in enumerate(self.fields):
                if index < len(values):
                    chosen[place] = values[index]
                    break
                index -= len(values)
        else:
            chosen = []
            for _, values in reversed(self.fields):
                index, place = divmod(index, len(values))
                chosen.insert(0, values[place])
        return {name: value for (name, _), value in zip(self.fields, chosen, strict=True) if value is not ABSENT}

    def index(self, params: Mapping[str, Any]) -> int | None:
        """The index of a form's parameters, or None when they are outside the space (as the browser does)."""
        if set(params) - {name for name, _ in self.fields}:
            return None
        places = []
        for name, values in self.fields:
            value = params.get(name, ABSENT)
            place = next((i for i, v in enumerate(values) if _same(v, value)), None)
            if place is None:
                return None
            places.append(place)
        if self.base is None:
            index = 0
            for (_, values), place in zip(self.fields, places, strict=True):
                index = index * len(values) + place
            return index
        changed = [k for k, (_, values) in enumerate(self.fields) if not _same(values[places[k]], self.base[k])]
        if len(changed) > 1:
            return None
        k = changed[0] if changed else 0
        return sum(len(values) for _, values in self.fields[:k]) + places[k]

    def to_json(self) -> str:
        """The space as the page carries it (``data-rw-space``): ``{"fields": [[param, [values...]], ...]}``
        and, for a star, ``"base"``: the page's value of each field."""
        out: dict[str, Any] = {"fields": [[name, list(values)] for name, values in self.fields]}
        if self.base is not None:
            out["base"] = list(self.base)
        return json.dumps(out, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Space:
        data = json.loads(text)
        base = data.get("base")
        return cls(tuple((str(name), tuple(values)) for name, values in data["fields"]),
                   None if base is None else tuple(base))


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (``1`` is not ``True``, ``"1"`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _field_values(widget: Any, field: Any) -> tuple[Any, ...] | str:
    """The values one field can send, or why it is not bounded."""
    from rollwright.kit.registry import lookup

    param = lookup(widget.call).param(field.param)
    empty: Any = ABSENT if field.optional else ""
    if field.seed:
        return f"field {field.param!r} is a seed (a fresh roll each time)"
    if param.choices is not None:
        if param.kind is int:
            return tuple(int(choice) for choice in param.choices)
        return tuple(str(choice) for choice in param.choices)
    if param.kind is bool:
        return (False, True)
    if param.kind is int:
        if param.minimum is None or param.maximum is None:
            return f"field {field.param!r} is a whole number without both ends"
        return tuple(range(param.minimum - 1, param.maximum + 2)) + (empty,)
    return f"field {field.param!r} takes free {'text' if param.kind is str else param.kind.__name__}"


def why_unbounded(widget: Any) -> str | None:
    """Why a widget's inputs are not a bounded space (None when they are)."""
    if getattr(widget, "keep", False):
        return "a tracker (kept in the browser, started from a character)"
    for field in widget.fields:
        values = _field_values(widget, field)
        if isinstance(values, str):
            return values
    return None


def widget_space(widget: Any) -> Space:
    """The widget's whole input space (call :func:`why_unbounded` first)."""
    fields = []
    for field in widget.fields:
        values = _field_values(widget, field)
        if isinstance(values, str):
            raise ValueError(values)
        fields.append((field.param, values))
    return Space(tuple(fields))


def _sent(widget: Any, field: Any, value: Any) -> Any:
    """What the form sends for a field showing ``value`` (the page's state)."""
    from rollwright.kit.registry import lookup

    param = lookup(widget.call).param(field.param)
    if value is None:
        return ABSENT if field.optional else ""
    if param.kind is bool:
        return bool(value)
    if param.kind is int and isinstance(value, int):
        return value
    return str(value)


def precompute_plan(widget: Any, answer_bytes: int, state: Mapping[str, Any] | None = None
                    ) -> tuple[Space | None, str]:
    """The space to answer at build time (or None) and the reason, given one answer's size in bytes and the
    page's state: the whole grid when it is within budget, else the star around ``state``.

    >>> from rollwright.kit.widget import Widget
    >>> precompute_plan(Widget("x", "X", "dice.roll", (), "Go", view=str), 100)
    (Space(fields=(), base=None), '1 input, precomputed')
    """
    reason = why_unbounded(widget)
    if reason is not None:
        return None, f"not precomputed: {reason}"
    grid = widget_space(widget)
    if grid.size <= MAX_COMBINATIONS and grid.size * answer_bytes <= MAX_BYTES:
        return grid, f"{_inputs(grid.size)}, precomputed"
    base = tuple(_sent(widget, field, (state or {}).get(field.param)) for field in widget.fields)
    star = Space(grid.fields, base)
    if state is None or any(star.fields[k][1].count(v) == 0 for k, v in enumerate(base)):
        return None, f"{_inputs(grid.size)}, not precomputed: over the budget of {MAX_COMBINATIONS}"
    if star.size <= MAX_ONE_CHANGE and star.size * answer_bytes <= MAX_BYTES:
        return star, f"{_inputs(grid.size)}, {star.size} precomputed (each one change from the page's state)"
    return None, f"{_inputs(grid.size)}, not precomputed: {star.size} one-change inputs are over the budget"


def _inputs(size: int) -> str:
    return f"{size:,} input{'s' if size != 1 else ''}"
