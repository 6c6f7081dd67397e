"""The turn engine: the bar fight, bad plans, and Hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from roll_and_keep.rules.turn import play_turn
from roll_and_keep.rules.turn_text import Choice, read_actors, read_plan

BAR = "Ark 2 3 7; Finch 4 8 9; Bad Danny 7 9; Thugs 1 6"


def test_bar_fight_phase_seven() -> None:
    phases = play_turn(read_actors(BAR, 0), read_plan("Ark hold 3 use 7; Finch defend 6 spend 8 9"))
    seven = phases[6]
    assert [[(a["name"], a["total"]) for a in g] for g in seven["order"]] == [[("Bad Danny", 16)], [("Ark", 10)]]
    assert phases[7]["order"] == []  # Finch spent his phase-8 action
    assert phases[5]["totals"]["Finch"] == 17 and phases[6]["totals"]["Finch"] == 0


def test_held_action_is_forfeited_at_the_next_action_phase() -> None:
    phases = play_turn(read_actors("Ark 2 3 7", 0), read_plan("Ark hold 3"))
    assert phases[6]["events"] == ["Ark forfeits the action held from phase 3"]
    assert phases[7]["totals"]["Ark"] == 0


def test_equal_totals_act_simultaneously() -> None:
    phases = play_turn(read_actors("A 4 6; B 5 5", 0), [])
    assert [[a["name"] for a in g] for g in phases[4]["order"]] == [["B"]]
    same = play_turn(read_actors("A 3 7; B 3 7", 0), [])
    assert [[a["name"] for a in g] for g in same[2]["order"]] == [["A", "B"]]


@pytest.mark.parametrize(("actors", "plan", "field"), [
    ("Ark", "", "actors"), ("Ark 11", "", "actors"), ("Ark 2; Ark 3", "", "actors"),
    ("Ark 2 3 7", "Ark hold 3 use 9", "plan"), ("Ark 2 3 7", "Ark hold 4", "plan"),
    ("Ark 2 3 7", "Bob hold 3", "plan"), ("Ark 2 3 7", "Ark defend 4 spend 3", "plan"),
    ("Ark 2 3 7", "Ark jumps", "plan"), ("Ark 2 7", "Ark defend 3 spend 7; Ark defend 5 spend 7", "plan"),
])
def test_bad_entries_are_refused_naming_the_field(actors: str, plan: str, field: str) -> None:
    with pytest.raises(ParameterError) as caught:
        call("roll-and-keep.turn", {"actors": actors, "plan": plan})
    assert caught.value.field == field


@pytest.mark.parametrize(("actors", "fault"), [
    ("Ark 3k2", "'3k2' is a pool, not the phase dice"), ("Ark", "has no dice"), ("7 9", "needs a name before")])
def test_an_actor_without_dice_is_told_what_it_lacks(actors: str, fault: str) -> None:
    with pytest.raises(ParameterError, match=fault):
        call("roll-and-keep.turn", {"actors": actors, "plan": ""})


def test_rolled_dice_come_from_the_seed() -> None:
    first = call("roll-and-keep.turn", {"actors": "Ark roll 3", "seed": 5})
    again = call("roll-and-keep.turn", {"actors": "Ark roll 3", "seed": 5})
    assert first == again and len(first["actors"][0]["dice"]) == 3


dice = st.lists(st.integers(1, 10), min_size=1, max_size=4)
choice = st.tuples(st.sampled_from(["A", "B"]), st.sampled_from(["hold", "defend"]), st.integers(1, 10),
                   st.lists(st.integers(1, 10), max_size=2))


@settings(max_examples=150, deadline=None)
@given(dice, dice, st.lists(choice, max_size=3))
def test_every_action_is_spent_once_and_totals_agree(a: list[int], b: list[int], plan: list[tuple]) -> None:
    actors = [("A", tuple(sorted(a))), ("B", tuple(sorted(b)))]
    choices = [Choice(n, k, p, tuple(later[:1]) if k == "hold" else tuple(later)) for n, k, p, later in plan]
    try:
        phases = play_turn(actors, choices)
    except ParameterError:
        return
    for name, own in actors:
        totals = [ph["totals"][name] for ph in phases]
        assert totals[0] == sum(own)
        assert totals == sorted(totals, reverse=True)  # dice only ever leave Total Init
        acts = sum(1 for ph in phases for g in ph["order"] for x in g if x["name"] == name
                   for d in x["does"] if d in ("acts", "holds"))
        assert acts <= len(own)  # no die grants more than one action
        for ph in phases:
            for group in ph["order"]:
                for entry in group:
                    assert entry["total"] == ph["totals"][entry["name"]]
        for phase in range(1, 10):  # after a phase in which it has an action, nothing older is left
            if phase in own:
                assert phases[phase]["totals"][name] <= sum(d for d in own if d >= phase)
