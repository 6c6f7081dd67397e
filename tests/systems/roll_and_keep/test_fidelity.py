"""Fidelity to the draft (issue 28): the engine follows the stated rule and the site flags each printed
figure against it with both values; where the draft only implies a rule, a designer's note says so; the
drunken brawl's initiative is on the turns page."""

from __future__ import annotations

from pathlib import Path

from rollwright.kit.api import call
from roll_and_keep.calls.turn import BAR_FIGHT_PLAN
from tests.support.html_reader import read
from tests.support.site_build import page


def errata_rows(site: Path) -> dict[str, dict[str, str]]:
    """Each row of the built errata table by its header."""
    table = read(page(site, "roll-and-keep/errata"))
    rows = table.tables["roll-and-keep-errata"]
    return {row[1]: dict(zip(rows[0], row)) for row in rows[1:]}


def test_each_contradiction_is_an_erratum_with_both_values(site: Path) -> None:
    rows = errata_rows(site)
    knock_out = rows["Resolve 2: the dramatic wound that knocks the character out"]
    assert knock_out["Printed"].startswith("wound 4") and knock_out["Rule gives"].startswith("wound 5")
    assert rows["Ark's attacks in phase 7"]["Printed"].startswith("2:")
    assert rows["Ark's attacks in phase 7"]["Rule gives"].startswith("1 at most")
    assert rows["what the wound check is rolled against"]["Printed"] == "the damage roll just taken"
    assert rows["initiative results for the two thugs"]["Printed"] == "one result, 1 and 6, for both"


def test_the_tracker_says_when_an_actor_takes_two_actions_in_a_phase() -> None:
    """Ark used both his held action and his phase-7 one without a word."""
    phase_7 = call("roll-and-keep.turn", {"plan": BAR_FIGHT_PLAN})["phases"][6]
    assert phase_7["events"] == ["Ark takes 2 actions in phase 7, but the draft allows one attack or other action "
                                 "a phase: the other can only be movement"]
    assert all(not p["events"] or "actions in phase" not in p["events"][0]
               for p in call("roll-and-keep.turn", {"plan": ""})["phases"])


def test_implied_rules_carry_designers_notes(site: Path) -> None:
    assert "the die, the explosion and their order are our reading" in page(site, "roll-and-keep/rolling")
    assert "which dice an active defense rolls" in page(site, "roll-and-keep/attacks")
    wounds = page(site, "roll-and-keep/wounds")
    assert "the damage or the total?" in wounds and "the rock example counts one wound sooner" in wounds


def test_the_drunken_brawl_is_on_the_turns_page(site: Path) -> None:
    turns = page(site, "roll-and-keep/turns")
    assert 'id="the-drunken-brawl"' in turns
    assert "in phase 1 nobody acts, and in phase 2\nPedro acts alone" in turns
    assert 'href="?rkturn.actors=Pedro+2+7%3B+Samson+4+7+9&amp;rkturn.plan=&amp;rkturn.phase=2"' in turns
