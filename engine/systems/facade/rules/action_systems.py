"""Façade action and persona systems: running, stunts and inspiring passion.

>>> sprint = running(3, 4).pace("sprint")
>>> sprint.speed, sprint.roll_every
(Fraction(12, 1), 4)
>>> [str(line.p_success) for line in stunt_odds(3, 8)][:3]
['0', '1/4', '21/32']
>>> passion(10, 9).by_level[0][1]
Fraction(27, 100)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from rollwright.dice import Distribution, die, repeat_sum
from rollwright.errors import ParameterError
from facade.rules.body_systems import MAX_ATTRIBUTE, MIN_ATTRIBUTE, LevelOdds, level_odds
from rollwright.kit.errata import Erratum, errata_source
from facade.rules.odds import ContestOdds, contest_odds, outcome_odds
from facade.rules.traits import MAX_TRAIT, check_trait, trait_dice, trait_distribution


def _check_range(value: int, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ParameterError(f"{field} must be a whole number from {low} to {high} (got {value!r})", field=field)
    return value


# --- running ------------------------------------------------------------------------------------

SPRINT_FEET_PER_SECOND: tuple[int, ...] = (1, 3, 6, 12, 18, 24, 32)
RUN_HUNDREDTHS_MILE_PER_MINUTE: tuple[int, ...] = (1, 4, 7, 10, 15, 20, 25)
"""The running chart by Agility 0-6: sprint in feet/second, run in hundredths of a mile per minute."""
RUNNING_DIFFICULTY = 9
DISTANCE_INTERVAL_FACTOR = 10
MAX_SKILL = 12
MAX_FATIGUE = 36
MAX_CATEGORY = 18
FEET_PER_MILE = 5280

PACES: tuple[tuple[str, str], ...] = (
    ("sprint", "Sprint"), ("run", "Run"), ("distance", "Distance running"), ("stroll", "Stroll"))


@dataclass(frozen=True)
class RunningCheck:
    """The Agility + Running roll a pace calls for."""

    trait: int                 # Agility + skill total (0: no dice on the chart)
    difficulty: int            # 9, or the Fatigue floor when Fatigue has reached Action
    automatic_failure: bool    # Fatigue at double Action (or no dice to roll)
    p_success: Fraction | None  # None: trait 0, the chart gives no dice


@dataclass(frozen=True)
class Pace:
    """One way of moving: its speed after Fatigue, how often it is checked, and the check."""

    key: str
    name: str
    speed: Fraction | None     # in ``unit``; None when Fatigue leaves no speed at all
    unit: str                  # "ft/s", "mi/min" or "mph"
    roll_every: int | None     # amount of ``roll_unit``; None for no roll, or Stamina 0
    roll_unit: str | None      # "second", "minute" or None (no roll)
    check: RunningCheck | None

    @property
    def mph(self) -> Fraction | None:
        """The speed in miles per hour (exact)."""
        if self.speed is None:
            return None
        if self.unit == "ft/s":
            return self.speed * 3600 / FEET_PER_MILE
        if self.unit == "mi/min":
            return self.speed * 60
        return self.speed


@dataclass(frozen=True)
class Running:
    agility: int
    stamina: int
    fatigue: int
    paces: tuple[Pace, ...]

    def pace(self, key: str) -> Pace:
        return next(p for p in self.paces if p.key == key)


def _check(agility: int, skill: int | None, fatigue: int, action: int | None) -> RunningCheck:
    trait = agility + (skill or 0)
    difficulty, automatic = RUNNING_DIFFICULTY, trait == 0
    if action is not None:
        if fatigue >= action:
            difficulty = max(difficulty, fatigue)
        automatic = automatic or fatigue >= 2 * action
    if trait == 0:
        return RunningCheck(0, difficulty, True, None)
    p = Fraction(0) if automatic else outcome_odds(trait, difficulty).p_success
    return RunningCheck(trait, difficulty, automatic, p)


def _positive(value: Fraction) -> Fraction | None:
    return value if value > 0 else None


def running(agility: int, stamina: int, fatigue: int = 0, sprinting_skill: int | None = None,
            distance_skill: int | None = None, action: int | None = None) -> Running:
    """Every pace for one runner; ``action`` (the Action category) enables the Fatigue limit rules."""
    _check_range(agility, "agility", MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    _check_range(stamina, "stamina", MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    _check_range(fatigue, "fatigue", 0, MAX_FATIGUE)
    for name, value in (("sprinting_skill", sprinting_skill), ("distance_skill", distance_skill)):
        if value is not None:
            _check_range(value, name, 0, MAX_SKILL)
    if action is not None:
        _check_range(action, "action", 0, MAX_CATEGORY)
    every = stamina or None
    sprint_check = _check(agility, sprinting_skill, fatigue, action)
    distance_check = _check(agility, distance_skill, fatigue, action)
    paces = (
        Pace("sprint", "Sprint", _positive(Fraction(SPRINT_FEET_PER_SECOND[agility] - fatigue)), "ft/s",
             every, "second", sprint_check),
        Pace("run", "Run", _positive(Fraction(RUN_HUNDREDTHS_MILE_PER_MINUTE[agility] - fatigue, 100)), "mi/min",
             every, "minute", distance_check),
        Pace("distance", "Distance running", Fraction(agility + 1), "mph",
             None if every is None else every * DISTANCE_INTERVAL_FACTOR, "minute", distance_check),
        Pace("stroll", "Stroll", _positive(Fraction(agility, 2)), "mph", None, None, None),
    )
    return Running(agility, stamina, fatigue, paces)


def run_mph(agility: int) -> Fraction:
    """The run's chart speed for an Agility, in miles per hour (no Fatigue)."""
    return Fraction(RUN_HUNDREDTHS_MILE_PER_MINUTE[agility] * 60, 100)


@errata_source
def _distance_slower_claim() -> Iterator[Erratum]:
    """Distance running is introduced as slower than the run; check every Agility."""
    faster = [a for a in range(MIN_ATTRIBUTE, MAX_ATTRIBUTE + 1) if a + 1 > run_mph(a)]
    if faster:
        a = faster[0]
        yield Erratum(
            key="running-distance-not-slower", page="facade/systems.md#running",
            where="Running", item=f"distance running at Agility {', '.join(map(str, faster))}",
            printed="a pace slower than the run",
            computed=(f"Agility {a}: {a + 1} mph, faster than the run's "
                      f"{RUN_HUNDREDTHS_MILE_PER_MINUTE[a] / 100:g} miles/minute ({float(run_mph(a)):g} mph)"),
            rule="distance running at Agility + 1 mph and the run at the chart's miles/minute, both as printed",
            kind="claim")


def sprint_mph(agility: int) -> Fraction:
    """The sprint's chart speed for an Agility, in miles per hour (no Fatigue)."""
    return Fraction(SPRINT_FEET_PER_SECOND[agility] * 3600, FEET_PER_MILE)


@errata_source
def _run_not_slower_than_sprint() -> Iterator[Erratum]:
    """The sprint is the top speed and the run the slower choice; check the chart at every Agility."""
    faster = [a for a in range(MIN_ATTRIBUTE, MAX_ATTRIBUTE + 1) if run_mph(a) > sprint_mph(a)]
    if faster:
        yield Erratum(
            key="running-run-faster-than-sprint", page="facade/systems.md#running",
            where="Running chart", item=f"the run at Agility {' and '.join(map(str, faster))}",
            printed="a run, slower than the sprint (the sprint is the top speed)",
            computed="; ".join(f"Agility {a}: run {float(run_mph(a)):.2f} mph, sprint {float(sprint_mph(a)):.2f} mph "
                               f"({SPRINT_FEET_PER_SECOND[a]} ft/s)" for a in faster),
            rule="both columns used as printed: feet per second for the sprint, miles per minute for the run",
            kind="claim")


# --- stunts -----------------------------------------------------------------------------------------

MAX_STUNT_DICE = 5
STUNT_DIE_SIDES = 4


@dataclass(frozen=True)
class StuntLine:
    """A trait rolled with ``extra`` stunt d4s against a difficulty."""

    extra: int
    notation: str
    best_roll: int
    p_success: Fraction

    @property
    def possible(self) -> bool:
        return self.p_success > 0


def stunt_roll(trait: int, extra: int) -> Distribution:
    """The trait's dice plus ``extra`` d4."""
    return trait_distribution(trait) + repeat_sum(die(STUNT_DIE_SIDES), extra)


def stunt_odds(trait: int, difficulty: int) -> tuple[StuntLine, ...]:
    """Chance to meet ``difficulty`` with 0 to 5 stunt dice."""
    check_trait(trait)
    notation = trait_dice(trait).notation
    lines = []
    for extra in range(MAX_STUNT_DICE + 1):
        roll = stunt_roll(trait, extra)
        shown = notation + (f"+{extra}d{STUNT_DIE_SIDES}" if extra else "")
        lines.append(StuntLine(extra, shown, roll.max_outcome, roll.at_least(difficulty)))
    return tuple(lines)


def stunt_dice_needed(trait: int, difficulty: int) -> int | None:
    """Fewest stunt dice that make success possible at all (None: not even five do)."""
    return next((line.extra for line in stunt_odds(trait, difficulty) if line.possible), None)


def stunt_rescue(trait: int, rolled: int, difficulty: int) -> tuple[tuple[int, Fraction], ...]:
    """Stunt dice awarded after a roll: chance that 0-5 d4 lift ``rolled`` to ``difficulty``.

    >>> [str(p) for _, p in stunt_rescue(10, 8, 10)][:3]
    ['0', '3/4', '1']
    """
    roll = trait_distribution(check_trait(trait))
    if not roll.min_outcome <= rolled <= roll.max_outcome:
        raise ParameterError(f"rolled must be a total the trait's dice can show, {roll.min_outcome} to "
                             f"{roll.max_outcome} (got {rolled!r})", field="rolled")
    return tuple((k, (repeat_sum(die(STUNT_DIE_SIDES), k) + rolled).at_least(difficulty))
                 for k in range(MAX_STUNT_DICE + 1))


# --- inspiring passion ----------------------------------------------------------------------------

def passion(trait: int, persona: int) -> LevelOdds:
    """Passive contest: Wits + skill + modifiers against the target's Persona; level = Passion added."""
    _check_range(persona, "persona", 0, MAX_CATEGORY)
    return level_odds(trait, persona)


def passion_contest(trait: int, rival_trait: int) -> ContestOdds:
    """Two characters inspiring each other: an active contest; the winner's level is Passion added to the loser."""
    check_trait(trait)
    if isinstance(rival_trait, bool) or not isinstance(rival_trait, int) or not 1 <= rival_trait <= MAX_TRAIT:
        raise ParameterError(f"rival_trait must be a whole number from 1 to {MAX_TRAIT} (got {rival_trait!r})",
                             field="rival_trait")
    return contest_odds(trait, rival_trait)
