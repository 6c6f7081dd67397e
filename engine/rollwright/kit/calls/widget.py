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

from rollwright.kit.registry import Param, register
from rollwright.kit.widget import render_result


@register("widget.render", "Run a widget's call and render its result region as safe HTML.",
          Param("widget", str, "widget name (a registered widget)", max_length=200),
          Param("params", dict, "the widget call's parameters", default={}))
def render(widget: str, params: dict[str, Any]) -> dict[str, Any]:
    return render_result(widget, params)
