"""``roll-and-keep.turn``: walk the ten phases of one turn from the actors' dice and a plan.

>>> from rollwright.kit.registry import call
>>> out = call("roll-and-keep.turn", {"actors": "Ark 2 3 7; Danny 7 9", "plan": "Ark hold 3 use 7"})
>>> [[a["name"] for a in g] for g in out["phases"][6]["order"]]
[['Danny'], ['Ark']]
>>> five = call("roll-and-keep.turn", {"actors": "Ark 2 3 7; Danny 7 9", "plan": "Ark hold 3", "phase": 5})
>>> [(c["label"], c["plan"]) for c in five["choices"]][:2]
[('Ark: use the action held from phase 3', 'Ark hold 3 use 5'), \
('Ark: defend, spending the action held from phase 3', 'Ark hold 3; Ark defend 5 spend 3')]
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import Param, register
from roll_and_keep.rules.turn import DieView, play_turn
from roll_and_keep.rules.turn_choices import phase_options, write_plan
from roll_and_keep.rules.turn_text import (
    BAR_FIGHT, BAR_FIGHT_PLAN, MAX_ACTORS, MAX_PANACHE, MAX_TEXT, PHASES, read_actors, read_plan, rolled_actors,
)

__all__ = ["BAR_FIGHT", "BAR_FIGHT_PLAN", "turn"]

_CROWD = [f"Actor {chr(65 + i)}" for i in range(MAX_ACTORS)]
CROWD = "; ".join(f"{name} {' '.join(str(p) for p in range(1, PHASES + 1))}" for name in _CROWD)
CROWD_PLAN = "; ".join(f"{name} hold 1 use 2; {name} defend 3 spend 4 5 6" for name in _CROWD[:5])
"""The most actors, each with a die in every phase, and a long plan for them: the costliest turn, for sweeps."""


@register("roll-and-keep.turn", "One ten-phase turn: who acts in each phase, in which order, with which Total Init.",
          Param("actors", str, "actors and their dice: 'Ark 2 3 7; Finch roll 3'", default=BAR_FIGHT,
                max_length=MAX_TEXT, samples=(CROWD, "; ".join(f"{n} roll {MAX_PANACHE}" for n in _CROWD))),
          Param("plan", str, "holds and defenses: 'Ark hold 3 use 7; Finch defend 6 spend 8 9'",
                default="", max_length=MAX_TEXT, samples=(BAR_FIGHT_PLAN, CROWD_PLAN)),
          Param("phase", int, f"show the turn up to this phase (0-{PHASES})", default=PHASES,
                minimum=0, maximum=PHASES),
          Param("seed", int, "seed for actors whose dice are rolled", default=1, minimum=0, maximum=2**32 - 1))
def turn(actors: str, plan: str, phase: int, seed: int) -> dict[str, Any]:
    cast = read_actors(actors, seed)
    choices = read_plan(plan)
    seen: dict[int, dict[str, tuple[DieView, ...]]] = {}
    phases = play_turn(cast, choices, seen)
    options = phase_options(cast, choices, phase, seen) if phase else []
    offered = [o for o in options if len(write_plan(o.plan)) <= MAX_TEXT]  # what the plan field takes
    return {"actors": [{"name": name, "dice": list(dice), "total": sum(dice)} for name, dice in cast],
            "phase": phase, "phases": phases[:phase],
            "inputs": {"actors": actors, "plan": plan, "phase": phase, "seed": seed},
            "rolled": rolled_actors(actors),
            "choices": [{"actor": o.actor, "kind": o.kind, "label": o.label, "plan": write_plan(o.plan)}
                        for o in offered],
            "plan_full": len(offered) < len(options),
            "last": write_plan(choices[-1:]), "undo": write_plan(choices[:-1])}
