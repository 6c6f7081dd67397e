"""The Roll & Keep character: every check names its rule and links to it, knacks are named once, the
sheet is laid out in boxed parts with the wound track, and the thresholds are the rule's."""

from __future__ import annotations

from typing import Any

import pytest

from rollwright.kit.api import call


def ark(**changes: Any) -> dict[str, Any]:
    doc = call("roll-and-keep.character.new")["character"] | {"name": "Ark"}
    return doc | changes


def messages(doc: dict[str, Any]) -> list[dict[str, str]]:
    return call("roll-and-keep.character.check", {"character": doc})["messages"]


@pytest.mark.parametrize(("doc", "code", "rule", "href"), [
    (ark(traits={"brawn": 9, "finesse": 2, "panache": 2, "resolve": 2}), "rk-trait", "Trait and knack ranges",
     "roll-and-keep/builder/#trait-and-knack-ranges"),
    (ark(attacks=[{"name": "Attack: Unarmed", "trait": "finesse", "rank": 8}]), "rk-rank", "Trait and knack ranges",
     "roll-and-keep/builder/#trait-and-knack-ranges"),
    (ark(attacks=[{"name": "Attack: Unarmed", "trait": "luck", "rank": 2}]), "rk-attack-trait", "The attack",
     "roll-and-keep/attacks/#the-attack"),
    (ark(wounds={"flesh": -1, "dramatic": 0}), "rk-flesh", "Flesh wounds and wound checks",
     "roll-and-keep/wounds/#flesh-wounds-and-wound-checks"),
    (ark(wounds={"flesh": 0, "dramatic": 40}), "rk-dramatic", "Crippled, knocked out and death",
     "roll-and-keep/wounds/#crippled-knocked-out-and-death"),
    (ark(defenses=[{"name": "", "rank": 3}]), "rk-knack-name", "Knacks", "roll-and-keep/builder/#knacks"),
    (ark(defenses=[{"name": "Parry", "rank": 3}, {"name": "parry ", "rank": 1}]), "rk-knack-twice", "Knacks",
     "roll-and-keep/builder/#knacks"),
])
def test_each_check_links_to_the_rule_it_names(doc, code, rule, href) -> None:
    """Every message used to say 'Rule: Attacking and defending' and link to the attack."""
    found = [m for m in messages(doc) if m["code"] == code]
    assert len(found) == 1 and (found[0]["rule"], found[0]["href"]) == (rule, href)


def test_a_rank_without_a_name_and_a_name_twice_are_refused() -> None:
    """Both used to pass: the nameless rank vanished from the sheet, the second Parry had a second rank."""
    out = call("roll-and-keep.character.check", {"character": ark(defenses=[{"name": "", "rank": 3}])})
    assert not out["valid"]
    assert messages(ark(defenses=[{"name": "Parry", "rank": 3}, {"name": "parry ", "rank": 1}]))[0]["text"] == (
        "Defensive knack 2: 'parry' is already defensive knack 1; a knack has one rank.")
    assert messages(ark(attacks=[{"name": "Punch", "trait": "brawn", "rank": 2},
                                 {"name": "Punch", "trait": "finesse", "rank": 0}]))[0]["code"] == "rk-knack-twice"
    assert messages(ark(defenses=[{"name": "", "rank": 0}, {"name": "", "rank": 0}])) == []


def test_the_sheet_is_boxed_parts_with_a_wound_track() -> None:
    doc = ark(wounds={"flesh": 12, "dramatic": 3})
    html = call("roll-and-keep.character.sheet", {"character": doc, "format": "html"})["sheet"]
    assert [s for s in ("traits", "attacks", "defenses", "wounds") if f'data-rw-section="{s}"' in html] == \
        ["traits", "attacks", "defenses", "wounds"]
    assert html.count("rw-track__box--on") == 3 and html.count('class="rw-track__box') == 5
    assert 'aria-label="3 of 5; 3: crippled, 5: out"' in html
    text = call("roll-and-keep.character.sheet", {"character": doc})["sheet"]
    assert "  Resolve  2       crippled by dramatic wound 3, knocked out by 5" in text
    assert "  Attack: Unarmed  Finesse  2     4k2" in text and "  Defense: Parry  2     15" in text
    assert "[x][x][x][ ][ ] (3 of 5; 3: crippled, 5: out)" in text


def test_the_editor_is_a_compact_grid() -> None:
    html = call("roll-and-keep.character.editor", {"character": ark()})["html"]
    assert html.count('class="rw-editor__item"') == 4 and 'class="rw-editor__grid"' in html
