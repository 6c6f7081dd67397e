"""Widgets for the Façade systems page: first aid, healing, pain, carrying, running, stunts, passion.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facade-healing").call, lookup_widget("facade-stunts").live
('facade.healing', 'change')
"""

from __future__ import annotations

from facade.views import systems as views
from rollwright.kit.widget import Field, Widget, register_widget

register_widget(Widget(
    "facade-first-aid", "First aid", "facade.first_aid",
    (Field("damage", "Total damage levels"), Field("health", "Patient's Health"),
     Field("trait", "First-aider's trait (optional)", optional=True, hint="Insight + First Aid")),
    "Calculate", views.first_aid_view, live="change"))
register_widget(Widget(
    "facade-healing", "Healing time", "facade.healing",
    (Field("health", "Health"), Field("bruising", "Bruising levels"), Field("crushing", "Crushing levels"),
     Field("deadly", "Deadly levels"),
     Field("activity", "Rest", choice_labels={"normal": "Normal day-to-day life", "bed-rest": "Plenty of bed rest (+2)",
                                              "strenuous": "Strenuous action (−2)"}),
     Field("doctor_level", "Doctor's success level", hint="0 if untreated"),
     Field("complete_care", "Complete medical care (doubles the doctor's level)")),
    "Calculate", views.healing_view, live="change"))
register_widget(Widget(
    "facade-pain", "Enduring pain", "facade.enduring_pain",
    (Field("trait", "Trait", hint="Stamina + Endurance (Torture)"), Field("damage_levels", "Damage levels taken")),
    "Calculate", views.pain_view, live="change"))
register_widget(Widget(
    "facade-carrying", "Carrying capacity", "facade.carrying",
    (Field("strength", "Strength"), Field("bodyweight", "Bodyweight (lbs)"), Field("load", "Load (lbs)"),
     Field("will_added", "Will added (feat of strength)"),
     Field("body", "Body (optional)", optional=True, hint="how many feet an Unbearable load moves")),
    "Calculate", views.carrying_view, live="change"))
register_widget(Widget(
    "facade-running", "Running", "facade.running",
    (Field("agility", "Agility"), Field("stamina", "Stamina"), Field("fatigue", "Fatigue"),
     Field("sprinting_skill", "Running (Sprinting) skill total (optional)", optional=True),
     Field("distance_skill", "Running (Distance) skill total (optional)", optional=True),
     Field("action", "Action (optional)", optional=True, hint="applies Fatigue's limits to the rolls")),
    "Calculate", views.running_view, live="change"))
register_widget(Widget(
    "facade-stunts", "Stunt dice", "facade.stunts",
    (Field("trait", "Trait"), Field("difficulty", "Difficulty"),
     Field("rolled", "Already rolled (optional)", optional=True, hint="for stunt dice awarded after the roll")),
    "Calculate", views.stunts_view, live="change"))
register_widget(Widget(
    "facade-passion", "Inspiring passion", "facade.passion",
    (Field("trait", "Inspirer's trait", hint="Wits + skill + modifiers"), Field("persona", "Target's Persona"),
     Field("rival_trait", "Target's own inspiring trait (optional)", optional=True,
           hint="both inspiring each other: an active contest")),
    "Calculate", views.passion_view, live="change"))
