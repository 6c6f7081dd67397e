"""What the draft says against itself: the thresholds' wording against its example, the bar fight against
the rules it illustrates (and a name slip), and two sections on what a wound check is rolled against.

>>> [e.key for e in threshold_errata()]
['roll-and-keep-knocked-out-wording', 'roll-and-keep-bar-fight-name']
>>> [e.key for e in bar_fight_errata()]
['roll-and-keep-bar-fight-two-attacks', 'roll-and-keep-bar-fight-thugs']
>>> [e.key for e in wound_check_errata()]
['roll-and-keep-wound-check-target']
"""

from __future__ import annotations

from collections.abc import Iterator

from rollwright.kit.errata import Erratum, errata_source
from roll_and_keep.rules.turn import play_turn
from roll_and_keep.rules.turn_text import BAR_FIGHT, BAR_FIGHT_PLAN, read_actors, read_plan
from roll_and_keep.rules.wounds import thresholds


@errata_source
def threshold_errata() -> Iterator[Erratum]:
    """The rock example knocks a Resolve 2 character out one wound sooner than the wording allows."""
    _, by_example = thresholds(2, "reached")
    _, by_rule = thresholds(2, "passed")
    yield Erratum(
        key="roll-and-keep-knocked-out-wording",
        page="roll-and-keep/wounds.md#crippled-knocked-out-and-death",
        where="Dramatic wounds: the rock example, against the thresholds as worded",
        item="Resolve 2: the dramatic wound that knocks the character out",
        printed=f"wound {by_example} (the example's fourth wound)",
        computed=f"wound {by_rule} (twice Resolve is taken before going down)",
        rule="a character takes Resolve dramatic wounds before being crippled and twice Resolve before being "
             "knocked out; the wound after each is the one that does it",
        kind="claim",
    )
    yield Erratum(
        key="roll-and-keep-bar-fight-name",
        page="roll-and-keep/turns.md#the-bar-fight",
        where="Initiative example: who rolls two dice",
        item="the villain's name",
        printed="Franz",
        computed="Bad Danny",
        rule="the example's villain is Bad Danny throughout",
        kind="text",
    )


def actions_in_phase(actor: str, phase: int) -> int:
    """How many actions ``actor`` takes in ``phase`` of the bar fight as the draft plays it."""
    report = play_turn(read_actors(BAR_FIGHT, seed=1), read_plan(BAR_FIGHT_PLAN))[phase - 1]
    return sum(len([d for d in a["does"] if d != "holds"]) for group in report["order"] for a in group
               if a["name"] == actor)


@errata_source
def bar_fight_errata() -> Iterator[Erratum]:
    """The bar fight against the one-attack-a-phase limit and the thugs' 'a piece'."""
    yield Erratum(
        key="roll-and-keep-bar-fight-two-attacks",
        page="roll-and-keep/turns.md#the-bar-fight",
        where="Initiative example: phase 7 of the bar fight",
        item="Ark's attacks in phase 7",
        printed=f"{actions_in_phase('Ark', 7)}: he fires at Bad Danny with the action held from phase 3, then "
                "takes out the last thug with the phase's own",
        computed="1 at most: the other action can only be movement",
        rule="in one phase an actor makes at most one attack or other action (with a movement), or two movements",
        kind="claim",
    )
    yield Erratum(
        key="roll-and-keep-bar-fight-thugs",
        page="roll-and-keep/turns.md#the-bar-fight",
        where="Initiative example: the thugs' roll",
        item="initiative results for the two thugs",
        printed="one result, 1 and 6, for both",
        computed="one 2k2 roll for each thug, four dice in all (\"2k2 a piece\")",
        rule="every actor rolls as many dice as their Panache; the tracker replays the thugs as one actor, "
             "with the printed dice",
        kind="text",
    )


@errata_source
def wound_check_errata() -> Iterator[Erratum]:
    """Two sections disagree on what a wound check is rolled against."""
    yield Erratum(
        key="roll-and-keep-wound-check-target",
        page="roll-and-keep/wounds.md#flesh-wounds-and-wound-checks",
        where="Attacking and defending: accepting a hit",
        item="what the wound check is rolled against",
        printed="the damage roll just taken",
        computed="the whole flesh-wound total, this hit included",
        rule="the wound-check section says checks are always made against the total after the damage, and its "
             "rock example (6 more makes 20) does so",
        kind="text",
    )
