"""When no roll is needed: automatic failure and automatic success.

An attempt fails automatically when no roll of the trait's dice reaches the
difficulty. With the optional stunt rules, up to five extra d4 can be earned,
so the attempt is only hopeless without a good enough stunt; we report how
many stunt dice would make success possible at all. Uncontested, a trait 3 or
more above the difficulty may take a minimal success, 7 or more a minor one.

>>> verdict(12, 9).automatic_success, verdict(12, 5).automatic_success
('minimal', 'minor')
>>> v = verdict(3, 10, stunts=True)
>>> v.automatic_failure, v.stunt_dice_needed
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass

from facade.rules.action_systems import MAX_STUNT_DICE, STUNT_DIE_SIDES
from rollwright.kit.errata import Erratum, errata_source
from facade.rules.odds import AUTO_MINIMAL_BY, AUTO_MINOR_BY
from facade.rules.traits import check_trait, trait_distribution


@dataclass(frozen=True)
class Verdict:
    """What a trait against a difficulty allows without (or before) rolling."""

    trait: int
    difficulty: int
    contested: bool
    stunts: bool
    best_roll: int
    automatic_failure: bool          # no roll reaches the difficulty (stunt dice aside)
    stunt_dice_needed: int | None    # with stunts: fewest extra d4 that make success possible
    automatic_success: str | None    # "minimal", "minor" or None
    lead: int                        # trait minus difficulty

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def stunt_dice_needed(best_roll: int, difficulty: int) -> int | None:
    """Fewest stunt d4 whose best faces lift ``best_roll`` to ``difficulty``; None if five are not enough.

    >>> stunt_dice_needed(6, 10), stunt_dice_needed(6, 26), stunt_dice_needed(6, 27)
    (1, 5, None)
    """
    short = max(0, difficulty - best_roll)
    needed = -(-short // STUNT_DIE_SIDES)
    return needed if needed <= MAX_STUNT_DICE else None


def verdict(trait: int, difficulty: int, *, contested: bool = False, stunts: bool = False) -> Verdict:
    """Automatic failure / success for ``trait`` against ``difficulty``."""
    check_trait(trait)
    best = trait_distribution(trait).max_outcome
    lead = trait - difficulty
    success = None
    if not contested:
        success = "minor" if lead >= AUTO_MINOR_BY else "minimal" if lead >= AUTO_MINIMAL_BY else None
    fails = best < difficulty
    needed = stunt_dice_needed(best, difficulty) if stunts and fails else None
    return Verdict(trait, difficulty, contested, stunts, best, fails, needed, success, lead)


@errata_source
def _stunt_reference() -> Iterator[Erratum]:
    """The automatic-failure rule points to a section the draft does not have."""
    yield Erratum(
        key="stunts-optional-rules-reference", page="facade/basic-rules.md#no-roll-needed",
        where="Automatic failure and success", item="cross-reference for stunts",
        printed="see the Optional Rules section", computed="stunts are under Action systems (our Systems page)",
        rule="the stunt rule as the draft gives it in its systems part", kind="text")
