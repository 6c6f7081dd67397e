"""The generic page macros: a registered table, a live widget, the roll log and a system's character builder.

>>> from rollwright.kit.tables import _BUILDERS, make_table, register_table
>>> @register_table("demo-squares", "Squares.")
... def _squares(up_to: int = 3):
...     return make_table("demo-squares", "Squares", ["n", "n²"], [[n, n * n] for n in range(1, up_to + 1)])
>>> 'data-rw-params="{&quot;up_to&quot;:2}"' in table("demo-squares", up_to=2)
True
>>> table("demo-squares", rows=2)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: table('demo-squares', rows=2): table 'demo-squares': ...unexpected keyword argument 'rows'
>>> _ = _BUILDERS.pop("demo-squares")
>>> widget("no-such-widget")
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: widget('no-such-widget'): no widget named 'no-such-widget' (widgets: ...
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.builder_page import builder_shell
from rollwright.kit.macros import engine_call, next_widget_id
from rollwright.kit.roll_log import roll_log_shell
from rollwright.kit.system import all_systems
from rollwright.kit.tables import build_table, render_table
from rollwright.kit.widget import render_widget

def widget(name: str, **params: Any) -> str:
    """An interactive widget, pre-rendered with ``params`` as its starting state.

    A widget's own ``defaults`` (e.g. the roller's seed 1) fill what the page leaves out.
    """
    widget_id = next_widget_id()
    return engine_call("widget", (name,), params, lambda: render_widget(name, params, widget_id=widget_id))


def roll_log() -> str:
    """The reader's roll log: every roll made on the site in this browser, with links and exports."""
    return engine_call("roll_log", (), {}, lambda: str(roll_log_shell(next_widget_id())))


def table(name: str, **params: Any) -> str:
    """A registered reference table (a system's ``tables/`` folder), e.g. ``table("<system>-errata")``."""
    return engine_call("table", (name,), params, lambda: render_table(build_table(name, **params), params))


def character_builder(system: str, without_js: str = "without it, this page cannot show the builder.") -> str:
    """A system's character builder (the shared shell, brought to life by the builder script).

    ``without_js`` ends the status line readers see with JavaScript off, e.g. where the rules are.
    """
    def work() -> str:
        systems = all_systems()
        if system not in systems:
            from rollwright.errors import ParameterError
            raise ParameterError(f"no system {system!r}; known systems: {', '.join(sorted(systems))}",
                                 field="system")
        return builder_shell(systems[system], without_js=without_js)

    return engine_call("character_builder", (system,), {"without_js": without_js}, work)
