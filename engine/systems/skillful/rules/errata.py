"""Where the draft's own figures and claims disagree with the rules it states.

Each check recomputes a printed figure from the rule next to it; the figures
that agree (the dodge's 15 Wind, 40 Wind + 10 Stamina, the intense 20 Wind,
the narrowed 0/6/12/18/24, the aid's +1 and +8) are worked examples instead.

>>> [e.key for e in draft_errata()]
['skillful-suckage-19', 'skillful-suckage-45-wind', 'skillful-fumble-zero', 'skillful-rested-serious']
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rollwright.kit.errata import Erratum, errata_source
from rollwright.kit.numbers import percent
from skillful.rules.checks import check_total, loss_distribution
from skillful.rules.effort import effort, effort_text
from skillful.rules.fumble import fumble_tier
from skillful.rules.suckage import points_to_better
from skillful.rules.tiers import RESTED_WIDTH, tier_odds

DODGE_N = 5
"""The draft's dodge against a medium sword, the N its suckage example is read with."""


def rested_serious_chance() -> str:
    """The chance that one of two evenly matched, rested fighters suffers a second penalty or worse."""
    odds = tier_odds(loss_distribution(0, 0), RESTED_WIDTH)
    return percent(sum((p for tier, p in odds.items() if tier >= 2), Fraction(0)))


def unskilled_fumble_chance() -> str:
    """The chance that a rested, unskilled person misses a fumble threshold of 0."""
    total = check_total(0)
    return percent(total.probability_where(lambda t: fumble_tier(t, 0, RESTED_WIDTH) > 0))


@errata_source
def draft_errata() -> Iterator[Erratum]:
    """Each figure or claim of the draft that its rules do not give."""
    points = points_to_better(19, RESTED_WIDTH)
    yield Erratum(
        key="skillful-suckage-19", page="skillful/suckage.md#two-examples-from-the-draft",
        where="Suckage points: the example of a loss by 19", item="points to leave the flailing band",
        printed="9 points (to a loss of 10)", computed=f"{points} points (to a loss of 9)",
        rule="a loss of 10 to 19 is still the first penalty; only 9 or less is the zeroth",
        kind="claim")
    flailing = effort(DODGE_N, "melee-broadsword", 1)
    ordinary = effort(DODGE_N, "melee-broadsword", 0)
    extra = {pool: flailing[pool] - ordinary.get(pool, 0) for pool in flailing}
    yield Erratum(
        key="skillful-suckage-45-wind", page="skillful/suckage.md#two-examples-from-the-draft",
        where="Suckage points: what a flailing defence costs", item=f"melee, N = {DODGE_N} (the dodge)",
        printed="45 Wind",
        computed=f"{effort_text(flailing)} in all ({effort_text(extra)} more than an ordinary defence)",
        rule="a flailing melee defence costs N + 2N + 8N Wind + 2N Stamina", kind="claim")
    yield Erratum(
        key="skillful-fumble-zero", page="skillful/fumbles.md#thresholds",
        where="Fumble thresholds: a threshold of 0", item="rested, unskilled person (skill 0)",
        printed="no chance of fumbling", computed=unskilled_fumble_chance(),
        rule="an open d20 can total 0 or less (a 1 less a closed d20), which does not beat 0",
        kind="claim")
    yield Erratum(
        key="skillful-rested-serious", page="skillful/narrowing.md#rested-fighters",
        where="Threshold narrowing: evenly matched, rested opponents", item="second penalty or worse",
        printed="never happens", computed=rested_serious_chance(),
        rule="the defender's loss is the difference of two open d20s (-59 to 59), in bands of 10",
        kind="claim")
