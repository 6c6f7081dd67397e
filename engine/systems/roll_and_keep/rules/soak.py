"""The soak planner: the chance of being crippled or knocked out after each accepted hit.

A dynamic programme over (flesh wounds, dramatic wounds). Each hit adds a
damage roll to the flesh wounds, then a wound check is made against the new
total; a knocked-out character stays out. Once crippled, the character's
wound-check dice stop exploding. Weights are whole numbers over a common
denominator, so every chance is exact; explosions are capped at ``depth``
extra rolls per die (the only truncation).

The programme keeps, for each count of dramatic wounds, the weights of every
flesh-wound total as a list. A check that succeeds keeps a total no higher than
the check's largest roll, so only those totals are convolved with the damage;
what the failed checks add is read from :class:`_Check`, a table built once from
the damage and the check (a correlation and running sums), so no total above the
check's reach is ever listed. At the calls' largest values (Brawn 5, 10k10, six hits, depth 4)
that is about a million products of whole numbers.

>>> rows = soak_odds(brawn=2, resolve=2, flesh=0, dramatic=0, damage=(2, 2), hits=2, depth=1)
>>> [row["hit"] for row in rows]
[1, 2]
>>> rows[0]["knocked_out"] <= rows[1]["knocked_out"]
True
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from operator import mul
from typing import Any

from rollwright.dice import Distribution, roll_and_keep
from roll_and_keep.rules.wounds import DEFAULT_READING, STEP, thresholds

MAX_HITS = 6
SOAK_DEPTH = 3
"""Default explosion cap for the planner (each die may add at most 3 rolls)."""


class _Check:
    """One kind of wound check (exploding or not) against a damage roll, as weight tables.

    ``stay[t]``: weight of a check reaching a total ``t`` (the flesh wounds stay);
    ``reach(x)``: the sum over damage ``a`` of ``damage[a] * (weight of a check of at most x + a)``,
    from which the weight of each number of dramatic wounds a failed check adds is read.
    Check weights are scaled to ``total`` (shared by both kinds) so every state has one denominator.
    """

    def __init__(self, check: Distribution, total: int, hurt: Distribution) -> None:
        scale = total // check.total_weight
        self.top = check.max_outcome
        weights = [0] * (self.top + 1)
        for rolled, weight in check.items():
            weights[rolled] = weight * scale
        self.stay = [0] * (self.top + 1)  # stay[t] = weight of rolls >= t
        running = 0
        for rolled in range(self.top, -1, -1):
            running += weights[rolled]
            self.stay[rolled] = running
        self.everything = running * hurt.total_weight
        # reach(x) steps up by sum_a damage[a] * weights[x + a]: a correlation, over x in [low, high].
        damage = [0] * (hurt.max_outcome + 1)
        for amount, weight in hurt.items():
            damage[amount] = weight
        self.low = check.min_outcome - hurt.max_outcome
        self.high = self.top - hurt.min_outcome
        self.table = [0] * (self.high - self.low + 1)
        running = 0
        for x in range(self.low, self.high + 1):
            first, last = max(hurt.min_outcome, -x), min(hurt.max_outcome, self.top - x)
            running += sum(map(mul, damage[first:last + 1], weights[x + first:x + last + 1]))
            self.table[x - self.low] = running

    def reach(self, x: int) -> int:
        if x < self.low:
            return 0
        if x > self.high:
            return self.everything
        return self.table[x - self.low]

    def failures(self, flesh: int, most: int) -> list[int]:
        """Weights (over damage and check) that a check after one hit on ``flesh`` adds 1, 2, ... ``most``
        dramatic wounds (the last entry: ``most`` or more)."""
        # A failure by t - r in [1, 19] adds 1; in [20k - 20, 20k - 1] adds k.
        edges = [self.reach(flesh - 1)] + [self.reach(flesh - STEP * k) for k in range(1, most)]
        return [edges[k] - edges[k + 1] for k in range(most - 1)] + [edges[most - 1]]


def soak_odds(brawn: int, resolve: int, flesh: int, dramatic: int, damage: tuple[int, int],
              hits: int, depth: int = SOAK_DEPTH, reading: str = DEFAULT_READING) -> list[dict[str, Any]]:
    """For hits 1..``hits``: exact P(crippled or worse), P(knocked out), and the mean dramatic wounds."""
    crippled_at, out_at = thresholds(resolve, reading)
    hurt = roll_and_keep(*damage, depth=depth)
    raw = {False: roll_and_keep(brawn, brawn, depth=depth), True: roll_and_keep(brawn, brawn, depth=0)}
    check_total = lcm(raw[False].total_weight, raw[True].total_weight)
    checks = {crippled: _Check(dist, check_total, hurt) for crippled, dist in raw.items()}
    backwards = [0] * (hurt.max_outcome + 1)  # damage weights, highest amount first
    for amount, weight in hurt.items():
        backwards[hurt.max_outcome - amount] = weight
    levels: dict[int, list[int]] = {min(dramatic, out_at): [0] * flesh + [1]}  # dramatic -> weight per flesh
    out_weight = levels.pop(out_at, [0])[-1]
    denominator, step, rows = 1, hurt.total_weight * check_total, []
    for hit in range(1, hits + 1):
        following: dict[int, list[int]] = {}
        gained = [0] * (out_at + 1)  # weight arriving at each count of dramatic wounds with no flesh wounds
        for wounds, flesh_weights in levels.items():
            check = checks[wounds >= crippled_at]
            kept = following.setdefault(wounds, [0] * (check.top + 1))
            for total in range(hurt.min_outcome, min(check.top, len(flesh_weights) - 1 + hurt.max_outcome) + 1):
                first = max(0, total - hurt.max_outcome)
                last = min(len(flesh_weights) - 1, total - hurt.min_outcome)
                if first > last:
                    continue
                start = hurt.max_outcome - total + first
                reached = sum(map(mul, flesh_weights[first:last + 1], backwards[start:start + last - first + 1]))
                kept[total] += reached * check.stay[total]
            most = out_at - wounds
            for wounds_now, weight in enumerate(flesh_weights):
                if weight:
                    for k, failed in enumerate(check.failures(wounds_now, most), start=1):
                        gained[wounds + k] += weight * failed
        for wounds, weight in enumerate(gained[:out_at]):
            if weight:
                following.setdefault(wounds, [0])[0] += weight
        out_weight = out_weight * step + gained[out_at]
        levels = {wounds: weights for wounds, weights in following.items() if any(weights)}
        denominator *= step
        crippled = out_weight + sum(sum(w) for d, w in levels.items() if d >= crippled_at)
        mean = out_at * out_weight + sum(d * sum(w) for d, w in levels.items())
        rows.append({"hit": hit, "crippled": Fraction(crippled, denominator),
                     "knocked_out": Fraction(out_weight, denominator), "mean_dramatic": Fraction(mean, denominator)})
    return rows
