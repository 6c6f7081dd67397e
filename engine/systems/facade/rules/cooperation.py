"""Cooperation: helpers raise the primary actor's trait before the primary rolls.

Each helper rolls; the rolls are taken lowest first. Each is a passive contest
against the primary's current (temporary) trait: when it meets that trait, its
success level is added to the trait. Then the primary rolls the final trait.

>>> [s.trait_after for s in cooperation_steps(10, [(12, 16), (8, 9)])]
[10, 12]
>>> final_trait_distribution(10, [8]).probabilities()[:2]
[(10, Fraction(5, 6)), (11, Fraction(3, 20))]
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb

from rollwright.dice.script import DiceSource, dice_source
from rollwright.dice import Distribution
from rollwright.dice.rolling import roll_with
from rollwright.errors import ParameterError
from facade.rules.success import success_level
from facade.rules.traits import MAX_TRAIT, check_trait, trait_dice, trait_distribution

MAX_HELPERS = 6
"""More helpers than this are refused (the seed itself says only a few can help at once)."""


@dataclass(frozen=True)
class CooperationStep:
    """One helper's roll, compared with the primary's trait as it stood at that moment."""

    helper: int        # 1-based position in the order the helpers were given
    helper_trait: int
    roll: int
    trait_before: int
    level: int | None  # success level, None when the roll fell short

    @property
    def trait_after(self) -> int:
        return self.trait_before + (self.level or 0)

    def to_dict(self) -> dict[str, object]:
        return {"helper": self.helper, "helper_trait": self.helper_trait, "roll": self.roll,
                "trait_before": self.trait_before, "margin": self.roll - self.trait_before,
                "level": self.level, "trait_after": self.trait_after}


def check_helpers(helpers: Sequence[int]) -> tuple[int, ...]:
    """Validate helper traits (0 to MAX_HELPERS of them, each on the trait chart)."""
    if len(helpers) > MAX_HELPERS:
        raise ParameterError(f"at most {MAX_HELPERS} helpers can be counted (got {len(helpers)})", field="helpers")
    for trait in helpers:
        try:
            check_trait(trait)
        except ParameterError as exc:
            raise ParameterError(f"helper trait: {exc.message}", field="helpers") from None
    return tuple(helpers)


def help_step(trait: int, roll: int) -> int:
    """The primary's trait after one helper's roll: raised by the success level, if any.

    >>> help_step(10, 15), help_step(10, 9), help_step(10, 11)
    (11, 10, 10)
    """
    return trait + (success_level(roll - trait) or 0)


def cooperation_steps(primary: int, helper_rolls: Sequence[tuple[int, int]]) -> list[CooperationStep]:
    """Apply helpers' ``(trait, roll)`` pairs lowest roll first (ties keep the given order)."""
    check_trait(primary)
    order = sorted(range(len(helper_rolls)), key=lambda i: helper_rolls[i][1])
    steps, trait = [], primary
    for i in order:
        helper_trait, roll = helper_rolls[i]
        step = CooperationStep(i + 1, helper_trait, roll, trait, success_level(roll - trait))
        steps.append(step)
        trait = step.trait_after
    return steps


def _after_equal_rolls(trait: int, roll: int, count: int) -> int:
    for _ in range(count):
        trait = help_step(trait, roll)
    return trait


def _count_choices(remaining: tuple[int, ...], weights: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Each way some helpers of each trait group roll one value: (left over, how many roll it, weight)."""
    options: list[list[tuple[int, int, int]]] = []
    for left, w in zip(remaining, weights):
        choices = [(left, 0, 1)]
        if w:
            choices += [(left - k, k, comb(left, k) * w ** k) for k in range(1, left + 1)]
        options.append(choices)

    def walk(index: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
        if index == len(options):
            yield (), 0, 1
            return
        for left, k, weight in options[index]:
            for rest, rolled, rest_weight in walk(index + 1):
                yield (left,) + rest, k + rolled, weight * rest_weight

    return walk(0)


def final_trait_distribution(primary: int, helpers: Iterable[int]) -> Distribution:
    """Exact distribution of the primary's trait after every helper has rolled.

    Works through roll values from lowest to highest, tracking how many helpers
    of each trait have not rolled yet: helpers rolling the same value give the
    same step whatever their order, so the order of equal rolls never matters.
    """
    check_trait(primary)
    groups = sorted(Counter(check_helpers(list(helpers))).items())
    dists = [trait_distribution(t) for t, _ in groups]
    values = sorted({v for d in dists for v in d.outcomes()})
    states: dict[tuple[tuple[int, ...], int], int] = {(tuple(n for _, n in groups), primary): 1}
    for value in values:
        weights = tuple(d.weight(value) for d in dists)
        moved: dict[tuple[tuple[int, ...], int], int] = defaultdict(int)
        for (remaining, trait), weight in states.items():
            for left, rolled, ways in _count_choices(remaining, weights):
                moved[(left, _after_equal_rolls(trait, value, rolled))] += weight * ways
        states = moved
    done = {trait: w for (remaining, trait), w in states.items() if not any(remaining)}
    return Distribution(done)


@dataclass(frozen=True)
class CooperationRun:
    """A seeded cooperation: every helper's dice, the steps, and the primary's final roll."""

    primary: int
    helper_rolls: tuple[tuple[int, int, tuple[int, ...]], ...]  # (trait, total, faces)
    steps: tuple[CooperationStep, ...]
    final_trait: int
    final_roll: int | None       # None when the final trait is beyond the chart
    final_faces: tuple[int, ...]


def _roll_trait(rng: DiceSource, trait: int) -> tuple[int, tuple[int, ...]]:
    terms = roll_with(rng, trait_dice(trait).notation)
    faces = tuple(d.value for t in terms for d in t.dice)
    return sum(t.sign * t.value for t in terms), faces


def run_cooperation(primary: int, helpers: Sequence[int], seed: int) -> CooperationRun:
    """Roll every helper and then the primary, from one seeded random stream."""
    check_trait(primary)
    check_helpers(helpers)
    rng = dice_source(seed)
    rolled = tuple((t, *_roll_trait(rng, t)) for t in helpers)
    steps = tuple(cooperation_steps(primary, [(t, total) for t, total, _ in rolled]))
    final = steps[-1].trait_after if steps else primary
    if final > MAX_TRAIT:
        return CooperationRun(primary, rolled, steps, final, None, ())
    total, faces = _roll_trait(rng, final)
    return CooperationRun(primary, rolled, steps, final, total, faces)
