"""Reading the turn tracker's text: actors with their initiative dice, and the plan.

Actors: ``Ark 2 3 7; Finch 4 8 9`` (a name, then its dice), or ``Ark roll 3``
(three dice rolled from the seed). Plan, one choice per ``;`` or line:
``Ark hold 3 use 7`` (hold the phase-3 action, use it in phase 7; without
``use`` it is forfeited when it runs out) and ``Finch defend 6 spend 8 9``.

>>> read_actors("Ark 2 3 7; Bad Danny 9 7", seed=0)
[('Ark', (2, 3, 7)), ('Bad Danny', (7, 9))]
>>> read_plan("Ark hold 3 use 7; Finch defend 6 spend 8 9")
[Choice(actor='Ark', kind='hold', phase=3, later=(7,)), Choice(actor='Finch', kind='defend', phase=6, later=(8, 9))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollwright.dice.rolling import roll
from rollwright.errors import ParameterError

PHASES = 10
MAX_ACTORS = 8
MAX_PANACHE = 10
MAX_TEXT = 400
_ENTRY = re.compile(r"[;\n]")


@dataclass(frozen=True)
class Choice:
    """One choice of the plan: ``hold`` (``later``: the phase it is used in, if any) or ``defend``."""

    actor: str
    kind: str
    phase: int
    later: tuple[int, ...] = ()


BAR_FIGHT = "Ark 2 3 7; Finch 4 8 9; Bad Danny 7 9; Thugs 1 6"
"""The draft's bar fight: each actor's initiative dice as printed."""
BAR_FIGHT_PLAN = "Ark hold 3 use 7; Finch defend 6 spend 8 9"
"""What the bar fight's actors choose: Ark holds his phase-3 action to phase 7, Finch defends in 6."""


def _entries(text: str, field: str) -> list[str]:
    if len(text) > MAX_TEXT:
        raise ParameterError(f"{field} is {len(text)} characters long; at most {MAX_TEXT}", field=field)
    return [part.strip() for part in _ENTRY.split(text) if part.strip()]


def _phase(word: str, field: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= PHASES:
        raise ParameterError(f"{field}: {word!r} is not a phase from 1 to {PHASES}", field=field)
    return int(word)


def _actor_fault(entry: str, name: str) -> str:
    """What an actor entry without a name or without dice lacks, in its own terms.

    >>> _actor_fault("Ark 3k2", "Ark 3k2"), _actor_fault("7 9", "")
    ("'Ark 3k2': '3k2' is a pool, not the phase dice; give the dice rolled (e.g. 'Ark 2 3 7') or 'Ark roll 3'", "'7 9' needs a name before its dice (e.g. 'Ark 2 3 7')")
    """
    if not name:
        return f"{entry!r} needs a name before its dice (e.g. 'Ark 2 3 7')"
    pool = next((w for w in entry.split() if re.fullmatch(r"\d+k\d+", w, re.I)), None)
    if pool is not None:
        return (f"{entry!r}: {pool!r} is a pool, not the phase dice; give the dice rolled (e.g. 'Ark 2 3 7') "
                f"or 'Ark roll 3'")
    return f"{entry!r} has no dice: after the name, give the dice rolled (e.g. 'Ark 2 3 7') or 'roll' and a Panache"


def read_actors(text: str, seed: int) -> list[tuple[str, tuple[int, ...]]]:
    """Each actor's name and sorted dice; ``roll N`` dice come from ``seed``, in order."""
    actors: list[tuple[str, tuple[int, ...]]] = []
    for index, entry in enumerate(_entries(text, "actors")):
        words = entry.split()
        split = next((i for i, w in enumerate(words) if w.isdigit() or w.lower() == "roll"), len(words))
        name, rest = " ".join(words[:split]), words[split:]
        if not name or not rest:
            raise ParameterError(f"actors: {_actor_fault(entry, name)}", field="actors")
        if rest[0].lower() == "roll":
            if len(rest) != 2 or not rest[1].isdigit() or not 1 <= int(rest[1]) <= MAX_PANACHE:
                raise ParameterError(f"actors: {entry!r}: write 'roll' and a Panache from 1 to {MAX_PANACHE}",
                                     field="actors")
            report = roll(f"{rest[1]}d10", seed=seed + index)
            dice = tuple(d.faces[0] for term in report.terms for d in term.dice)
        else:
            dice = tuple(_phase(w, "actors") for w in rest)
            if len(dice) > MAX_PANACHE:
                raise ParameterError(f"actors: {name} has more than {MAX_PANACHE} dice", field="actors")
        if any(name == other for other, _ in actors):
            raise ParameterError(f"actors: the name {name!r} is used twice", field="actors")
        actors.append((name, tuple(sorted(dice))))
    if not actors:
        raise ParameterError("actors: name at least one actor and its dice", field="actors")
    if len(actors) > MAX_ACTORS:
        raise ParameterError(f"actors: at most {MAX_ACTORS} actors", field="actors")
    return actors


def rolled_actors(text: str) -> list[str]:
    """The actors whose dice come from the seed (``Name roll N``), in order (the text read as ``read_actors``).

    >>> rolled_actors("Ark 2 3 7; Finch roll 3; Roller roll 2")
    ['Finch', 'Roller']
    """
    rolled = []
    for entry in _entries(text, "actors"):
        words = entry.split()
        split = next((i for i, w in enumerate(words) if w.isdigit() or w.lower() == "roll"), len(words))
        if split < len(words) and words[split].lower() == "roll":
            rolled.append(" ".join(words[:split]))
    return rolled


def read_plan(text: str) -> list[Choice]:
    """The plan's choices, in the order written."""
    choices = []
    for entry in _entries(text, "plan"):
        match = re.fullmatch(r"(.+?)\s+(hold|defend)\s+(\d+)(?:\s+(use|spend)((?:\s+\d+)+))?", entry, re.I)
        if not match:
            raise ParameterError(f"plan: {entry!r} should read like 'Ark hold 3 use 7' or "
                                 "'Finch defend 6 spend 8 9'", field="plan")
        name, kind, phase, word, later = match.groups()
        kind = kind.lower()
        if (kind == "defend") != (word is not None and word.lower() == "spend"):
            if kind == "defend" or word is not None:
                raise ParameterError(f"plan: {entry!r}: 'hold' takes 'use', 'defend' takes 'spend'", field="plan")
        phases = tuple(_phase(w, "plan") for w in (later or "").split())
        if kind == "hold" and len(phases) > 1:
            raise ParameterError(f"plan: {entry!r}: a held action is used once", field="plan")
        choices.append(Choice(name, kind, _phase(phase, "plan"), phases))
    return choices
