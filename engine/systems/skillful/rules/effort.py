"""What each consequence costs the defender: nominal effort, attitudes, and weapon entries.

Every check costs N from the task's pool. A zeroth penalty adds 2N; the first
to fourth penalties add more, depending on the task:

- melee: first 8N Wind and 2N Stamina; second, that and the weapon's first hit;
  third, that and its second hit; fourth, its third hit alone (as printed);
- guns: the n-th penalty is the gun's n-th hit;
- other tasks: the draft describes the harm in words only.

Attitudes: *relaxed* halves N (never below 1) and takes -10 (-20 when life or
death is at stake); *intense* pays 3N more up front and adds +5.

>>> effort(5, "guns-9mm-pistol", 1)
{'Wind': 15, 'Health': 10}
>>> effort(5, "melee-broadsword", 1)
{'Wind': 55, 'Stamina': 10}
>>> effort(5, "melee-broadsword", 4)
{'Wind': 15, 'Health': 120}
>>> attitude_terms(5, "relaxed", life_or_death=True)
(2, 0, -20)
>>> attitude_terms(5, "relaxed", rounding="up"), attitude_terms(5, "intense")
((3, 0, -10), (5, 15, 5))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

POOLS = ("Wind", "Wit", "Stamina", "Focus", "Health", "Sanity")
ATTITUDES = ("relaxed", "ordinary", "intense")
ROUNDINGS = ("down", "up")
MAX_N = 100
"""The largest nominal effort the calls accept (the draft's examples use 2 to 12)."""


@dataclass(frozen=True)
class Weapon:
    """A weapon entry: the Health each degree of hit costs."""

    name: str
    context: str          # "melee" or "guns"
    hits: tuple[int, ...]


WEAPONS = {
    "broadsword": Weapon("Broadsword", "melee", (15, 50, 120)),
    "9mm-pistol": Weapon("9mm Pistol", "guns", (10, 30, 60, 100)),
}
TASKS = {"melee-broadsword": "Melee: Broadsword", "guns-9mm-pistol": "Guns: 9mm Pistol",
         "other": "Other task (harm told in words)"}

OTHER_HARM = {
    1: "a setback that need not sink the task: a burn, a broken part, lost Wit or Focus, wasted hours",
    2: "the work is ruined, good tools break, a noticeable injury",
    3: "the device blows up or shorts out the power, or a severe injury",
    4: "the workplace burns, or a crippling injury",
}
"""The draft's example of building or repairing something, in our words."""


def weapon_of(task: str) -> Weapon | None:
    """The weapon entry a task names (None for other tasks)."""
    key = task.split("-", 1)[1] if task != "other" else ""
    return WEAPONS.get(key)


def attitude_terms(n: int, attitude: str, *, life_or_death: bool = False,
                   rounding: str = "down") -> tuple[int, int, int]:
    """(N after the attitude, effort paid up front on top of N, modifier to the check)."""
    if attitude == "relaxed":
        half = n // 2 if rounding == "down" else (n + 1) // 2
        return max(1, half), 0, -20 if life_or_death else -10
    if attitude == "intense":
        return n, 3 * n, 5
    return n, 0, 0


def _add(*parts: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in parts:
        for pool, amount in part.items():
            out[pool] = out.get(pool, 0) + amount
    return out


def penalty(n: int, task: str, tier: int) -> dict[str, int]:
    """The penalty on top of N + 2N for tiers 1-4 (empty for other tasks and lower tiers)."""
    weapon = weapon_of(task)
    if tier < 1 or weapon is None:
        return {}
    if weapon.context == "guns":
        return {"Health": weapon.hits[tier - 1]}
    first = {"Wind": 8 * n, "Stamina": 2 * n}
    if tier == 1:
        return first
    if tier < 4:
        return _add(first, {"Health": weapon.hits[tier - 2]})
    return {"Health": weapon.hits[2]}


def effort(n: int, task: str, tier: int, pool: str = "Wind", up_front: int = 0) -> dict[str, int]:
    """Everything the defender spends in a tier (-1: won), by pool, with any up-front payment."""
    base = n + up_front if tier < 0 else 3 * n + up_front
    return _add({pool: base}, penalty(n, task, tier))


def expected_effort(odds: Mapping[int, Fraction], n: int, task: str, pool: str = "Wind",
                    up_front: int = 0) -> dict[str, Fraction]:
    """The exact average spend per pool over the tiers' chances."""
    out: dict[str, Fraction] = {}
    for tier, p in odds.items():
        for name, amount in effort(n, task, tier, pool, up_front).items():
            out[name] = out.get(name, Fraction(0)) + p * amount
    return {name: out[name] for name in POOLS if name in out}


def effort_text(spend: Mapping[str, object]) -> str:
    """``'15 Wind + 10 Health'``; pools in the draft's order."""
    return " + ".join(f"{spend[pool]} {pool}" for pool in POOLS if pool in spend) or "nothing"
