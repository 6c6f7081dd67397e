"""The turn tracker's choices: the bar fight played by picking them, what each phase offers,
and properties (every offered plan is accepted; the plan text reads back as written)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from roll_and_keep.rules.turn import play_turn
from roll_and_keep.rules.turn_choices import phase_options, write_plan
from roll_and_keep.rules.turn_text import Choice, read_actors, read_plan

BAR = "Ark 2 3 7; Finch 4 8 9; Bad Danny 7 9; Thugs 1 6"
DRAFT_PLAN = "Ark hold 3 use 7; Finch defend 6 spend 8 9"


def _pick(actors: list[tuple[str, tuple[int, ...]]], plan: list[Choice], phase: int, label: str) -> list[Choice]:
    options = {o.label: o for o in phase_options(actors, plan, phase)}
    assert label in options, sorted(options)
    return list(options[label].plan)


def test_the_bar_fight_is_played_by_picking_choices() -> None:
    actors = read_actors(BAR, 0)
    plan = _pick(actors, [], 3, "Ark: hold the phase-3 action")
    plan = _pick(actors, plan, 6, "Finch: defend, spending the phase-8 action")
    plan = _pick(actors, plan, 6, "Finch: also spend the phase-9 action")
    plan = _pick(actors, plan, 7, "Ark: use the action held from phase 3")
    assert sorted(write_plan(plan).split("; ")) == sorted(DRAFT_PLAN.split("; "))
    assert play_turn(actors, plan) == play_turn(actors, read_plan(DRAFT_PLAN))


def test_each_phase_offers_what_the_rules_allow() -> None:
    actors = read_actors("Ark 2 3 7; Danny 7 9", 0)
    held = read_plan("Ark hold 3")
    kinds = {phase: {(o.actor, o.kind) for o in phase_options(actors, held, phase)} for phase in range(1, 11)}
    assert ("Ark", "hold") in kinds[2] and ("Danny", "hold") not in kinds[2]  # Danny has no die showing 2
    assert all(("Ark", "use") in kinds[p] for p in (4, 5, 6, 7))  # the hold runs to Ark's next action, 7
    assert ("Ark", "use") not in kinds[8]  # forfeited in phase 7
    assert ("Ark", "defend") not in kinds[8] and ("Danny", "defend") in kinds[8]  # Ark has nothing left
    assert kinds[10] == set()


def test_a_defense_spends_a_held_action_first_and_never_one_the_plan_needs_later() -> None:
    actors = read_actors("Ark 2 3 7", 0)
    first = [o.label for o in phase_options(actors, read_plan("Ark hold 3"), 5) if o.kind == "defend"]
    assert first == ["Ark: defend, spending the action held from phase 3"]
    # the phase-7 action is held for phase 9 (no later action): a defense in 5 may not spend it
    later = phase_options(actors, read_plan("Ark hold 7 use 9"), 5)
    assert [o.label for o in later if o.kind == "defend"] == []


def test_the_call_offers_choices_and_a_take_back() -> None:
    out = call("roll-and-keep.turn", {"actors": BAR, "plan": "Ark hold 3", "phase": 7})
    labels = [c["label"] for c in out["choices"]]
    assert "Ark: use the action held from phase 3" in labels
    assert out["last"] == "Ark hold 3" and out["undo"] == ""
    assert out["inputs"] == {"actors": BAR, "plan": "Ark hold 3", "phase": 7, "seed": 1}
    for choice in out["choices"]:  # every link's plan is one the engine accepts
        call("roll-and-keep.turn", {"actors": BAR, "plan": choice["plan"]})
    assert call("roll-and-keep.turn", {"actors": BAR, "phase": 0})["choices"] == []


names = st.sampled_from(["A", "Bad Danny"])
hold = st.builds(Choice, names, st.just("hold"), st.integers(1, 10), st.lists(st.integers(1, 10), max_size=1)
                 .map(tuple))
defend = st.builds(Choice, names, st.just("defend"), st.integers(1, 10),
                   st.lists(st.integers(1, 10), min_size=1, max_size=3).map(tuple))


@given(st.lists(st.one_of(hold, defend), max_size=4))
def test_the_plan_text_reads_back_as_written(plan: list[Choice]) -> None:
    assert read_plan(write_plan(plan)) == plan


dice = st.lists(st.integers(1, 10), min_size=1, max_size=4).map(lambda d: tuple(sorted(d)))


@settings(max_examples=120, deadline=None)
@given(dice, dice, st.lists(st.one_of(hold, defend), max_size=3), st.integers(1, 10))
def test_every_offered_plan_is_accepted_and_changes_the_turn(a: tuple[int, ...], b: tuple[int, ...],
                                                              plan: list[Choice], phase: int) -> None:
    actors = [("A", a), ("Bad Danny", b)]
    try:
        before = play_turn(actors, plan)
    except ParameterError:
        return
    for option in phase_options(actors, plan, phase):
        after = play_turn(actors, list(option.plan))
        assert after != before, option.label
        assert len(option.plan) <= len(plan) + 1  # one choice more, or one changed


def test_a_full_plan_offers_no_choice_it_could_not_hold() -> None:
    names = [f"Actor {letter * 5}" for letter in "ABCDEFG"]
    actors = "; ".join(f"{name} 1 3 5 7 9" for name in names)
    plan = "; ".join(f"{name} hold {p}" for name in names for p in (1, 3, 5))
    plan = plan[:plan.rindex(";", 0, 401)]  # 398 characters: even " use 2" would not fit
    assert len(plan) == 398
    out = call("roll-and-keep.turn", {"actors": actors, "plan": plan, "phase": 2})
    assert out["plan_full"] and out["choices"] == []
    roomy = call("roll-and-keep.turn", {"actors": actors, "plan": "", "phase": 2})
    assert not roomy["plan_full"] and roomy["choices"]
