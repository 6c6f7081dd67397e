"""Façade body systems: first aid, healing, enduring pain and carrying capacity.

Each function takes plain ratings and returns an immutable result, so a page,
a widget or the character builder can all ask the same question.

>>> first_aid(7, 3).difficulty
4
>>> healing_health(3, activity="bed-rest", doctor_level=3, complete_care=True)
11
>>> carry_line(3).unbearable, feat_line(3, 3).comfortable
(100, 50)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rollwright.errors import ParameterError
from rollwright.kit.errata import Erratum, errata_source
from facade.rules.odds import outcome_odds
from facade.rules.success import MAX_LEVEL, success_level
from facade.rules.traits import check_trait, trait_distribution

MIN_ATTRIBUTE, MAX_ATTRIBUTE = 0, 6
"""Specific attributes (Health, Strength, Stamina, Agility, Will, ...) run 0-6."""
MAX_BRUISING, MAX_CRUSHING, MAX_DEADLY = 18, 12, 6
"""The most levels of each damage type an ordinary human can take."""
MAX_TOTAL_DAMAGE = MAX_BRUISING + MAX_CRUSHING + MAX_DEADLY


def _check_range(value: int, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ParameterError(f"{field} must be a whole number from {low} to {high} (got {value!r})", field=field)
    return value


# --- success levels as a quantity (wounds ignored, Passion added) -----------------------------

@dataclass(frozen=True)
class LevelOdds:
    """Chance of each success level 0-9 when ``trait`` rolls against ``difficulty``.

    Used where the level itself is the amount gained (wounds ignored, Passion added);
    a failed roll gains nothing.
    """

    trait: int
    difficulty: int
    p_fail: Fraction
    by_level: tuple[tuple[int, Fraction], ...]  # levels 0..9

    @property
    def p_success(self) -> Fraction:
        return 1 - self.p_fail

    @property
    def mean(self) -> Fraction:
        """Expected amount gained, counting a failure as 0."""
        return sum((level * p for level, p in self.by_level), Fraction(0))

    def at_least(self, amount: int) -> Fraction:
        """Chance of gaining ``amount`` or more (``amount`` >= 1)."""
        return sum((p for level, p in self.by_level if level >= amount), Fraction(0))


def level_odds(trait: int, difficulty: int) -> LevelOdds:
    """Exact success-level distribution of a trait against a difficulty.

    >>> odds = level_odds(10, 10)
    >>> odds.p_success, odds.by_level[0][1]
    (Fraction(16, 25), Fraction(7, 25))
    """
    check_trait(trait)
    roll = trait_distribution(trait)
    levels = roll.map(lambda total: -1 if (lv := success_level(total - difficulty)) is None else lv)
    by_level = tuple((lv, levels.probability(lv)) for lv in range(MAX_LEVEL + 1))
    return LevelOdds(trait, difficulty, levels.probability(-1), by_level)


# --- first aid --------------------------------------------------------------------------------

RETRY_MINUTES: tuple[int, ...] = (1, 2, 3, 5, 10)
"""Minutes after which the first-aid widget shows the chance of having stabilised the patient."""


@dataclass(frozen=True)
class FirstAid:
    """A first-aid attempt: difficulty from the damage, and the chance if the first-aider's trait is known."""

    total_damage: int
    health: int
    trait: int | None

    @property
    def difficulty(self) -> int:
        return self.total_damage - self.health

    @property
    def p_success(self) -> Fraction | None:
        """Chance one attempt keeps the patient stable (None without a trait)."""
        if self.trait is None:
            return None
        return outcome_odds(self.trait, self.difficulty).p_success

    def within(self, minutes: int) -> Fraction | None:
        """Chance of success within ``minutes`` attempts, one a minute, if nothing else changes."""
        p = self.p_success
        return None if p is None else 1 - (1 - p) ** minutes


def first_aid(total_damage: int, health: int, trait: int | None = None) -> FirstAid:
    """First aid on a bleeding patient: Insight + First Aid against damage taken minus Health.

    >>> first_aid(10, 3, trait=10).p_success
    Fraction(17, 20)
    """
    _check_range(total_damage, "damage", 0, MAX_TOTAL_DAMAGE)
    _check_range(health, "health", MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    if trait is not None:
        check_trait(trait)
    return FirstAid(total_damage, health, trait)


# --- healing ------------------------------------------------------------------------------------

ACTIVITY_HEALTH = {"bed-rest": 2, "normal": 0, "strenuous": -2}
"""Change to Health for healing: lots of bed rest, ordinary life, or strenuous action."""
COMPLETE_CARE_FACTOR = 2
MAX_DOCTOR_LEVEL = MAX_LEVEL


@dataclass(frozen=True)
class HealingPeriod:
    """One damage type: how many levels heal per [Health] in how long."""

    kind: str
    name: str
    length: int
    unit: str  # "day" or "month"
    max_levels: int


HEALING_PERIODS: tuple[HealingPeriod, ...] = (
    HealingPeriod("bruising", "Bruising", 1, "day", MAX_BRUISING),
    HealingPeriod("crushing", "Crushing", 6, "month", MAX_CRUSHING),
    HealingPeriod("deadly", "Deadly", 1, "month", MAX_DEADLY),
)


def healing_health(health: int, activity: str = "normal", doctor_level: int = 0,
                   complete_care: bool = False) -> int:
    """Health used for healing: base, +2 bed rest / -2 strenuous, + doctor's level (doubled with complete care)."""
    _check_range(health, "health", MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    if activity not in ACTIVITY_HEALTH:
        raise ParameterError(f"activity must be one of {', '.join(ACTIVITY_HEALTH)} (got {activity!r})",
                             field="activity")
    _check_range(doctor_level, "doctor_level", 0, MAX_DOCTOR_LEVEL)
    doctor = doctor_level * (COMPLETE_CARE_FACTOR if complete_care else 1)
    return health + ACTIVITY_HEALTH[activity] + doctor


@dataclass(frozen=True)
class HealingTime:
    """How long one damage type takes to heal at a given healing Health (None: no rate given)."""

    period: HealingPeriod
    levels: int
    health: int

    @property
    def per_level(self) -> Fraction | None:
        """Time for one level, in the period's unit: period / Health."""
        return None if self.health <= 0 else Fraction(self.period.length, self.health)

    @property
    def total(self) -> Fraction | None:
        """Time until every level of this type has healed, in the period's unit."""
        per = self.per_level
        return None if per is None else per * self.levels


def healing_times(health: int, bruising: int = 0, crushing: int = 0, deadly: int = 0) -> tuple[HealingTime, ...]:
    """Healing time of each damage type at an effective healing Health (the three run side by side).

    >>> [str(t.total) for t in healing_times(3, bruising=4, crushing=1, deadly=2)]
    ['4/3', '2', '2/3']
    """
    levels = {"bruising": bruising, "crushing": crushing, "deadly": deadly}
    for period in HEALING_PERIODS:
        _check_range(levels[period.kind], period.kind, 0, period.max_levels)
    return tuple(HealingTime(p, levels[p.kind], health) for p in HEALING_PERIODS)


# --- enduring pain ---------------------------------------------------------------------------------

def enduring_pain(trait: int, damage_levels: int) -> LevelOdds:
    """Stamina + Endurance (Torture) against total damage levels: each success level ignores one wound.

    >>> enduring_pain(9, 4).by_level[1][1]
    Fraction(21, 80)
    """
    _check_range(damage_levels, "damage_levels", 0, MAX_TOTAL_DAMAGE)
    return level_odds(trait, damage_levels)


# --- carrying capacity -------------------------------------------------------------------------------

LOAD_CATEGORIES: tuple[str, ...] = ("light", "comfortable", "heavy", "unbearable")
BEYOND = "beyond"
"""A load above the Unbearable column: the table says nothing about it."""

LIGHT_PERCENT: tuple[int, ...] = (3, 8, 10, 12, 20, 30, 40)
COMFORTABLE_PERCENT: tuple[int, ...] = (5, 15, 20, 25, 40, 60, 75)
"""Light and Comfortable columns (percent of bodyweight) by Strength 0-6: data."""
PRINTED_HEAVY_PERCENT: tuple[int, ...] = (10, 30, 40, 50, 80, 120, 150)
PRINTED_UNBEARABLE_PERCENT: tuple[int, ...] = (20, 60, 80, 100, 160, 240, 300)
"""Heavy and Unbearable as printed; the engine derives them (each doubles the column before)."""
NEXT_COLUMN_FACTOR = 2
FEAT_SECONDS = 2
"""Exhaustion equal to the Will added is taken for every this many seconds of lifting."""


@dataclass(frozen=True)
class CarryLine:
    """Upper limit of each load category, in percent of bodyweight."""

    light: int
    comfortable: int

    @property
    def heavy(self) -> int:
        return NEXT_COLUMN_FACTOR * self.comfortable

    @property
    def unbearable(self) -> int:
        return NEXT_COLUMN_FACTOR * self.heavy

    def limits(self) -> tuple[int, int, int, int]:
        """Percentages in LOAD_CATEGORIES order."""
        return (self.light, self.comfortable, self.heavy, self.unbearable)

    def __add__(self, other: CarryLine) -> CarryLine:
        return CarryLine(self.light + other.light, self.comfortable + other.comfortable)


def carry_line(strength: int) -> CarryLine:
    """The carrying table's line for Strength 0-6 (Heavy and Unbearable from the doubling rule)."""
    _check_range(strength, "strength", MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    return CarryLine(LIGHT_PERCENT[strength], COMFORTABLE_PERCENT[strength])


def feat_line(strength: int, will_added: int) -> CarryLine:
    """Feat of strength: the Strength line plus the line of the Will added (our reading of 'additive').

    >>> feat_line(3, 3) == carry_line(3) + carry_line(3)
    True
    """
    _check_range(will_added, "will_added", 0, MAX_ATTRIBUTE)
    line = carry_line(strength)
    return line if will_added == 0 else line + carry_line(will_added)


@dataclass(frozen=True)
class Carrying:
    """A load against one character's carrying limits."""

    strength: int
    will_added: int
    bodyweight: int
    load: int
    line: CarryLine

    def limits(self) -> tuple[tuple[str, Fraction], ...]:
        """(category, heaviest load in pounds) for each category."""
        return tuple((name, Fraction(self.bodyweight * pct, 100))
                     for name, pct in zip(LOAD_CATEGORIES, self.line.limits()))

    @property
    def category(self) -> str:
        """The lightest category whose limit the load does not exceed, or BEYOND."""
        return next((name for name, limit in self.limits() if self.load <= limit), BEYOND)

    @property
    def exhaustion_per_two_seconds(self) -> int:
        return self.will_added


MAX_BODYWEIGHT = 2000
MAX_LOAD = 100_000


def carrying(strength: int, bodyweight: int, load: int, will_added: int = 0) -> Carrying:
    """Which load category ``load`` pounds falls in for this character.

    >>> carrying(3, 160, 40).category, carrying(3, 160, 41).category
    ('comfortable', 'heavy')
    """
    _check_range(bodyweight, "bodyweight", 1, MAX_BODYWEIGHT)
    _check_range(load, "load", 0, MAX_LOAD)
    return Carrying(strength, will_added, bodyweight, load, feat_line(strength, will_added))


def carrying_errata(comfortable: Sequence[int], heavy: Sequence[int], unbearable: Sequence[int]) -> Iterator[Erratum]:
    """Every printed Heavy or Unbearable cell that is not twice the column before it."""
    for strength, (comf, heav, unb) in enumerate(zip(comfortable, heavy, unbearable)):
        for column, before, printed in (("Heavy", comf, heav), ("Unbearable", heav, unb)):
            if printed != NEXT_COLUMN_FACTOR * before:
                yield Erratum(
                    key=f"carrying-{column.lower()}-{strength}", page="facade/systems.md#carrying-capacity",
                    where="Carrying capacity table", item=f"Strength {strength}, {column}",
                    printed=f"{printed}%", computed=f"{NEXT_COLUMN_FACTOR * before}%",
                    rule="each column after Comfortable doubles the one before it")


@errata_source
def _carrying_table() -> Iterator[Erratum]:
    """The printed carrying table against its doubling pattern (currently every cell agrees)."""
    return carrying_errata(COMFORTABLE_PERCENT, PRINTED_HEAVY_PERCENT, PRINTED_UNBEARABLE_PERCENT)
