"""``roll-and-keep.wound-check`` (exact odds), ``.dramatic-wounds`` (one check's outcome), ``.soak`` (the planner).

>>> from rollwright.kit.registry import call
>>> out = call("roll-and-keep.dramatic-wounds", {"flesh": 62, "rolled": 9, "resolve": 2})
>>> out["gained"], out["state"]
(3, 'crippled')
>>> call("roll-and-keep.wound-check", {"brawn": 2, "flesh": 20})["fail"]["percent"]
'88.2%'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import fraction_text
from rollwright.kit.registry import Param, register
from roll_and_keep.calls.common import CRIPPLED, FLESH, READING, chance, kept, rolled, trait
from roll_and_keep.calls.pools import check_pool
from roll_and_keep.rules.soak import MAX_HITS, SOAK_DEPTH, soak_odds
from roll_and_keep.rules.wounds import (
    MAX_DRAMATIC, MAX_FLESH, dramatic_wounds_for, state, thresholds, wound_check,
)

DRAMATIC = Param("dramatic", int, f"dramatic wounds already taken (0-{MAX_DRAMATIC})", default=0,
                 minimum=0, maximum=MAX_DRAMATIC, fills="dramatic")
RESOLVE = trait("resolve", "Resolve", fills="resolve")


@register("roll-and-keep.wound-check", "Exact odds of a wound check (Brawn k Brawn) and the dramatic wounds it adds.",
          trait("brawn", "Brawn", fills="brawn"), FLESH, CRIPPLED)
def check(brawn: int, flesh: int, crippled: bool) -> dict[str, Any]:
    gained = wound_check(brawn, flesh, crippled)
    return {"brawn": brawn, "flesh": flesh, "pool": f"{brawn}k{brawn}", "crippled": crippled,
            "fail": chance(1 - gained.get(0, Fraction(0))),
            "gained": [[count, fraction_text(p)] for count, p in gained.items()]}


@register("roll-and-keep.dramatic-wounds", "What one wound check does: dramatic wounds added, flesh wounds kept, the state.",
          FLESH, Param("rolled", int, "the wound check's total (0-1000)", minimum=0, maximum=1000),
          RESOLVE, DRAMATIC, READING)
def outcome(flesh: int, rolled: int, resolve: int, dramatic: int, reading: str) -> dict[str, Any]:
    gained = dramatic_wounds_for(flesh, rolled)
    total = dramatic + gained
    crippled_at, out_at = thresholds(resolve, reading)
    return {"flesh": flesh, "rolled": rolled, "gained": gained, "missed_by": max(flesh - rolled, 0),
            "flesh_after": flesh if gained == 0 else 0, "dramatic": total,
            "state": state(total, resolve, reading), "crippled_at": crippled_at, "knocked_out_at": out_at}


@register("roll-and-keep.soak", "Soak planner: exact chances of being crippled or knocked out after each of the next hits.",
          trait("brawn", "Brawn", fills="brawn"), RESOLVE,
          Param("flesh", int, f"flesh wounds now (0-{MAX_FLESH})", default=0, minimum=0, maximum=MAX_FLESH,
                fills="flesh"),
          DRAMATIC, rolled("damage_rolled", "damage dice rolled"), kept("damage_kept", "damage dice kept"),
          Param("hits", int, f"hits to plan for (1-{MAX_HITS})", default=3, minimum=1, maximum=MAX_HITS),
          Param("depth", int, "most extra rolls one exploding die may add here (0-4)", default=SOAK_DEPTH,
                minimum=0, maximum=4), READING)
def soak(brawn: int, resolve: int, flesh: int, dramatic: int, damage_rolled: int, damage_kept: int,
         hits: int, depth: int, reading: str) -> dict[str, Any]:
    check_pool(damage_rolled, damage_kept, "damage_kept")
    rows = soak_odds(brawn, resolve, flesh, dramatic, (damage_rolled, damage_kept), hits, depth, reading)
    crippled_at, out_at = thresholds(resolve, reading)
    return {"damage": f"{damage_rolled}k{damage_kept}", "depth": depth, "crippled_at": crippled_at,
            "knocked_out_at": out_at,
            "rows": [{"hit": r["hit"], "crippled": chance(r["crippled"]), "knocked_out": chance(r["knocked_out"]),
                      "mean_dramatic": f"{float(r['mean_dramatic']):.2f}"} for r in rows]}
