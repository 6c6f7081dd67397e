"""The macros themselves: plain functions from arguments to engine-rendered HTML.

>>> "data-rw-table=\\"facade-traits\\"" in table("facade-traits")
True
>>> widget("no-such-widget")
Traceback (most recent call last):
...
macros.pages.MacroError: widget('no-such-widget'): no widget named 'no-such-widget'; known widgets: ...facade-roller...
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from engine.api import call
from engine.errors import RollwrightError
from engine.present.numbers import percent
from engine.present.reference_tables import build_table, render_table
from engine.present.widgets import render_widget

_widget_ids = itertools.count(1)


class MacroError(Exception):
    """A macro called with arguments the engine rejects; the message says which and why."""


def _signature(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    shown = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{name}({', '.join(shown)})"


def _engine(name: str, args: tuple[Any, ...], kwargs: dict[str, Any], work):  # noqa: ANN001, ANN202
    try:
        return work()
    except RollwrightError as exc:
        raise MacroError(f"{_signature(name, args, kwargs)}: {exc}") from None


def widget(name: str, **params: Any) -> str:
    """An interactive widget, pre-rendered with ``params`` as its starting state.

    A widget's own ``defaults`` (e.g. the roller's seed 1) fill what the page leaves out.
    """
    widget_id = f"rw-w{next(_widget_ids)}"
    return _engine("widget", (name,), params, lambda: render_widget(name, params, widget_id=widget_id))


def _odds(trait: int, difficulty: int, name: str) -> dict[str, Any]:
    params = {"trait": trait, "difficulty": difficulty}
    return _engine(name, (trait, difficulty), {}, lambda: call("facade.odds", params))


def facade_dice(trait: int) -> str:
    """Inline: the dice a trait rolls, e.g. ``1d10+d10``."""
    return _odds(trait, 0, "facade_dice")["dice"]


def facade_mean(trait: int) -> str:
    """Inline: the exact mean roll of a trait (``11``, ``13.5``)."""
    return f"{float(Fraction(_odds(trait, 0, 'facade_mean')['mean'])):g}"


def facade_chance(trait: int, difficulty: int) -> str:
    """Inline: the chance that a trait meets a difficulty, as a percentage."""
    return percent(Fraction(_odds(trait, difficulty, "facade_chance")["p_success"]))


def table(name: str, **params: Any) -> str:
    """A registered reference table (``engine/present/*_tables.py``), e.g. ``table("facade-errata")``."""
    return _engine("table", (name,), params, lambda: render_table(build_table(name, **params), params))
