"""The widget call: what the browser asks for on every click.

>>> from engine.api.registry import call
>>> out = call("widget.render", {"widget": "facade-odds", "params": {"trait": 12, "difficulty": 14}})
>>> out["data"]["p_success"], out["html"].startswith('<div class="rw-odds"')
('1/2', True)
"""

from __future__ import annotations

from typing import Any

from engine.api.registry import Param, register
from engine.present.widgets import all_widgets, render_result


@register("widget.render", "Run a widget's call and render its result region as safe HTML.",
          Param("widget", str, "widget name", choices=tuple(sorted(all_widgets()))),
          Param("params", dict, "the widget call's parameters", default={}))
def render(widget: str, params: dict[str, Any]) -> dict[str, Any]:
    return render_result(widget, params)
