"""Exact odds for Façade rolls: one trait against a difficulty, and active contests.

>>> o = outcome_odds(10, 10)
>>> o.p_success
Fraction(16, 25)
>>> contest_odds(10, 10).p_tie
Fraction(67, 1000)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from rollwright.dice import Distribution
from rollwright.kit.errata import Erratum, errata_source
from facade.rules.success import MAX_LEVEL, OUTCOME_KEYS, judge, success_level
from facade.rules.traits import trait_distribution

MIN_DIFFICULTY = 0
MAX_DIFFICULTY = 50
"""Difficulties accepted by calls; above 36 (the best trait's top roll) nothing succeeds."""

AUTO_MINIMAL_BY = 3
AUTO_MINOR_BY = 7
"""Trait above difficulty by this much allows taking an automatic minimal / minor success."""


@dataclass(frozen=True)
class OutcomeOdds:
    """Exact chances of each outcome when a trait rolls against a difficulty."""

    trait: int
    difficulty: int
    by_key: tuple[tuple[str, Fraction], ...]  # every key in OUTCOME_KEYS order, worst first
    roll: Distribution

    @property
    def p_success(self) -> Fraction:
        return self.roll.at_least(self.difficulty)

    @property
    def automatic_failure(self) -> bool:
        """No roll of this trait can reach the difficulty."""
        return self.roll.max_outcome < self.difficulty

    @property
    def automatic_success(self) -> str | None:
        """Which automatic success the trait may take uncontested: 'minor', 'minimal' or None."""
        lead = self.trait - self.difficulty
        if lead >= AUTO_MINOR_BY:
            return "minor"
        if lead >= AUTO_MINIMAL_BY:
            return "minimal"
        return None


def outcome_odds(trait: int, difficulty: int) -> OutcomeOdds:
    """Exact outcome distribution of ``trait`` rolled against ``difficulty``."""
    roll = trait_distribution(trait)
    keyed = roll.map(lambda total: OUTCOME_KEYS.index(judge(total, difficulty).key))
    by_key = tuple((key, keyed.probability(i)) for i, key in enumerate(OUTCOME_KEYS))
    return OutcomeOdds(trait=trait, difficulty=difficulty, by_key=by_key, roll=roll)


@dataclass(frozen=True)
class ContestOdds:
    """Two traits rolled against each other; ``margin`` is side A's roll minus side B's."""

    trait_a: int
    trait_b: int
    margin: Distribution

    @property
    def p_a_wins(self) -> Fraction:
        return self.margin.probability_where(lambda m: m > 0)

    @property
    def p_b_wins(self) -> Fraction:
        return self.margin.probability_where(lambda m: m < 0)

    @property
    def p_tie(self) -> Fraction:
        return self.margin.probability(0)

    def level_odds(self, side: str) -> list[tuple[int, Fraction]]:
        """P(that side wins at each success level 0-9), from the winning margin."""
        sign = 1 if side == "a" else -1
        by_level = self.margin.map(lambda m: _winning_level(sign * m))
        return [(level, by_level.probability(level)) for level in range(MAX_LEVEL + 1)]


def _winning_level(margin: int) -> int:
    """The winner's success level for a winning margin (> 0); -1 when this side did not win."""
    level = success_level(margin)
    return -1 if margin <= 0 or level is None else level


def contest_odds(trait_a: int, trait_b: int) -> ContestOdds:
    """Exact odds of an active contest: both roll, the higher roll wins."""
    return ContestOdds(trait_a, trait_b, trait_distribution(trait_a) - trait_distribution(trait_b))


@errata_source
def _average_claim() -> Iterator[Erratum]:
    """The opening claim: dice average the trait, so an equal difficulty is met half the time."""
    ratings = range(1, 19)
    excess = [trait_distribution(r).mean() - r for r in ratings]
    chances = [outcome_odds(r, r).p_success for r in ratings]
    yield Erratum(
        key="trait-dice-average", page="facade/basic-rules.md#stepped-dice",
        where="Opening of the basic rules", item="average roll of a trait's dice",
        printed="the dice average the trait, so an equal difficulty is met half the time",
        computed=(f"the chart's dice average {float(min(excess)):g} to {float(max(excess)):g} above the trait; "
                  f"an equal difficulty is met {float(min(chances)):.0%} to {float(max(chances)):.0%} of the time"),
        rule="the dice of the printed trait chart", kind="claim")
