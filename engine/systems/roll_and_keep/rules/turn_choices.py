"""What each actor may still choose in one phase of the turn, each as the plan it leads to.

The turn tracker shows these as links: one click (or Enter) holds an action, uses a
held one, or spends an action on an active defense, and the plan text grows by that
choice. Every option is a plan the turn engine accepts; a choice the rules do not
allow in that phase (a hold past its deadline, an action already spent) is not offered.

>>> from roll_and_keep.rules.turn_text import read_actors, read_plan
>>> actors = read_actors("Ark 2 3 7; Finch 4 8 9", seed=0)
>>> [o.label for o in phase_options(actors, [], 4)]
['Ark: defend, spending the phase-7 action', 'Finch: hold the phase-4 action', \
'Finch: defend, spending the phase-4 action']
>>> held = read_plan("Ark hold 3")
>>> [write_plan(o.plan) for o in phase_options(actors, held, 5) if o.kind == "use"]
['Ark hold 3 use 5']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rollwright.errors import ParameterError
from roll_and_keep.rules.turn import DieView, play_turn
from roll_and_keep.rules.turn_text import Choice


@dataclass(frozen=True)
class Option:
    """One choice offered in a phase: who, which kind (hold, use, defend), its label, the new plan."""

    actor: str
    kind: str
    label: str
    plan: tuple[Choice, ...]


def write_plan(plan: Sequence[Choice]) -> str:
    """The plan as the tracker's text; ``read_plan`` reads it back.

    >>> write_plan([Choice("Ark", "hold", 3, (7,)), Choice("Finch", "defend", 6, (8, 9))])
    'Ark hold 3 use 7; Finch defend 6 spend 8 9'
    """
    entries = []
    for choice in plan:
        word = " use" if choice.kind == "hold" else " spend"
        later = f"{word} {' '.join(map(str, choice.later))}" if choice.later else ""
        entries.append(f"{choice.actor} {choice.kind} {choice.phase}{later}")
    return "; ".join(entries)


def _valid(actors: list[tuple[str, tuple[int, ...]]], plan: tuple[Choice, ...]) -> bool:
    try:
        play_turn(actors, list(plan))
    except ParameterError:
        return False
    return True


def _spend_label(die: DieView, phase: int) -> str:
    return f"the action held from phase {die[0]}" if die[0] < phase else f"the phase-{die[0]} action"


def _actor_options(name: str, dice: tuple[DieView, ...], plan: tuple[Choice, ...],
                   phase: int) -> Iterator[Option]:
    """Every option this actor has in ``phase``, valid or not (the caller checks): the hold, the
    uses of held actions, then the defenses, a held action first and then the earliest ones."""
    holding = {c.phase for c in plan if c.actor == name and c.kind == "hold"}
    if any(d[0] == phase and d[1] == "ready" for d in dice) and phase not in holding:
        yield Option(name, "hold", f"{name}: hold the phase-{phase} action", (*plan, Choice(name, "hold", phase)))
    for held, status, use_at in dice:
        if status == "held" and use_at is None and held < phase:
            rest = tuple(c for c in plan if (c.actor, c.kind, c.phase) != (name, "hold", held))
            yield Option(name, "use", f"{name}: use the action held from phase {held}",
                         (*rest, Choice(name, "hold", held, (phase,))))
    spendable = [d for d in dice if (d[1] == "held" and d[2] is None) or (d[1] == "ready" and d[0] >= phase)]
    defense = next((c for c in plan if (c.actor, c.kind, c.phase) == (name, "defend", phase)), None)
    for die in sorted(spendable, key=lambda d: (d[1] != "held", d[0])):
        if defense is None:
            yield Option(name, "defend", f"{name}: defend, spending {_spend_label(die, phase)}",
                         (*plan, Choice(name, "defend", phase, (die[0],))))
        else:
            rest = tuple(c for c in plan if c is not defense)
            yield Option(name, "defend", f"{name}: also spend {_spend_label(die, phase)}",
                         (*rest, Choice(name, "defend", phase, (*defense.later, die[0]))))


def phase_options(actors: list[tuple[str, tuple[int, ...]]], plan: Sequence[Choice], phase: int,
                  seen: dict[int, dict[str, tuple[DieView, ...]]] | None = None) -> list[Option]:
    """The choices still open in ``phase``, actor by actor: hold, use a held action, and one
    active defense (spending a held action first, else the earliest action left).

    ``seen`` is what ``play_turn`` reported for this plan, if the caller has already run it.
    """
    if seen is None:
        seen = {}
        play_turn(actors, list(plan), seen)
    options: list[Option] = []
    for name, _ in actors:
        defended = False
        for option in _actor_options(name, seen[phase][name], tuple(plan), phase):
            if (option.kind != "defend" or not defended) and _valid(actors, option.plan):
                options.append(option)
                defended = defended or option.kind == "defend"
    return options
