"""Widgets for Façade character creation: a level-cost calculator and a cascade skill tree.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facade-cost").call, lookup_widget("facade-cascade").call
('facade.creation_cost', 'facade.cascade')
"""

from __future__ import annotations

from facade.views import creation as views
from rollwright.kit.widget import Field, Widget, register_widget
from facade.rules.costs import track, track_keys

_WHAT_LABELS = {key: track(key).label for key in track_keys()}

register_widget(Widget(
    "facade-cost", "Creation cost calculator", "facade.creation_cost",
    (Field("what", "What to raise", choice_labels=_WHAT_LABELS),
     Field("from_level", "From level", hint="0 for a new trait"),
     Field("to_level", "To level", hint="attributes and modifiers 0-6, skills 0-4, backgrounds 0-12")),
    "Price it", views.cost_view, live="change",
    defaults={"what": "modifier-medium", "from_level": 0, "to_level": 3}))
register_widget(Widget(
    "facade-cascade", "Cascade skill tree", "facade.cascade",
    (Field("specialty_a", "Specialty A (SP)"), Field("specialty_b", "Specialty B (SP)"),
     Field("specialty_c", "Specialty C (SP)"),
     Field("other_focuses", "Mastered sister focuses", hint="other focuses of the same broad already at 4")),
    "Work it out", views.cascade_view, live="change",
    defaults={"specialty_a": 5, "specialty_b": 0, "specialty_c": 0, "other_focuses": 0}))
