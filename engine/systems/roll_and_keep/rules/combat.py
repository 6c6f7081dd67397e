"""Passive TN, attacks against it, and active defense against the attack's total.

An attack rolls (knack + trait) k trait. It hits if its total reaches the
target's passive TN: 5 + 5 x the rank of the defensive knack the target uses,
or 5 for a target that cannot defend itself. A hit target may defend actively:
its defensive roll must reach the attack's total.

>>> passive_tn(2), passive_tn(3, can_defend=False)
(15, 5)
>>> attack_pool(trait=2, knack=2)
(4, 2)
>>> hit_chance(2, 2, defender_rank=2)
Fraction(31103, 50000)
"""

from __future__ import annotations

from fractions import Fraction

from roll_and_keep.rules.pools import MAX_ROLLED, pool

MAX_RANK = 5
"""Highest trait and knack rank the site accepts (the draft gives no range)."""


def passive_tn(rank: int, can_defend: bool = True) -> int:
    """5 + 5 x rank, or 5 when the target cannot reasonably defend itself."""
    return 5 + 5 * rank if can_defend else 5


def attack_pool(trait: int, knack: int) -> tuple[int, int]:
    """(rolled, kept) = (knack + trait, trait), the rolled dice capped at the site's pool limit.

    >>> attack_pool(5, 5)
    (10, 5)
    """
    return min(trait + knack, MAX_ROLLED), trait


def hit_chance(trait: int, knack: int, defender_rank: int, can_defend: bool = True,
               crippled: bool = False) -> Fraction:
    """P(the attack's total reaches the defender's passive TN)."""
    rolled, kept = attack_pool(trait, knack)
    return pool(rolled, kept, crippled).at_least(passive_tn(defender_rank, can_defend))


def defended_chance(attack: tuple[int, int], defense: tuple[int, int], tn: int,
                    attacker_crippled: bool = False, defender_crippled: bool = False) -> dict[str, Fraction]:
    """Exact chances for an attack against a passive ``tn`` met by an active defense.

    ``miss``: the attack fails to reach the TN; ``defended``: it hits but the
    defense reaches its total; ``hit``: it hits and the defense falls short.

    >>> out = defended_chance((1, 1), (1, 1), tn=0, attacker_crippled=True, defender_crippled=True)
    >>> out["defended"]
    Fraction(11, 20)
    """
    att = pool(*attack, crippled=attacker_crippled)
    dfn = pool(*defense, crippled=defender_crippled)
    miss = Fraction(0)
    defended = Fraction(0)
    for total, weight in att.items():
        p = Fraction(weight, att.total_weight)
        if total < tn:
            miss += p
        else:
            defended += p * dfn.at_least(total)
    return {"miss": miss, "defended": defended, "hit": 1 - miss - defended}
