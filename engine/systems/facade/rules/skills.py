"""Façade trait totals: a specific attribute plus a skill's three levels, and defaulting.

A skill roll adds the attribute to the Broad, Focus and Specialty levels of the
skill. Instead, a character may roll the whole category attribute, but then the
difficulty rises by as much as the category beats the trait total.

>>> trait_total(attribute=3, broad=2, focus=4, specialty=1)
10
>>> trait_total(attribute=3, broad=0, focus=4, specialty=0)
7
>>> defaulted_difficulty(difficulty=10, trait_total=6, category=10)
14
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rollwright.errors import ParameterError

MAX_ATTRIBUTE = 6
MAX_SKILL_LEVEL = 4
MAX_CATEGORY = 3 * MAX_ATTRIBUTE


def _check(name: str, value: int, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ParameterError(f"'{name}' must be a whole number from 0 to {top} (got {value!r})", field=name)
    return value


def trait_total(attribute: int, broad: int = 0, focus: int = 0, specialty: int = 0) -> int:
    """Specific attribute (0-6) plus broad, focus and specialty skill levels (0-4 each)."""
    _check("attribute", attribute, MAX_ATTRIBUTE)
    levels = [_check(n, v, MAX_SKILL_LEVEL) for n, v in (("broad", broad), ("focus", focus), ("specialty", specialty))]
    return attribute + sum(levels)


def defaulted_difficulty(difficulty: int, trait_total: int, category: int) -> int:
    """Difficulty when rolling the category attribute instead of the trait total.

    It rises by however much the category exceeds the trait total (never falls).
    """
    _check("category", category, MAX_CATEGORY)
    return difficulty + max(0, category - trait_total)


MAX_SKILL_TOTAL = 3 * MAX_SKILL_LEVEL


def skill_total(broad: int = 0, focus: int = 0, specialty: int = 0) -> int:
    """Broad + Focus + Specialty (each 0-4), so 0-12.

    >>> skill_total(2, 4, 1)
    7
    """
    return trait_total(0, broad, focus, specialty)


@dataclass(frozen=True)
class DefaultingChoice:
    """Rolling the trait total against the difficulty, or the category against the raised one.

    A chance of None means that side cannot be rolled (a rating of 0 is below the
    trait chart). ``better`` is "trait", "default", "equal" or "neither".
    """

    attribute: int
    category: int
    difficulty: int
    trait_total: int
    defaulted_difficulty: int
    p_trait: Fraction | None
    p_default: Fraction | None
    better: str

    @property
    def attribute_zero(self) -> bool:
        """An attribute of 0 fails any active contest automatically, whatever the skills."""
        return self.attribute == 0


def _chance(rating: int, difficulty: int) -> Fraction | None:
    from facade.rules.odds import outcome_odds  # late: odds is heavier than these helpers

    return None if rating == 0 else outcome_odds(rating, difficulty).p_success


def compare_defaulting(attribute: int, broad: int, focus: int, specialty: int, category: int,
                       difficulty: int) -> DefaultingChoice:
    """Exact chances of the trait-total roll and of defaulting to the category.

    The category holds the attribute plus two others (0-6 each), so it must lie
    between the attribute and the attribute + 12.

    >>> c = compare_defaulting(4, 2, 0, 0, category=10, difficulty=10)
    >>> c.trait_total, c.defaulted_difficulty, c.p_trait, c.p_default, c.better
    (6, 14, Fraction(1, 4), Fraction(7, 25), 'default')
    """
    from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY

    total = trait_total(attribute, broad, focus, specialty)
    _check("category", category, MAX_CATEGORY)
    if not attribute <= category <= attribute + 2 * MAX_ATTRIBUTE:
        raise ParameterError(f"'category' must be from {attribute} to {attribute + 2 * MAX_ATTRIBUTE}: it is the "
                             f"attribute ({attribute}) plus two others of 0-6 (got {category})", field="category")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or \
            not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY:
        raise ParameterError(f"'difficulty' must be a whole number from {MIN_DIFFICULTY} to {MAX_DIFFICULTY} "
                             f"(got {difficulty!r})", field="difficulty")
    raised = defaulted_difficulty(difficulty, total, category)
    p_trait, p_default = _chance(total, difficulty), _chance(category, raised)
    if p_trait is None or p_default is None:
        better = "neither" if p_trait is None and p_default is None else ("trait" if p_default is None else "default")
    else:
        better = "equal" if p_trait == p_default else ("trait" if p_trait > p_default else "default")
    return DefaultingChoice(attribute, category, difficulty, total, raised, p_trait, p_default, better)
