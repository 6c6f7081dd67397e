"""The fatigue-pool tracker, its state kept in the page's address (``?ft.<setting>=...``).

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("skillful-tracker").url_key
'ft'
"""

from __future__ import annotations

from rollwright.kit.widget import Field, Widget, register_widget
from skillful.calls import tracker  # noqa: F401  (registers the calls)
from skillful.widgets.defaults import form_defaults
from skillful.rules.effort import POOLS
from skillful.views.tracker import URL_KEY, tracker_view

register_widget(Widget(
    "skillful-tracker", "Fatigue tracker", "skillful.tracker",
    (Field("spent", "Spent so far", hint="Pool and amount, separated by commas, e.g. Wind 15, Stamina 10."),
     Field("n", "N for the quick spends"),
     *(Field(pool.lower(), f"{pool} pool size") for pool in POOLS),
     Field("wind_empty", "Penalty for an empty Wind"), Field("wit_empty", "Penalty for an empty Wit")),
    "Update", tracker_view, live="change", url_key=URL_KEY, defaults=form_defaults("skillful.tracker")))
