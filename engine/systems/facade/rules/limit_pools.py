"""Façade limit pools: Strain, Fatigue, Stress, Passion and Exhaustion.

Each category has a pool that fills as the character fails rolls. Once the pool
reaches the category, every roll of that category has a minimum difficulty
equal to the pool; once it reaches double the category, those rolls fail
automatically (Stress excepted), and each pool adds its own effect.

A comparison offset models modifiers such as Easily Strained (1): the category
counts that much lower (never below 0) when it is compared with its pool.

>>> t = pool_thresholds("Strain", category=10, will=4)
>>> t.minimum_difficulty_from, t.automatic_failure_from, t.passes_out_from, t.passes_out_from_with_will
(10, 20, 21, 25)
>>> pool_state("Strain", category=10, level=24, will=4, paying_exhaustion=True).status
'must-rest'
>>> pool_state("Strain", category=10, level=24, will=4).status
'passed-out'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from rollwright.errors import ParameterError
from facade.rules.attributes import CATEGORIES, MAX_ATTRIBUTE, check_attribute, check_category
from rollwright.kit.errata import Erratum, errata_source

POOL_NAMES: tuple[str, ...] = tuple(c.pool for c in CATEGORIES)
"""Strain, Fatigue, Stress, Passion, Exhaustion (in category order)."""
POOL_CATEGORY: dict[str, str] = {c.pool: c.name for c in CATEGORIES}
WILL_EXTENDS: tuple[str, ...] = ("Strain", "Fatigue")
"""Pools whose limit Will can stretch, at 1 Exhaustion per roll of the category."""
MAX_POOL_LEVEL = 60
MAX_OFFSET = MAX_ATTRIBUTE

DOUBLE_EFFECTS: dict[str, str] = {
    "Strain": "must stop and rest; above double, passes out",
    "Fatigue": "above double, the next day's Action rolls are harder by the largest excess",
    "Stress": "no automatic failure, but the urge to drop everything; further Stress becomes Passion",
    "Passion": "an unthinking emotional outburst",
    "Exhaustion": "out of juice: no Soul-based rolls",
}
"""What doubling out does for each pool, beyond the general rules (our words)."""

STATUS_LABELS: dict[str, str] = {
    "normal": "No effect yet",
    "minimum-difficulty": "Minimum difficulty",
    "automatic-failure": "Automatic failure",
    "must-rest": "Must stop and rest",
    "passed-out": "Passed out",
    "next-day-penalty": "Over the limit: penalty tomorrow",
    "breaking-point": "Breaking point",
    "outburst": "Emotional outburst",
    "out-of-juice": "Out of juice",
}


def check_pool(pool: str) -> str:
    """``pool`` if it names a limit pool, else ParameterError(field='pool')."""
    if pool not in POOL_NAMES:
        raise ParameterError(f"'pool' must be one of {', '.join(POOL_NAMES)} (got {pool!r})", field="pool")
    return pool


def _check_range(value: int, field: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ParameterError(f"'{field}' must be a whole number from 0 to {top} (got {value!r})", field=field)
    return value


@dataclass(frozen=True)
class PoolThresholds:
    """The pool levels at which each effect starts (a level at or above the value).

    ``compared_with`` is the category less any comparison offset (at least 0).
    Fields that do not apply to the pool are None.
    """

    pool: str
    category_name: str
    category: int
    comparison_offset: int
    will: int
    compared_with: int
    minimum_difficulty_from: int
    double_from: int
    automatic_failure_from: int | None
    must_rest_from: int | None
    passes_out_from: int | None
    passes_out_from_with_will: int | None
    next_day_penalty_from: int | None
    next_day_penalty_from_with_will: int | None
    double_effect: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def pool_thresholds(pool: str, category: int, will: int = 0, comparison_offset: int = 0) -> PoolThresholds:
    """Where each of ``pool``'s effects starts for a category rating (0-18) and Will (0-6).

    >>> t = pool_thresholds("Stress", category=9)
    >>> t.minimum_difficulty_from, t.double_from, t.automatic_failure_from
    (9, 18, None)
    >>> pool_thresholds("Strain", category=6, comparison_offset=1).minimum_difficulty_from
    5
    """
    check_pool(pool)
    check_category(category)
    check_attribute(will, "will")
    _check_range(comparison_offset, "comparison_offset", MAX_OFFSET)
    base = max(0, category - comparison_offset)
    double = 2 * base
    strain, fatigue = pool == "Strain", pool == "Fatigue"
    return PoolThresholds(
        pool=pool, category_name=POOL_CATEGORY[pool], category=category, comparison_offset=comparison_offset,
        will=will, compared_with=base, minimum_difficulty_from=base, double_from=double,
        automatic_failure_from=None if pool == "Stress" else double,
        must_rest_from=double if strain else None,
        passes_out_from=double + 1 if strain else None,
        passes_out_from_with_will=double + will + 1 if strain else None,
        next_day_penalty_from=double + 1 if fatigue else None,
        next_day_penalty_from_with_will=double + will + 1 if fatigue else None,
        double_effect=DOUBLE_EFFECTS[pool])


@dataclass(frozen=True)
class PoolState:
    """What a pool level means right now.

    ``minimum_difficulty`` is the floor on difficulties for the category's rolls
    (None below the threshold); ``exhaustion_per_roll`` is the Exhaustion paid per
    roll to stay within the Will extension; ``next_day_penalty`` is how much harder
    tomorrow's Action rolls are if this level is the day's highest Fatigue.
    """

    thresholds: PoolThresholds
    level: int
    paying_exhaustion: bool
    status: str
    label: str
    minimum_difficulty: int | None
    automatic_failure: bool
    must_rest: bool
    passed_out: bool
    next_day_penalty: int
    exhaustion_per_roll: int
    effects: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["effects"] = list(self.effects)
        return out

    def difficulty_for(self, difficulty: int) -> int | None:
        """The difficulty a roll of this category faces now; None if it fails automatically.

        >>> pool_state("Strain", category=6, level=8).difficulty_for(5)
        8
        """
        if self.automatic_failure:
            return None
        return difficulty if self.minimum_difficulty is None else max(difficulty, self.minimum_difficulty)


def _will_extension(t: PoolThresholds, level: int, paying: bool) -> int:
    """Exhaustion per roll: 1 while Will is holding Strain or Fatigue above double."""
    if t.pool in WILL_EXTENDS and paying and t.will > 0 and level > t.double_from:
        if t.pool == "Fatigue" or level <= t.double_from + t.will:
            return 1
    return 0


def pool_state(pool: str, category: int, level: int, will: int = 0, paying_exhaustion: bool = False,
               comparison_offset: int = 0) -> PoolState:
    """The effects of ``pool`` at ``level`` (0 or more) for a category rating.

    ``paying_exhaustion``: the character pays 1 Exhaustion per roll of the category
    to add Will to the Strain (or Fatigue) they can carry above double.

    >>> s = pool_state("Fatigue", category=8, level=19)
    >>> s.status, s.automatic_failure, s.next_day_penalty
    ('next-day-penalty', True, 3)
    >>> pool_state("Stress", category=5, level=12).minimum_difficulty
    12
    """
    t = pool_thresholds(pool, category, will, comparison_offset)
    _check_range(level, "level", MAX_POOL_LEVEL)
    stretch = t.will if paying_exhaustion and pool in WILL_EXTENDS else 0
    name, effects = t.category_name, []
    minimum = level if level >= t.minimum_difficulty_from else None
    at_double = level >= t.double_from
    auto_fail = t.automatic_failure_from is not None and level >= t.automatic_failure_from
    must_rest = pool == "Strain" and at_double
    passed_out = pool == "Strain" and level > t.double_from + stretch
    penalty = max(0, level - t.double_from - stretch) if pool == "Fatigue" else 0
    per_roll = _will_extension(t, level, paying_exhaustion)
    if minimum is not None and not auto_fail:
        effects.append(f"Every {name} roll (and every roll of its specific attributes) has a difficulty "
                       f"of at least {minimum}.")
    if auto_fail:
        effects.append(f"Every {name} roll (and every roll of its specific attributes) fails automatically "
                       f"until {pool} drops below {t.double_from}.")
    if passed_out:
        effects.append("Out cold until Strain is back to 0 or someone rouses them.")
    elif must_rest:
        effects.append("Must sit down and rest: no physical actions beyond catching breath and easing muscles.")
    if per_roll:
        limit = "carry" if pool == "Strain" else "absorb"
        effects.append(f"Pays 1 Exhaustion per {name}-based roll to {limit} up to {t.will} (Will) points "
                       f"of {pool} above {t.double_from}.")
    if penalty:
        effects.append(f"If this is the day's highest {pool}, the next day's Action rolls are {penalty} harder.")
    if pool == "Stress" and at_double:
        effects.append("Breaking point: the character wants to drop everything; any further Stress "
                       "goes to Passion instead.")
    if pool == "Passion" and at_double:
        effects.append("Loses control to whatever emotion fits the moment (the GM narrates if need be).")
    if pool == "Exhaustion" and at_double:
        effects.append("Out of juice: cannot make Soul-based rolls.")
    status = _status(pool, level, t, minimum, auto_fail, passed_out, penalty)
    return PoolState(t, level, paying_exhaustion, status, STATUS_LABELS[status], minimum, auto_fail, must_rest,
                     passed_out, penalty, per_roll, tuple(effects))


def _status(pool: str, level: int, t: PoolThresholds, minimum: int | None, auto_fail: bool,
            passed_out: bool, penalty: int) -> str:
    """The one headline state: the most severe effect in force."""
    at_double = level >= t.double_from
    special = {"Strain": "must-rest", "Stress": "breaking-point", "Passion": "outburst",
               "Exhaustion": "out-of-juice"}
    if passed_out:
        return "passed-out"
    if penalty:
        return "next-day-penalty"
    if at_double and pool in special:
        return special[pool]
    if auto_fail:
        return "automatic-failure"
    if minimum is not None:
        return "minimum-difficulty"
    return "normal"


def thresholds_by_category(pool: str, will: int = 0) -> list[PoolThresholds]:
    """``pool``'s thresholds for every category rating 0-18 (for tables and the builder).

    >>> [t.double_from for t in thresholds_by_category("Passion")][:4]
    [0, 2, 4, 6]
    """
    return [pool_thresholds(pool, category, will) for category in range(0, 19)]


@errata_source
def _double_wording() -> Iterator[Erratum]:
    """The general doubling rule says the failures last until the pool is below double the *level*."""
    yield Erratum(
        key="limit-pool-double-the-level", page="facade/characters.md#limit-pools",
        where="Limit pools, the general rules", item="when automatic failure ends",
        printed="until the pool drops below double the level",
        computed="until the pool drops below double the category",
        rule="automatic failure starts when the pool reaches double the category", kind="text")


__all__ = ["POOL_NAMES", "PoolState", "PoolThresholds", "check_pool", "pool_state", "pool_thresholds",
           "thresholds_by_category"]
