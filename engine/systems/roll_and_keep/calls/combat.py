"""``roll-and-keep.passive-tn``, ``.attack`` and ``.defense``.

>>> from rollwright.kit.registry import call
>>> out = call("roll-and-keep.attack", {"trait": 2, "knack": 2, "rank": 2})
>>> out["pool"], out["tn"], out["hit"]["percent"]
('4k2', 15, '62.2%')
>>> call("roll-and-keep.passive-tn", {"rank": 3})["tn"]
20
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.numbers import fraction_text
from rollwright.kit.registry import Param, register
from roll_and_keep.calls.common import CRIPPLED, TN, chance, kept, rank, rolled, trait
from roll_and_keep.calls.pools import check_pool
from roll_and_keep.rules.combat import attack_pool, defended_chance, passive_tn
from roll_and_keep.rules.pools import pool, pool_text

CAN_DEFEND = Param("can_defend", bool, "the target can reasonably defend itself", default=True)


@register("roll-and-keep.passive-tn", "Passive TN: 5 + 5 x the defensive knack's rank (5 if defenceless).",
          rank("rank", "rank in the defensive knack"), CAN_DEFEND)
def passive(rank: int, can_defend: bool) -> dict[str, Any]:
    return {"rank": rank, "can_defend": can_defend, "tn": passive_tn(rank, can_defend)}


@register("roll-and-keep.attack", "An attack, (knack + trait) k trait, against the target's passive TN.",
          trait("trait", "the attacker's trait", fills="trait"), rank("knack", "the attack knack's rank"),
          rank("rank", "the defender's defensive knack rank"), CAN_DEFEND, CRIPPLED)
def attack(trait: int, knack: int, rank: int, can_defend: bool, crippled: bool) -> dict[str, Any]:
    rolled_dice, kept_dice = attack_pool(trait, knack)
    tn = passive_tn(rank, can_defend)
    dist = pool(rolled_dice, kept_dice, crippled)
    return {"pool": pool_text(rolled_dice, kept_dice), "tn": tn, "capped": trait + knack > rolled_dice,
            "hit": chance(dist.at_least(tn)), "mean": fraction_text(dist.mean()),
            "mean_text": f"{float(dist.mean()):.2f}", "crippled": crippled}


@register("roll-and-keep.defense", "An attack against a passive TN, answered by an active defense that must reach its total.",
          rolled("attack_rolled", "attack dice rolled"), kept("attack_kept", "attack dice kept"),
          rolled("defense_rolled", "defense dice rolled"), kept("defense_kept", "defense dice kept"),
          TN, Param("attacker_crippled", bool, "the attacker is crippled", default=False),
          Param("defender_crippled", bool, "the defender is crippled", default=False))
def defense(attack_rolled: int, attack_kept: int, defense_rolled: int, defense_kept: int, tn: int,
            attacker_crippled: bool, defender_crippled: bool) -> dict[str, Any]:
    check_pool(attack_rolled, attack_kept, "attack_kept")
    check_pool(defense_rolled, defense_kept, "defense_kept")
    odds = defended_chance((attack_rolled, attack_kept), (defense_rolled, defense_kept), tn,
                           attacker_crippled, defender_crippled)
    hits = 1 - odds["miss"]
    given = odds["defended"] / hits if hits else odds["defended"]
    return {"attack": pool_text(attack_rolled, attack_kept), "defense": pool_text(defense_rolled, defense_kept),
            "tn": tn, "miss": chance(odds["miss"]), "defended": chance(odds["defended"]),
            "hit": chance(odds["hit"]), "defended_if_hit": chance(given)}
