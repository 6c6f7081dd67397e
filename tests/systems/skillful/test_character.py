"""The Skillful character: a pool never holds more than its size, skills are named once, each check
links to its rule, and the sheet is laid out in boxed parts."""

from __future__ import annotations

from typing import Any

import pytest

from rollwright.kit.api import call


def ada(**changes: Any) -> dict[str, Any]:
    doc = call("skillful.character.new")["character"] | {"name": "Ada", "skills": [{"name": "Swords", "level": 7}]}
    return doc | changes


def check(doc: dict[str, Any]) -> dict[str, Any]:
    return call("skillful.character.check", {"character": doc})


def test_a_pool_above_its_size_is_refused() -> None:
    """Wind 80/60 passed before."""
    doc = ada()
    doc["pools"]["Wind"] = {"size": 60, "current": 80}
    out = check(doc)
    assert not out["valid"]
    assert [(m["code"], m["text"], m["path"]) for m in out["messages"]] == [
        ("skillful-pool-over", "Wind: 80 now, more than the pool holds (60).", "pools.Wind.current")]
    doc["pools"]["Wind"] = {"size": 60, "current": -12}  # spent past empty: allowed
    assert check(doc)["valid"]


@pytest.mark.parametrize(("skills", "code", "text"), [
    ([{"name": "", "level": 5}], "skillful-skill-name", "Skill 1 has a level but no name: name it, or clear its level."),
    ([{"name": "Swords", "level": 7}, {"name": " swords", "level": 3}], "skillful-skill-twice",
     "Skill 2: 'swords' is already skill 1; a skill has one level."),
    ([{"name": "Swords", "level": 99}], "skillful-skill", "Swords: a level is a whole number from 0 to 60."),
])
def test_unnamed_and_duplicate_skills_are_refused(skills, code, text) -> None:
    out = check(ada(skills=skills))
    assert not out["valid"]
    assert [(m["code"], m["text"], m["rule"], m["href"]) for m in out["messages"]] == [
        (code, text, "Skills", "skillful/builder/#skills")]


def test_each_check_links_to_its_own_rule() -> None:
    doc = ada(name="", settings={"wind_empty": 12, "wit_empty": 0})
    doc["pools"]["Focus"]["size"] = 0
    links = {m["code"]: (m["rule"], m["href"]) for m in check(doc)["messages"]}
    assert links == {
        "skillful-pool-size": ("Fatigue pools", "skillful/builder/#fatigue-pools"),
        "skillful-setting": ("Penalties of empty pools", "skillful/builder/#penalties-of-empty-pools"),
        "skillful-name": ("What the builder checks", "skillful/builder/#what-the-builder-checks"),
    }


def test_the_sheet_is_boxed_parts() -> None:
    doc = ada()
    doc["pools"]["Wind"]["current"] = 0
    doc["pools"]["Stamina"]["current"] = -3
    html = call("skillful.character.sheet", {"character": doc, "format": "html"})["sheet"]
    assert [s for s in ("skills", "pools", "thresholds", "settings") if f'data-rw-section="{s}"' in html] == \
        ["skills", "pools", "thresholds", "settings"]
    text = call("skillful.character.sheet", {"character": doc})["sheet"]
    assert "  Physical (efforts from Wind)  4    6   0/6/12/18/24" in text
    assert "  Mental (efforts from Wit)     0    10  0/10/20/30/40" in text
    assert "Negative Stamina or Focus (floor 2)." in text and "  Stamina  -3   60" in text


def test_the_editor_is_a_compact_grid() -> None:
    html = call("skillful.character.editor", {"character": ada()})["html"]
    assert html.count('class="rw-editor__item"') == 8 + 6
