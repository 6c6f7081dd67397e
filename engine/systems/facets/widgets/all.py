"""Facets's widgets: roller, check bands, extended check, attack, conflict, recovery.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facets-check").call, lookup_widget("facets-conflict").live
('facets.check', 'submit')
"""

from __future__ import annotations

from rollwright.kit.widget import Field, Widget, register_widget
from facets.calls import checks as _checks, conflict as _conflict, extended as _extended
from facets.calls import recovery as _recovery
from facets.rules.bands import CRITICAL_READINGS
from facets.views.checks import check_view, extended_view, roll_view, steps_view
from facets.views.conflict import attack_view, conflict_view, recovery_view

_REGISTERED = (_checks, _conflict, _extended, _recovery)  # the calls these widgets use


EXPLODE_HINT = "Empty: the top face. An ability may lower it."
WEAPONS = {"light": "Light (1)", "medium": "Medium (3)", "heavy": "Heavy (5)"}
DEFENSES = {"finesse": "Finesse (dodge)", "strength": "Strength (block)", "endurance": "Endurance (soak)"}

register_widget(Widget(
    "facets-roll", "Roll an attribute", "facets.roll",
    (Field("die", "Die (sides)"), Field("bonus", "Bonus"), Field("tn", "TN"),
     Field("pressure", "Under pressure"), Field("explode_on", "Explode on", optional=True, hint=EXPLODE_HINT),
     Field("critical", "Critical failure", choice_labels=CRITICAL_READINGS), Field("seed", "Seed", seed=True)),
    "Roll", roll_view, defaults={"seed": 1}, log=5, log_title="Earlier rolls"))
register_widget(Widget(
    "facets-steps", "Step a die", "facets.steps", (Field("die", "Die (sides)"), Field("steps", "Steps (+ up, - down)")),
    "Step", steps_view, live="change"))
register_widget(Widget(
    "facets-check", "Outcome bands against a TN", "facets.check",
    (Field("die", "Die (sides)"), Field("bonus", "Bonus"), Field("tn", "TN"), Field("pressure", "Under pressure"),
     Field("explode_on", "Explode on", optional=True, hint=EXPLODE_HINT),
     Field("critical", "Critical failure", choice_labels=CRITICAL_READINGS)),
    "Work out", check_view, live="change"))
register_widget(Widget(
    "facets-extended", "Extended check", "facets.extended",
    (Field("notation", "Check", hint="Like [Finesse 8 - 2/5 - 30s]"), Field("die", "Die (sides)"),
     Field("bonus", "Bonus"), Field("costly", "A success at a cost counts"), Field("calm", "Take it calm")),
    "Work out", extended_view, live="change"))
register_widget(Widget(
    "facets-attack", "Opposed attack", "facets.attack",
    (Field("attack", "Attacker's die"), Field("defense", "Defender's die"),
     Field("weapon", "Weapon or approach", choice_labels=WEAPONS), Field("armor", "Armor"),
     Field("attack_bonus", "Attacker's bonus"), Field("defense_bonus", "Defender's bonus"),
     Field("defended_with", "Defends with", choice_labels=DEFENSES),
     Field("specific_defenses", "Optional: specific defenses"), Field("second_attack", "Second attack"),
     Field("positioning", "Optional: target already acted (+1)")),
    "Work out", attack_view, live="change"))
register_widget(Widget(
    "facets-conflict", "Conflict odds", "facets.conflict",
    (Field("a_attack", "A: attack die"), Field("a_defense", "A: defense die"), Field("a_health", "A: health or cool"),
     Field("a_weapon", "A: weapon", choice_labels=WEAPONS), Field("a_armor", "A: armor"),
     Field("a_initiative", "A: initiative die"),
     Field("b_attack", "B: attack die"), Field("b_defense", "B: defense die"), Field("b_health", "B: health or cool"),
     Field("b_weapon", "B: weapon", choice_labels=WEAPONS), Field("b_armor", "B: armor"),
     Field("b_initiative", "B: initiative die"),
     Field("first", "Who acts first", choice_labels={"a": "A, every exchange", "b": "B, every exchange",
                                                     "initiative": "Initiative roll each exchange"})),
    "Work out the odds", conflict_view))
register_widget(Widget(
    "facets-recovery", "Consequence and recovery", "facets.recovery",
    (Field("condition", "Condition", choice_labels={"healthy": "Healthy", "hurt": "Hurt / weary",
                                                    "injured": "Injured / drained",
                                                    "crippled": "Crippled / exhausted"}),
     Field("maximum", "Maximum health or cool"),
     Field("care", "Care", choice_labels={"none": "Up and about", "rest": "Resting",
                                          "medical": "Resting with medical care"}),
     Field("helped", "Professional help")),
    "Work out", recovery_view, live="change"))
