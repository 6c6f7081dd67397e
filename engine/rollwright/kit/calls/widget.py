"""The widget call: what the browser asks for on every click.

The answer is the widget's result region, rendered by the same view as at build
time, and the call's own data (see :mod:`rollwright.kit.widget` for a whole widget).

>>> from rollwright.kit.registry import call
>>> call("widget.render", {"widget": "no-such-widget"})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: no widget named 'no-such-widget' (widgets: ...
"""

from __future__ import annotations

from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.registry import Param, register
from rollwright.kit.widget import lookup_widget, render_result


@register("widget.render", "Run a widget's call and render its result region as safe HTML.",
          Param("widget", str, "widget name (a registered widget)", max_length=200),
          Param("params", dict, "the widget call's parameters", default={}))
def render(widget: str, params: dict[str, Any]) -> dict[str, Any]:
    return render_result(widget, params)


@register("widget.from-character", "A kept widget's parameters from a saved character (its \"use my character\").",
          Param("widget", str, "widget name (a registered widget that can start from a character)", max_length=200),
          Param("character", dict, "a saved character document of the widget's system"))
def from_character(widget: str, character: dict[str, Any]) -> dict[str, Any]:
    """``{"widget", "name", "params"}``: the widget started from ``character``, its answer checked by the widget's
    own call (so a character the call cannot take is refused here, in the form's words, not after).

    >>> from rollwright.kit.registry import call
    >>> call("widget.from-character", {"widget": "dice-roll", "character": {}})
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: the widget 'dice-roll' cannot start from a character
    """
    found = lookup_widget(widget)
    if found.from_character is None:
        raise ParameterError(f"the widget {widget!r} cannot start from a character", field="widget")
    started = found.from_character(character)
    params = {str(k): v for k, v in started["params"].items()}
    render_result(widget, params)  # refuses what the widget's call would refuse
    return {"widget": widget, "name": str(started["name"]), "params": params}
