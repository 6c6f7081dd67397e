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

from engine.errors import ParameterError

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
