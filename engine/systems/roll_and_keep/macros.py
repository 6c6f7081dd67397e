"""Roll & Keep's page macros: numbers in a sentence, computed by the engine while the site builds.

``{{ rk_roll(4, 2, tn=15) }}`` is a chip: the pool 4k2, its exact chance of reaching TN 15
on hover, focus or a tap, rolled when pressed.

>>> rk_chance(4, 2, 15)
'62.2%'
>>> rk_dramatic(62, 9)
'3'
>>> 'data-rw-p="1/10"' in rk_roll(1, 1, tn=11)
True
>>> rk_roll(2, 3)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: rk_roll(2, 3): 'kept' must be at most the dice rolled (2); got 3
"""

from __future__ import annotations

from rollwright.kit.api import call
from rollwright.kit.macros import engine_call, markdown_inert, next_chip_id
from roll_and_keep.chips import pool_chip
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


def rk_phase_actors(actors: str, phase: int, plan: str = "") -> str:
    """Who acts in ``phase`` of a turn with these ``actors`` (and ``plan``), in order: "Pedro", or "nobody".

    >>> rk_phase_actors("Pedro 2 7; Samson 4 7 9", 1), rk_phase_actors("Pedro 2 7; Samson 4 7 9", 7)
    ('nobody', 'Samson and Pedro')
    """
    answer = engine_call("rk_phase_actors", (actors, phase), {"plan": plan} if plan else {},
                         lambda: call("roll-and-keep.turn", {"actors": actors, "plan": plan, "phase": phase}))
    names = [a["name"] for group in answer["phases"][phase - 1]["order"] for a in group]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names) or "nobody"


def rk_turn_total(actor: str, phase: int) -> str:
    """An actor's Total Init at the start of ``phase`` in the seed's bar fight."""
    answer = engine_call("rk_turn_total", (actor, phase), {}, lambda: call("roll-and-keep.turn", {"plan": BAR_FIGHT_PLAN}))
    return str(answer["phases"][phase - 1]["totals"][actor])


def rk_roll(rolled: int, kept: int, tn: int | None = None) -> str:
    """A chip for the pool ``rolled``k``kept``, e.g. ``rk_roll(4, 2, tn=15)``."""
    kwargs = {} if tn is None else {"tn": tn}
    return markdown_inert(engine_call("rk_roll", (rolled, kept), kwargs,
                                      lambda: pool_chip(rolled, kept, tn, next_chip_id())))


MACROS = (rk_chance, rk_dramatic, rk_passive_tn, rk_phase_actors, rk_turn_total, rk_roll)
"""Every macro of this system; the site registers each under its function name."""
