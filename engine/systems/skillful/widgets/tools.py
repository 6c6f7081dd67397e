"""Widgets for thresholds, suckage points, fumbles and aid.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("skillful-aid").call
'skillful.aid_bonus'
"""

from __future__ import annotations

from rollwright.kit.widget import Field, Widget, register_widget
from skillful.calls import aid, tools  # noqa: F401  (registers the calls)
from skillful.widgets.defaults import form_defaults
from skillful.rules.tiers import FLOOR_LABELS
from skillful.views import tools as views
from skillful.widgets.checks import ATTITUDE_LABELS, LOSS_FIELDS

register_widget(Widget(
    "skillful-thresholds", "Threshold width", "skillful.thresholds",
    (Field("penalty", "Fatigue penalty"), Field("floor", "Negative pools", choice_labels=FLOOR_LABELS)),
    "Show", views.thresholds_view, live="change", defaults=form_defaults("skillful.thresholds")))
register_widget(Widget(
    "skillful-suckage", "Suckage advisor", "skillful.suckage",
    LOSS_FIELDS,
    "Advise", views.suckage_view, live="change", defaults=form_defaults("skillful.suckage", loss=21)))
register_widget(Widget(
    "skillful-fumble", "Fumble calculator", "skillful.fumble",
    (Field("threshold", "Fumble threshold"), Field("skill", "Attacker's skill"),
     Field("mental", "Mental fatigue penalty"), Field("physical", "Physical fatigue penalty"),
     Field("kind", "Task", choice_labels={"physical": "Physical", "mental": "Mental"}),
     Field("attitude", "Attitude", choice_labels=ATTITUDE_LABELS),
     Field("floor", "Negative pools", choice_labels=FLOOR_LABELS),
     Field("life_or_death", "Life or death (relaxed takes -20)"),
     Field("ties_fumble", "A tie with the threshold fumbles")),
    "Work it out", views.fumble_view, live="change", defaults=form_defaults("skillful.fumble")))
register_widget(Widget(
    "skillful-aid", "Aid bonus", "skillful.aid_bonus",
    (Field("aid", "Aid check total"), Field("main", "Aided check total"),
     Field("no_penalty", "No minus under 20%")),
    "Work it out", views.aid_bonus_view, live="change", defaults=form_defaults("skillful.aid_bonus", aid=9, main=12)))
register_widget(Widget(
    "skillful-aid-odds", "Aid odds", "skillful.aid_odds",
    (Field("main_skill", "Aided character's skill"), Field("main_penalty", "Their fatigue penalty"),
     Field("aid_skill", "Helper's skill"), Field("aid_penalty", "Helper's fatigue penalty"),
     Field("difficulty", "Total to reach"), Field("no_penalty", "No minus under 20%")),
    "Work it out", views.aid_odds_view, live="change", defaults=form_defaults("skillful.aid_odds", main_skill=10, aid_skill=10)))
