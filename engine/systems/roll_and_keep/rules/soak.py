"""The soak planner: the chance of being crippled or knocked out after each accepted hit.

A dynamic programme over (flesh wounds, dramatic wounds). Each hit adds a
damage roll to the flesh wounds, then a wound check is made against the new
total; a knocked-out character stays out. Once crippled, the character's
wound-check dice stop exploding. Weights are whole numbers over a common
denominator, so every chance is exact; explosions are capped at ``depth``
extra rolls per die (the only truncation).

>>> rows = soak_odds(brawn=2, resolve=2, flesh=0, dramatic=0, damage=(2, 2), hits=2, depth=1)
>>> [row["hit"] for row in rows]
[1, 2]
>>> rows[0]["knocked_out"] <= rows[1]["knocked_out"]
True
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any

from rollwright.dice import roll_and_keep
from roll_and_keep.rules.wounds import dramatic_wounds_for, thresholds

MAX_HITS = 6
SOAK_DEPTH = 3
"""Default explosion cap for the planner (each die may add at most 3 rolls)."""


def soak_odds(brawn: int, resolve: int, flesh: int, dramatic: int, damage: tuple[int, int],
              hits: int, depth: int = SOAK_DEPTH, reading: str = "reached") -> list[dict[str, Any]]:
    """For hits 1..``hits``: exact P(crippled or worse), P(knocked out), and the mean dramatic wounds."""
    crippled_at, out_at = thresholds(resolve, reading)
    hurt = roll_and_keep(*damage, depth=depth)
    checks = {False: roll_and_keep(brawn, brawn, depth=depth), True: roll_and_keep(brawn, brawn, depth=0)}
    check_total = lcm(checks[False].total_weight, checks[True].total_weight)
    gains: dict[tuple[int, bool], dict[int, int]] = {}

    def gain(total: int, crippled: bool) -> dict[int, int]:
        """Dramatic wounds added by a check against ``total``, weighted over ``check_total``."""
        if (total, crippled) not in gains:
            check = checks[crippled]
            scale = check_total // check.total_weight
            out: dict[int, int] = {}
            for rolled, weight in check.items():
                added = dramatic_wounds_for(total, rolled)
                out[added] = out.get(added, 0) + weight * scale
            gains[(total, crippled)] = out
        return gains[(total, crippled)]

    states: dict[tuple[int, int], int] = {(flesh, min(dramatic, out_at)): 1}
    denominator = 1
    rows = []
    for hit in range(1, hits + 1):
        following: dict[tuple[int, int], int] = {}
        step = hurt.total_weight * check_total
        for (fw, dw), weight in states.items():
            if dw >= out_at:
                following[(fw, dw)] = following.get((fw, dw), 0) + weight * step
                continue
            for amount, dmg_weight in hurt.items():
                total = fw + amount
                for added, check_weight in gain(total, dw >= crippled_at).items():
                    key = (total, dw) if added == 0 else (0, min(dw + added, out_at))
                    following[key] = following.get(key, 0) + weight * dmg_weight * check_weight
        states = following
        denominator *= step
        crippled = sum(w for (_, dw), w in states.items() if dw >= crippled_at)
        out = sum(w for (_, dw), w in states.items() if dw >= out_at)
        mean = sum(w * dw for (_, dw), w in states.items())
        rows.append({"hit": hit, "crippled": Fraction(crippled, denominator),
                     "knocked_out": Fraction(out, denominator), "mean_dramatic": Fraction(mean, denominator)})
    return rows
