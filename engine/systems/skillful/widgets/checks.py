"""Widgets for the open d20 and for contests: roller, distribution, contest calculator, one loss.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("skillful-contest").call
'skillful.contest'
"""

from __future__ import annotations

from rollwright.kit.widget import Field, Widget, register_widget
from skillful.calls import dice, contest  # noqa: F401  (registers the calls)
from skillful.widgets.defaults import form_defaults
from skillful.rules.effort import TASKS
from skillful.rules.tiers import FLOOR_LABELS
from skillful.views import checks as views

ATTITUDE_LABELS = {"relaxed": "Relaxed", "ordinary": "Ordinary", "intense": "Intense"}
ROUNDING_LABELS = {"down": "Round half of an odd N down", "up": "Round half of an odd N up"}
LOSS_FIELDS = (
    Field("loss", "Lost by"), Field("n", "N"), Field("task", "Task and weapon", choice_labels=TASKS),
    Field("pool", "N is paid from"), Field("penalty", "Fatigue penalty"),
    Field("floor", "Negative pools", choice_labels=FLOOR_LABELS),
    Field("attitude", "Attitude", choice_labels=ATTITUDE_LABELS),
    Field("rounding", "Relaxed rounding", choice_labels=ROUNDING_LABELS))
"""The form of every widget that starts from one loss (the consequence and the suckage advisor)."""

register_widget(Widget(
    "skillful-roller", "Roll an open d20", "skillful.roll",
    (Field("skill", "Skill levels"), Field("penalty", "Fatigue penalty"),
     Field("seed", "Seed (optional)", optional=True, seed=True)),
    "Roll", views.roll_view, defaults=form_defaults("skillful.roll", seed=5), log=5, log_title="Earlier rolls"))
register_widget(Widget(
    "skillful-distribution", "Every total of an open d20", "skillful.open_d20",
    (Field("skill", "Skill levels"), Field("penalty", "Fatigue penalty"), Field("modifier", "Attitude modifier")),
    "Show", views.distribution_view, live="change", defaults=form_defaults("skillful.open_d20")))
register_widget(Widget(
    "skillful-contest", "Contest calculator", "skillful.contest",
    (Field("attacker_skill", "Attacker's skill"), Field("attacker_penalty", "Attacker's fatigue penalty"),
     Field("attacker_attitude", "Attacker's attitude", choice_labels=ATTITUDE_LABELS),
     Field("defender_skill", "Defender's skill"), Field("defender_penalty", "Defender's fatigue penalty"),
     Field("defender_attitude", "Defender's attitude", choice_labels=ATTITUDE_LABELS),
     Field("defender_floor", "Defender's negative pools", choice_labels=FLOOR_LABELS),
     Field("n", "Defender's N"), Field("pool", "N is paid from"),
     Field("task", "Task and weapon", choice_labels=TASKS),
     Field("life_or_death", "Life or death (relaxed takes -20)"),
     Field("rounding", "Relaxed rounding", choice_labels=ROUNDING_LABELS)),
    "Work it out", views.contest_view, live="change", defaults=form_defaults("skillful.contest")))
register_widget(Widget(
    "skillful-consequence", "What one loss costs", "skillful.consequence",
    LOSS_FIELDS,
    "Look it up", views.consequence_view, live="change", defaults=form_defaults("skillful.consequence", loss=4)))
