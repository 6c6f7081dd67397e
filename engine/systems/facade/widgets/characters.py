"""Widgets for Façade characters: height and weight, a limit pool, and a trait total with defaulting.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facade-limit-pool").call
'facade.limit_pool'
"""

from __future__ import annotations

from facade.views import characters as views
from rollwright.kit.widget import Field, Widget, register_widget

register_widget(Widget(
    "facade-height-weight", "Height and weight from Body", "facade.height_weight",
    (Field("body", "Body (0-18)"),
     Field("formula", "Formula", choice_labels={"female": "Female", "male": "Male"})),
    "Calculate", views.height_weight_view, live="change", defaults={"body": 9, "formula": "female"}))

register_widget(Widget(
    "facade-limit-pool", "Limit pool state", "facade.limit_pool",
    (Field("pool", "Pool", choice_labels={"Strain": "Strain (Body)", "Fatigue": "Fatigue (Action)",
                                          "Stress": "Stress (Mind)", "Passion": "Passion (Persona)",
                                          "Exhaustion": "Exhaustion (Soul)"}),
     Field("category", "Category (0-18)"),
     Field("level", "Pool level (0-60)"),
     Field("will", "Will (0-6)", hint="Stretches Strain and Fatigue"),
     Field("paying_exhaustion", "Paying Exhaustion"),
     Field("comparison_offset", "Counts lower by (0-6)", hint="e.g. Easily Strained (1)")),
    "Show state", views.limit_pool_view, live="change",
    defaults={"pool": "Strain", "category": 10, "level": 22, "will": 4, "paying_exhaustion": True,
              "comparison_offset": 0}))

register_widget(Widget(
    "facade-trait-total", "Trait total or default?", "facade.trait_total",
    (Field("attribute", "Specific attribute (0-6)"),
     Field("broad", "Broad (0-4)"), Field("focus", "Focus (0-4)"), Field("specialty", "Specialty (0-4)"),
     Field("category", "Category (0-18)"), Field("difficulty", "Difficulty")),
    "Compare", views.trait_total_view, live="change",
    defaults={"attribute": 4, "broad": 2, "focus": 0, "specialty": 0, "category": 10, "difficulty": 10}))
