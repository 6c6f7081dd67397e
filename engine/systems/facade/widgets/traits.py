"""Widgets for the Façade basic rules: roller, success calculator and active contest.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facade-roller").call
'facade.roll'
"""

from __future__ import annotations

from facade.views import basic as facade_basic_views
from facade.views import traits as facade_views
from rollwright.kit.widget import Field, Widget, register_widget

register_widget(Widget(
    "facade-roller", "Roll a trait", "facade.roll",
    (Field("trait", "Trait"), Field("difficulty", "Difficulty (optional)", optional=True),
     Field("seed", "Seed (optional)", optional=True, seed=True)),
    "Roll", facade_views.roll_view, defaults={"seed": 1}, corners=({"trait": 18, "difficulty": 30},)))
register_widget(Widget(
    "facade-odds", "Success calculator", "facade.odds",
    (Field("trait", "Trait"), Field("difficulty", "Difficulty")),
    "Calculate", facade_views.odds_view, live="change"))
register_widget(Widget(
    "facade-contest", "Active contest", "facade.contest",
    (Field("trait_a", "Side A trait"), Field("trait_b", "Side B trait")),
    "Compare", facade_views.contest_view, live="change"))
register_widget(Widget(
    "facade-cooperation", "Cooperation", "facade.cooperation",
    (Field("primary", "Primary's trait"),
     Field("helpers", "Helpers' traits", hint="Separate with commas, e.g. 12, 8, 14 (up to six)."),
     Field("difficulty", "Difficulty (optional)", optional=True),
     Field("seed", "Seed (optional)", optional=True, seed=True)),
    "Roll it", facade_basic_views.cooperation_view, defaults={"seed": 1},
    corners=({"primary": 18, "helpers": "18, 18, 18, 18, 18, 18", "difficulty": 30},
             {"primary": 1, "helpers": "17, 16, 15, 14, 13, 12", "difficulty": 50})))
register_widget(Widget(
    "facade-automatic", "Automatic result checker", "facade.automatic",
    (Field("trait", "Trait"), Field("difficulty", "Difficulty"),
     Field("contested", "Actively opposed"), Field("stunts", "Stunt rules in play")),
    "Check", facade_basic_views.automatic_view, live="change"))
