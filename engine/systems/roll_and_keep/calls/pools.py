"""``roll-and-keep.pool`` (exact odds of an XkY pool) and ``roll-and-keep.roll`` (one seeded roll).

>>> from rollwright.kit.registry import call
>>> out = call("roll-and-keep.pool", {"rolled": 1, "kept": 1, "tn": 11})
>>> out["at_least"]["p"], out["depth"]
('1/10', 9)
>>> call("roll-and-keep.roll", {"rolled": 3, "kept": 2, "seed": 1})["notation"]
'3k2'
"""

from __future__ import annotations

from typing import Any

from rollwright.dice.rolling import roll as roll_dice
from rollwright.errors import ParameterError
from rollwright.kit.calls.dice import SEED
from rollwright.kit.numbers import fraction_text
from rollwright.kit.registry import register
from roll_and_keep.calls.common import CRIPPLED, TN, chance, kept, rolled
from roll_and_keep.rules.pools import DEPTH, pool, pool_text


def check_pool(rolled_dice: int, kept_dice: int, field: str = "kept") -> None:
    """Refuse a pool that keeps more dice than it rolls."""
    if kept_dice > rolled_dice:
        raise ParameterError(f"'{field}' must be at most the dice rolled ({rolled_dice}); got {kept_dice}",
                             field=field)


@register("roll-and-keep.pool", "Exact odds of an XkY pool (explode on 10, then keep): P(>= TN), mean, every total.",
          rolled(), kept(), TN, CRIPPLED)
def pool_odds(rolled: int, kept: int, tn: int, crippled: bool) -> dict[str, Any]:
    check_pool(rolled, kept)
    dist = pool(rolled, kept, crippled)
    top = min(dist.max_outcome, 10 * kept + 40)
    series = [[total, fraction_text(dist.at_least(total))] for total in range(dist.min_outcome, top + 1)]
    return {"pool": pool_text(rolled, kept), "tn": tn, "crippled": crippled, "depth": 0 if crippled else DEPTH,
            "at_least": chance(dist.at_least(tn)), "mean": fraction_text(dist.mean()),
            "mean_text": f"{float(dist.mean()):.2f}", "series": series}


@register("roll-and-keep.roll", "One seeded XkY roll: every die with its explosions, kept and dropped.",
          rolled(), kept(), SEED, CRIPPLED)
def roll(rolled: int, kept: int, seed: int, crippled: bool) -> dict[str, Any]:
    check_pool(rolled, kept)
    notation = f"{rolled}d10kh{kept}" if crippled else pool_text(rolled, kept)
    out = roll_dice(notation, seed=seed, depth=0 if crippled else DEPTH).to_dict()
    out["notation"] = pool_text(rolled, kept)
    out["crippled"] = crippled
    return out
