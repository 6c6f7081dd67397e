"""Where the draft's own figures and claims disagree with the rules it states, or with each other.

Each check recomputes a printed figure from the rule next to it; the figures
that agree (the dodge's 15 Wind, 40 Wind + 10 Stamina, the intense 20 Wind,
the narrowed 0/6/12/18/24, the aid's +1 and +8) are worked examples instead.

>>> [e.key for e in draft_errata()]
['skillful-suckage-19', 'skillful-suckage-45-wind', 'skillful-fumble-zero', 'skillful-rested-serious']
>>> [e.key for e in figure_errata()]
['skillful-sword-n', 'skillful-gun-flailing', 'skillful-gun-hit-tiers']
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rollwright.kit.errata import Erratum, errata_source
from rollwright.kit.numbers import percent
from skillful.rules.checks import check_total, loss_distribution
from skillful.rules.effort import MAX_N, WEAPONS, attitude_terms, effort, effort_text, penalty
from skillful.rules.fumble import fumble_tier
from skillful.rules.suckage import points_to_better
from skillful.rules.tiers import RESTED_WIDTH, tier_odds

DODGE_N = 5
"""The draft's dodge against a medium sword, the N its suckage example is read with."""
PRINTED_SWORD_N = 3
"""The N the draft first gives for attacking with a medium sword."""
PRINTED_INTENSE_SWING = 20
"""The Wind the draft's intense swing of a standard sword costs up front (N + 3N)."""
PISTOL = "guns-9mm-pistol"


def intense_swing_n() -> int:
    """The N whose intense swing costs the printed 20 Wind up front (N + 3N)."""
    return next(n for n in range(1, MAX_N + 1) if sum(attitude_terms(n, "intense")[:2]) == PRINTED_INTENSE_SWING)


def first_tier_with_health(task: str) -> int:
    """The first penalty (1-4) that costs Health for a weapon task."""
    return next(tier for tier in range(1, 5) if "Health" in penalty(DODGE_N, task, tier))


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


@errata_source
def figure_errata() -> Iterator[Erratum]:
    """Printed figures that disagree with each other: the sword's N, and what a gun's penalties cost."""
    swing = intense_swing_n()
    yield Erratum(
        key="skillful-sword-n", page="skillful/checks.md#nominal-effort",
        where="Nominal effort: attacking with a medium sword", item="the attack's N",
        printed=f"{PRINTED_SWORD_N} Wind (where N is introduced)",
        computed=f"{swing} Wind (the next paragraph's swing, and the intense swing's {PRINTED_INTENSE_SWING} Wind "
                 f"= N + 3N)",
        rule="no table of N is given, so the calculators take N as you enter it", kind="claim")
    flailing = penalty(DODGE_N, PISTOL, 1)
    yield Erratum(
        key="skillful-gun-flailing", page="skillful/consequences.md#guns",
        where="The consequence chart: a flailing defence against a gun",
        item=f"9mm pistol, first penalty (N = {DODGE_N})",
        printed="40 Wind + 10 Stamina, and 10 Health",
        computed=f"{effort_text(flailing)} only",
        rule="a gun's penalty is simply that degree of hit (the guns section)", kind="claim")
    hits = WEAPONS["9mm-pistol"].hits
    yield Erratum(
        key="skillful-gun-hit-tiers", page="skillful/consequences.md#guns",
        where="The consequence chart: damage from a deadly weapon", item="9mm pistol: first penalty with Health damage",
        printed="the second (Low damage), then Medium at the third and High at the fourth",
        computed=f"the {('first', 'second')[first_tier_with_health(PISTOL) - 1]}: "
                 f"{' / '.join(map(str, hits))} Health at the first to fourth",
        rule="each penalty of a gun is its degree of hit; melee hits do start at the second penalty", kind="claim")
