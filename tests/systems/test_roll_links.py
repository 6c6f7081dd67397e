"""A roll link reproduces its roll (issue 40): every widget that rolls shows the seed it rolled with in its
answer (``data-rw-seed``, which the browser puts in the roll's link), and the same inputs with that seed give
the same dice, on every game of the site; a kept tracker can start from each game's blank character."""

from __future__ import annotations

import re

import pytest

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from rollwright.kit.widget import _call_defaults, all_widgets, render_result, render_widget

ROLLERS = sorted(name for name, w in all_widgets().items() if any(f.seed for f in w.fields))
KEPT = sorted(name for name, w in all_widgets().items() if w.keep)


def _dice(html: str) -> list[str]:
    return re.findall(r'data-rw-faces="([^"]*)"', html)


def test_the_site_has_rollers_and_trackers() -> None:
    assert {"dice-roll", "roll-and-keep-roller"} <= set(ROLLERS)
    assert KEPT == ["roll-and-keep-turn", "skillful-tracker"]


@pytest.mark.parametrize("name", ROLLERS)
@pytest.mark.parametrize("seed", [0, 7, 2**32 - 1])
def test_a_rollers_seed_is_in_its_answer_and_gives_the_same_roll(name: str, seed: int) -> None:
    widget = all_widgets()[name]
    (seed_field,) = [f.param for f in widget.fields if f.seed]
    base = {**_call_defaults(widget), **(widget.defaults or {})}
    try:
        render_result(name, base)
    except ParameterError:  # a widget whose page gives what its call needs: its own corner cases do too
        base = {**base, **widget.corners[0]}
    first = render_result(name, {**base, seed_field: seed})["html"]
    again = render_result(name, {**base, seed_field: seed})["html"]
    assert f'data-rw-seed="{seed}"' in first
    assert first == again
    if "data-rw-faces" in first:  # every die the same
        assert _dice(first) == _dice(again)


def test_different_seeds_give_different_dice_somewhere() -> None:
    rolls = {tuple(_dice(render_result("dice-roll", {"notation": "10d10", "seed": s})["html"])) for s in range(5)}
    assert len(rolls) == 5


def test_a_chip_roll_is_reproduced_from_its_seed() -> None:
    first = call("chip.dice", {"notation": "3d10+d6", "vs": 15, "seed": 1234})
    again = call("chip.dice", {"notation": "3d10+d6", "vs": 15, "seed": 1234})
    assert first == again and first["seed"] == 1234


def test_a_turn_with_rolled_initiative_is_reproduced_from_its_seed() -> None:
    params = {"actors": "Ada roll 3; Bo roll 4", "plan": "", "phase": 10, "seed": 99}
    assert call("roll-and-keep.turn", params) == call("roll-and-keep.turn", params)
    other = call("roll-and-keep.turn", {**params, "seed": 100})
    assert other["actors"] != call("roll-and-keep.turn", params)["actors"]


def test_kept_widgets_are_marked_for_the_browser() -> None:
    for name in KEPT:
        html = str(render_widget(name, {}, widget_id="w1"))
        assert " data-rw-keep " in html and " data-rw-from-character " in html
    assert " data-rw-keep" not in str(render_widget("dice-roll", {}, widget_id="w2"))


def test_the_fatigue_tracker_starts_from_a_character() -> None:
    ada = {"schema": "rollwright/skillful", "version": 1, "name": "Ada",
           "pools": {"Wind": {"size": 40, "current": 10}, "Health": {"size": 30, "current": -5}},
           "settings": {"wind_empty": 3, "wit_empty": 1}}
    started = call("widget.from-character", {"widget": "skillful-tracker", "character": ada})
    assert started["name"] == "Ada"
    assert started["params"]["wind"] == 40 and started["params"]["health"] == 30
    assert started["params"]["spent"] == "Wind 30, Health 35"
    assert (started["params"]["wind_empty"], started["params"]["wit_empty"]) == (3, 1)
    shown = call("skillful.tracker", started["params"])
    assert {p["pool"]: p["now"] for p in shown["pools"]}["Wind"] == 10
    assert {p["pool"]: p["now"] for p in shown["pools"]}["Health"] == -5


def test_the_turn_tracker_starts_from_a_character() -> None:
    blank = call("roll-and-keep.character.new", {})["character"]
    started = call("widget.from-character", {"widget": "roll-and-keep-turn",
                                             "character": {**blank, "name": "Ark 2; the roll", "traits": {
                                                 **blank["traits"], "panache": 3}}})
    assert started["params"] == {"actors": "Ark the roll 3", "plan": "", "phase": 1}
    turn = call("roll-and-keep.turn", {**started["params"], "seed": 5})
    assert [a["name"] for a in turn["actors"]] == ["Ark the"] and len(turn["actors"][0]["dice"]) == 3


def test_a_character_that_cannot_start_a_tracker_is_refused_in_words() -> None:
    blank = call("roll-and-keep.character.new", {})["character"]
    with pytest.raises(ParameterError, match="Panache"):
        call("widget.from-character", {"widget": "roll-and-keep-turn",
                                       "character": {**blank, "traits": {**blank["traits"], "panache": 0}}})
    with pytest.raises(ParameterError, match="not a Skillful character"):
        call("widget.from-character", {"widget": "skillful-tracker", "character": blank})
