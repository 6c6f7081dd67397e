"""The ten-phase turn: who acts in each phase, in which order, with which Total Init.

Each initiative die grants an action in the phase it shows. By default an
action is used in its phase. A held action expires at its actor's next action
phase: it is used at or before then (the plan names when) or it is
forfeited there (or at the end of the turn, if no later action comes).
An active defense spends the actor's future (or held) actions. Total Init is
the sum of the actor's dice not yet used, spent or forfeited, held ones
included, taken at the start of the phase; the higher total acts first, equal
totals act simultaneously.

>>> phases = play_turn([("Ark", (2, 3, 7)), ("Danny", (7, 9))], [Choice("Ark", "hold", 3, (7,))])
>>> [[(a["name"], a["total"]) for a in group] for group in phases[6]["order"]]
[[('Danny', 16)], [('Ark', 10)]]
"""

from __future__ import annotations

from typing import Any

from rollwright.errors import ParameterError
from roll_and_keep.rules.turn_text import PHASES, Choice


class _Die:
    """One initiative die: its phase and what became of it."""

    def __init__(self, phase: int) -> None:
        self.phase = phase
        self.status = "ready"  # ready, held, used, spent, forfeited
        self.use_at: int | None = None

    @property
    def counts(self) -> bool:
        return self.status in ("ready", "held")


def _fail(message: str) -> ParameterError:
    return ParameterError(f"plan: {message}", field="plan")


def _find(dice: list[_Die], name: str, phase: int, statuses: tuple[str, ...]) -> _Die:
    for die in dice:
        if die.phase == phase and die.status in statuses:
            return die
    raise _fail(f"{name} has no {' or '.join(statuses)} action from phase {phase} to use here")


def _total(dice: list[_Die]) -> int:
    return sum(d.phase for d in dice if d.counts)


DieView = tuple[int, str, int | None]
"""One die as a phase starts: the phase it shows, its status, and the phase a hold is used in."""


def play_turn(actors: list[tuple[str, tuple[int, ...]]], plan: list[Choice],
              seen: dict[int, dict[str, tuple[DieView, ...]]] | None = None) -> list[dict[str, Any]]:
    """Walk phases 1-10; one report per phase (order groups, events, every Total Init).

    ``seen``, when given, receives every actor's dice as each phase starts, once that phase's
    active defenses have spent theirs (what the turn tracker offers choices from).
    """
    pools = {name: [_Die(p) for p in dice] for name, dice in actors}
    for choice in plan:
        if choice.actor not in pools:
            raise _fail(f"{choice.actor!r} is not one of the actors")
    holds = {(c.actor, c.phase): c for c in plan if c.kind == "hold"}
    defends = [c for c in plan if c.kind == "defend"]
    report: list[dict[str, Any]] = []
    lapsed: list[str] = []
    for phase in range(1, PHASES + 1):
        totals = {name: _total(dice) for name, dice in pools.items()}
        events: list[str] = []
        doing: dict[str, list[str]] = {}
        for choice in (c for c in defends if c.phase == phase):
            dice = pools[choice.actor]
            if not choice.later:
                raise _fail(f"{choice.actor}'s defense in phase {phase} must spend at least one action")
            for later in choice.later:
                if later < phase:
                    die = _find(dice, choice.actor, later, ("held",))
                else:
                    die = _find(dice, choice.actor, later, ("ready",))
                die.status = "spent"
            spent = ", ".join(str(p) for p in choice.later)
            events.append(f"{choice.actor} defends actively, spending the action(s) of phase {spent}")
        if seen is not None:
            seen[phase] = {name: tuple((d.phase, d.status, d.use_at) for d in dice) for name, dice in pools.items()}
        for name, dice in pools.items():
            granted = [d for d in dice if d.phase == phase and d.status == "ready"]
            for die in dice:
                if die.status == "held" and die.use_at == phase:
                    die.status = "used"
                    doing.setdefault(name, []).append(f"uses the action held from phase {die.phase}")
                elif die.status == "held" and granted:
                    die.status = "forfeited"
                    events.append(f"{name} forfeits the action held from phase {die.phase}")
            for die in granted:
                hold = holds.pop((name, phase), None)
                if hold is None:
                    die.status = "used"
                    doing.setdefault(name, []).append("acts")
                    continue
                die.status = "held"
                doing.setdefault(name, []).append("holds")
                if hold.later:
                    die.use_at = hold.later[0]
                    following = [d.phase for d in dice if d.phase > phase and d.status == "ready"]
                    limit = min(following, default=PHASES)
                    if not phase < die.use_at <= limit:
                        raise _fail(f"{name}'s action held from phase {phase} must be used after it "
                                    f"and by phase {limit} (got {die.use_at})")
        groups: dict[int, list[dict[str, Any]]] = {}
        for name in pools:
            if name in doing:
                groups.setdefault(totals[name], []).append(
                    {"name": name, "total": totals[name], "does": doing[name]})
        order = [groups[t] for t in sorted(groups, reverse=True)]
        report.append({"phase": phase, "order": order, "events": events, "totals": totals})
    for (name, phase) in holds:
        raise _fail(f"{name} has no action in phase {phase} to hold")
    for name, dice in pools.items():
        for die in dice:
            if die.status == "held":
                die.status = "forfeited"
                lapsed.append(f"{name}'s action held from phase {die.phase} lapses at the end of the turn")
    report[-1]["events"].extend(lapsed)
    return report
