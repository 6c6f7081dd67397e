"""Parameters shared by Skillful's calls, declared once so every form has the same ranges."""

from __future__ import annotations

from rollwright.kit.registry import Param
from skillful.rules.checks import MAX_PENALTY, MAX_SKILL
from skillful.rules.effort import ATTITUDES, MAX_N, POOLS, ROUNDINGS, TASKS
from skillful.rules.tiers import FLOORS

MAX_LOSS = 99


def skill(name: str, who: str) -> Param:
    return Param(name, int, f"{who}'s total skill levels (0-{MAX_SKILL})", default=0,
                 minimum=0, maximum=MAX_SKILL, fills="skill")


def penalty(name: str, who: str) -> Param:
    return Param(name, int, f"{who}'s fatigue penalty (0-{MAX_PENALTY})", default=0,
                 minimum=0, maximum=MAX_PENALTY, fills="penalty")


def attitude(name: str, who: str) -> Param:
    return Param(name, str, f"{who}'s attitude", default="ordinary", choices=ATTITUDES)


def floor(name: str = "floor") -> Param:
    return Param(name, str, "which negative pools lower the floor of T", default="none",
                 choices=tuple(FLOORS))


N = Param("n", int, f"the defender's nominal effort N (1-{MAX_N})", default=5, minimum=1, maximum=MAX_N)
POOL = Param("pool", str, "the pool N is paid from", default="Wind", choices=POOLS)
TASK = Param("task", str, "the task, and its weapon entry", default="melee-broadsword",
             choices=tuple(TASKS))
LIFE_OR_DEATH = Param("life_or_death", bool, "life or death is at stake (relaxed takes -20)",
                      default=False)
ROUNDING = Param("rounding", str, "how a relaxed attitude rounds half of an odd N (the draft "
                 "does not say)", default="down", choices=ROUNDINGS)
LOSS = Param("loss", int, f"how much the defender lost by (-{MAX_LOSS} to {MAX_LOSS})",
             minimum=-MAX_LOSS, maximum=MAX_LOSS)
