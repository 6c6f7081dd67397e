"""Consequences (hurt, injured, crippled; weary, drained, exhausted) and recovery.

Each time a side is taken out it moves one step down its ladder; a crippled (or
exhausted) character taken out again dies. Resting lifts one step: a day from
the first step, a week from the second, a month from the third; professional
help halves each time. Health (or Cool) comes back at a rate set by the
condition.

>>> regain_rate("hurt", 12, "none")
(Fraction(3, 1), 'hour')
>>> minutes_per_point("hurt", 12)
Fraction(20, 1)
>>> regain_rate("injured", 10, "none")
(Fraction(10, 3), 'day')
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rollwright.kit.errata import Erratum, errata_source

LADDERS = {"physical": ("healthy", "hurt", "injured", "crippled", "dead"),
           "social": ("healthy", "weary", "drained", "exhausted", "dead")}
"""The consequence ladders; the social ladder's last step is the draft's gap (see the notes)."""
STEP_DOWN = {1: (1, "day"), 2: (1, "week"), 3: (1, "month")}
"""Rest needed to lift a condition one step, by its place on the ladder."""
CARE = ("none", "rest", "medical")
CONDITIONS = ("healthy", "hurt", "injured", "crippled")
PENALTIES = ("the die drops two steps", "each scene's first success carries a cost",
             "no effort may be spent on those rolls")
"""The usual penalties a consequence imposes on the affected attribute (one is chosen)."""


def level(condition: str) -> int:
    """The place on the ladder, 0 (healthy) to 3, either ladder.

    >>> level("drained"), level("crippled")
    (2, 3)
    """
    for ladder in LADDERS.values():
        if condition in ladder:
            return ladder.index(condition)
    raise ValueError(f"unknown condition {condition!r}")


def penalised_attributes(condition: str) -> int:
    """How many attributes carry a penalty at this condition (crippled: all three of a group).

    >>> [penalised_attributes(c) for c in CONDITIONS]
    [0, 1, 2, 3]
    """
    return level(condition)


def step_down_time(condition: str, helped: bool) -> tuple[Fraction, str]:
    """Rest to lift the condition one step: (amount, unit); help halves it.

    >>> step_down_time("injured", True)
    (Fraction(1, 2), 'week')
    """
    amount, unit = STEP_DOWN[level(condition)]
    return (Fraction(amount, 2) if helped else Fraction(amount)), unit


def regain_rate(condition: str, maximum: int, care: str) -> tuple[Fraction, str]:
    """Health (or Cool) regained per unit of time, by condition and care.

    Healthy: all of it in about ten minutes. Hurt: all in four hours (prorated
    per hour). Injured: all in three days (two resting, one with good medical
    care), so a third (half, all) per day. Crippled: one a day, two resting,
    three resting with medical attention.

    >>> regain_rate("crippled", 10, "medical"), regain_rate("healthy", 10, "none")
    ((Fraction(3, 1), 'day'), (Fraction(10, 1), 'ten minutes'))
    """
    if condition == "healthy":
        return Fraction(maximum), "ten minutes"
    if condition == "hurt":
        return Fraction(maximum, 4), "hour"
    if condition == "injured":
        return Fraction(maximum, {"none": 3, "rest": 2, "medical": 1}[care]), "day"
    return Fraction({"none": 1, "rest": 2, "medical": 3}[care]), "day"


def minutes_per_point(condition: str, maximum: int) -> Fraction:
    """For a hurt character: minutes per point regained (the draft's 12-health example: 20)."""
    rate, unit = regain_rate(condition, maximum, "none")
    if unit != "hour":
        raise ValueError("per-minute proration is given only for a hurt character")
    return Fraction(60) / rate


def amount_text(value: Fraction) -> str:
    """An exact amount for people: ``3``, or ``10/3 (3.33)``.

    >>> amount_text(Fraction(3)), amount_text(Fraction(10, 3))
    ('3', '10/3 (3.33)')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ({float(value):.2f})"


PRINTED_THIRD = "3"
"""The draft's figure for an injured character's daily regain with 10 maximum health."""


@errata_source
def third_per_day_errata() -> Iterator[Erratum]:
    """The draft's "3 points" a day is a third of 10 rounded down; the rule gives 3 1/3."""
    rate, _ = regain_rate("injured", 10, "none")
    if str(rate) != PRINTED_THIRD:
        yield Erratum(key="facets-injured-third", page="facets/consequences.md#recovery",
                      where="Recovery: an injured character's regain", item="10 maximum Health, per day",
                      printed="3 points", computed=f"{amount_text(rate)} points",
                      rule="an injured character regains a third of maximum Health per day; "
                           "the draft does not say how to round", kind="claim")
