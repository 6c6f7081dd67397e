"""Roll & Keep's page macros: numbers in a sentence, computed by the engine while the site builds.

>>> rk_chance(4, 2, 15)
'62.2%'
>>> rk_dramatic(62, 9)
'3'
"""

from __future__ import annotations

from rollwright.kit.api import call
from rollwright.kit.macros import engine_call
from roll_and_keep.calls.turn import BAR_FIGHT_PLAN


def rk_chance(rolled: int, kept: int, tn: int) -> str:
    """The chance that ``rolled``k``kept`` reaches ``tn``."""
    answer = engine_call("rk_chance", (rolled, kept, tn), {},
                         lambda: call("roll-and-keep.pool", {"rolled": rolled, "kept": kept, "tn": tn}))
    return str(answer["at_least"]["percent"])


def rk_dramatic(flesh: int, rolled: int, resolve: int = 2, dramatic: int = 0, key: str = "gained") -> str:
    """One wound check's ``gained`` dramatic wounds (or ``state``, ``dramatic``, ``missed_by``)."""
    params = {"flesh": flesh, "rolled": rolled, "resolve": resolve, "dramatic": dramatic}
    answer = engine_call("rk_dramatic", (flesh, rolled), {"resolve": resolve, "dramatic": dramatic, "key": key},
                         lambda: call("roll-and-keep.dramatic-wounds", params))
    return str(answer[key])


def rk_passive_tn(rank: int) -> str:
    """The passive TN for a defensive knack rank."""
    answer = engine_call("rk_passive_tn", (rank,), {}, lambda: call("roll-and-keep.passive-tn", {"rank": rank}))
    return str(answer["tn"])


def rk_turn_total(actor: str, phase: int) -> str:
    """An actor's Total Init at the start of ``phase`` in the seed's bar fight."""
    answer = engine_call("rk_turn_total", (actor, phase), {}, lambda: call("roll-and-keep.turn", {"plan": BAR_FIGHT_PLAN}))
    return str(answer["phases"][phase - 1]["totals"][actor])


MACROS = (rk_chance, rk_dramatic, rk_passive_tn, rk_turn_total)
"""Every macro of this system; the site registers each under its function name."""
