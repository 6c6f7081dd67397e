"""Roll & Keep's core roll for its quick reference: an XkY pool of d10s against a target number.

>>> rolled = core_roll(5, 3, 20)
>>> rolled.notation, rolled.bands[0].chance
('5k3', Fraction(35897, 50000))
"""

from __future__ import annotations

from rollwright.kit.quick_reference import QuickBand, QuickReference, QuickRoll
from roll_and_keep.rules.pools import chance_at_least, pool_text


def core_roll(rolled: int, kept: int, tn: int) -> QuickRoll:
    """Roll ``rolled`` d10s (10s explode), keep the ``kept`` highest, against ``tn``."""
    reach = chance_at_least(rolled, kept, tn)
    return QuickRoll(pool_text(rolled, kept), (QuickBand("Success", f"total {tn} or more", reach),
                                               QuickBand("Failure", f"total {tn - 1} or less", 1 - reach)))


QUICK_REFERENCE = QuickReference(
    core_roll, {"rolled": 5, "kept": 3, "tn": 20},
    roll="Roll X ten-sided dice; every 10 is rolled again and added. Keep the Y highest dice and add them up: "
         "the roll succeeds when the total reaches the target number (TN).",
    table="roll-and-keep-odds", labels={"rolled": "Dice rolled", "kept": "Dice kept", "tn": "TN"})
