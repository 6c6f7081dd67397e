"""Façade's stepped dice: which dice a trait rating rolls.

The printed chart follows one pattern. Ratings 1-6 roll a single die with
twice as many sides as the rating (d2 ... d12). From 7 on, every five steps
add a d10, and the extra die climbs d4, d6, d8, d10, d12 within each block of
five: 7 is 1d10+d4, 12 is 2d10+d4, 17 is 3d10+d4, 18 is 3d10+d6.

>>> trait_dice(10).notation
'1d10+d10'
>>> trait_dice(18).notation, trait_distribution(18).max_outcome
('3d10+d6', 36)
"""

from __future__ import annotations

from dataclasses import dataclass

from rollwright.dice import Distribution, die, repeat_sum
from rollwright.errors import ParameterError

MIN_TRAIT = 1
MAX_TRAIT = 18

# One label per rating, 1..18 (the seed's names for each trait/difficulty level).
TRAIT_LABELS: tuple[str, ...] = (
    "Infantile", "Pitiful", "Childish", "Minimal", "Poor", "Below Average",
    "Low Average", "Average", "High Average", "Above Average", "Over Average", "High",
    "Very High", "Extra High", "Amazing", "Masterful", "Heroic", "Epic",
)


@dataclass(frozen=True)
class TraitDice:
    """The dice one trait rating rolls: ``d10s`` tens plus one ``extra_sides`` die."""

    rating: int
    d10s: int
    extra_sides: int
    label: str

    @property
    def notation(self) -> str:
        """Dice notation, spelled as the chart spells it (``1d10+d4``, ``d8``)."""
        if self.d10s == 0:
            return f"d{self.extra_sides}"
        return f"{self.d10s}d10+d{self.extra_sides}"

    @property
    def dice_count(self) -> int:
        return self.d10s + 1

    def to_dict(self) -> dict[str, object]:
        return {
            "rating": self.rating,
            "dice": self.notation,
            "d10s": self.d10s,
            "extra_sides": self.extra_sides,
            "label": self.label,
        }


def check_trait(rating: int) -> int:
    """Return ``rating`` if it is on the chart, else raise ParameterError."""
    if isinstance(rating, bool) or not isinstance(rating, int) or not MIN_TRAIT <= rating <= MAX_TRAIT:
        raise ParameterError(
            f"a Façade trait rating is a whole number from {MIN_TRAIT} to {MAX_TRAIT} (got {rating!r})",
            field="trait",
        )
    return rating


def trait_dice(rating: int) -> TraitDice:
    """The dice for one trait rating (1-18), from the chart's pattern."""
    check_trait(rating)
    if rating <= 6:
        d10s, extra = 0, 2 * rating
    else:
        step = rating - 7
        d10s, extra = step // 5 + 1, 4 + 2 * (step % 5)
    return TraitDice(rating=rating, d10s=d10s, extra_sides=extra, label=TRAIT_LABELS[rating - 1])


TRAIT_CHART: tuple[TraitDice, ...] = tuple(trait_dice(r) for r in range(MIN_TRAIT, MAX_TRAIT + 1))
"""The whole trait chart, ratings 1-18 in order."""


_DISTRIBUTIONS: dict[int, Distribution] = {}


def trait_distribution(rating: int) -> Distribution:
    """Exact distribution of the roll for a trait rating (cached: values are immutable)."""
    if rating not in _DISTRIBUTIONS:
        dice = trait_dice(rating)
        _DISTRIBUTIONS[rating] = repeat_sum(die(10), dice.d10s) + die(dice.extra_sides)
    return _DISTRIBUTIONS[rating]
