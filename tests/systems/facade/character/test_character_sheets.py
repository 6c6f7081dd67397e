"""Sheets (text, Markdown, HTML), the builder's report HTML and the four registry calls."""

from __future__ import annotations

import re

import pytest
from tests.systems.facade.character.character_docs import background, check, doc, focus, modifier, skill, spec

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from facade.character.report_view import report_view, sheet_view

ADA = doc(name="Ada <Lovelace> | *x*", player="Bo", concept="Analyst", notes="Likes <b>puzzles</b>",
          attributes={"reason": 5, "luck": 9},
          modifiers=[modifier("Good at Puzzles", grade="minor", level=1, category="mind"),
                     modifier("Sucks at Relationships", grade="simple", level=1, negative=True, category="persona")],
          skills=[skill("Athletics", 2, focus("Dodge", 1, spec("Roll", 3)))],
          backgrounds=[background("Savings"), background("Debt", liability=True, level=1)])


def test_text_sheet() -> None:
    sheet = call("facade.character.sheet", {"character": ADA, "format": "text"})["sheet"]
    assert sheet.splitlines()[0] == "Ada <Lovelace> | *x* (weighted point buy)"
    for words in ("Attributes", "Body", "Athletics / Dodge / Roll", "Limit pools", "Carrying capacity", "Running",
                  "Points", "Problems", "Luck 9", "Sucks at Relationships", "Liabilities", "Likes <b>puzzles</b>"):
        assert words in sheet, words


def test_markdown_sheet_escapes_what_the_player_typed() -> None:
    sheet = call("facade.character.sheet", {"character": ADA, "format": "markdown"})["sheet"]
    assert sheet.startswith("# Ada \\<Lovelace\\> \\| \\*x\\* (weighted point buy)")
    assert "## Skills" in sheet and "| Athletics / Dodge / Roll | specialty | 3 | 6 |" in sheet
    table_rows = [line for line in sheet.splitlines() if line.startswith("|")]
    assert all(len(re.findall(r"(?<!\\)\|", line)) >= 3 for line in table_rows)


def test_html_sheet_is_a_clean_print_layout() -> None:
    html = call("facade.character.sheet", {"character": ADA, "format": "html"})["sheet"]
    assert html.startswith('<article class="rw-csheet"')
    assert "<button" not in html and "<input" not in html and "<select" not in html
    assert "&lt;Lovelace&gt;" in html and "<b>puzzles" not in html
    assert 'data-rw-section="limit-pools"' in html


def test_report_explains_every_cost_on_hover_and_focus() -> None:
    result = call("facade.character.check", {"character": ADA})
    html = result["html"]["report"]
    priced = result["spending"]["items"]
    buttons = re.findall(r'<button type="button" class="rw-cost" title="([^"]*)" aria-describedby="([^"]+)"', html)
    assert len(buttons) == len(priced)
    for (title, target), entry in zip(buttons, priced):
        assert f'id="{target}"' in html and title
    assert "Attribute level 3 costs 6 AP in total" in html


def test_report_lists_messages_with_rule_links() -> None:
    result = call("facade.character.check", {"character": ADA})
    html = result["html"]["report"]
    for message in result["messages"]:
        assert f'href="{message["href"]}"' in html
    assert 'data-rw-valid="false"' in html and 'data-rw-code="attribute-range"' in html
    assert "Error: " in html  # the state is in words, not only colour
    assert result["liability_reading"] in html.replace("&#x27;", "'")


def test_report_of_a_valid_character_says_so() -> None:
    html = report_view(check())
    assert 'data-rw-valid="true"' in html and "No problems" in html and 'data-rw-left-ap="10"' in html
    assert 'data-rw-left-ep="50"' in html


def test_over_budget_is_marked_in_words() -> None:
    html = report_view(check(conversions={"AP": 60}))
    assert "too many converted" in html
    html = report_view(check(attributes={"luck": 6, "will": 6, "wits": 6, "poise": 6}))
    assert "over budget" in html


def test_sheet_view_of_a_minimal_character() -> None:
    html = sheet_view(check(name=""))
    assert "Unnamed character" in html


def test_new_gives_defaults_and_suggestions() -> None:
    out = call("facade.character.new", {"method": "point-buy"})
    assert out["character"]["settings"]["budget"] == {"AP": 100, "SP": 200, "BP": 50, "EP": 50}
    assert out["character"]["skills"] == [] and out["character"]["modifiers"] == []
    names = [s["name"] for s in out["suggestions"]["skills"]]
    assert "Athletics" in names and "Alertness" in names
    assert out["suggestions"]["skills"][0]["focuses"][0]["specialties"][0]["name"] == "Roll"
    assert call("facade.character.check", {"character": out["character"]})["valid"]
    for template in out["suggestions"]["modifiers"] + out["suggestions"]["backgrounds"]:
        assert call("facade.character.check", {"character": doc(modifiers=[template]) if "category" in template
                                               else doc(backgrounds=[template])})["valid"]


@pytest.mark.parametrize(("name", "params", "field"), [
    ("facade.character.new", {"method": "random"}, "method"),
    ("facade.character.sheet", {"character": {"name": "x"}, "format": "pdf"}, "format"),
    ("facade.character.traits", {"character": "x"}, "character"),
    ("facade.character.check", {}, "character"),
])
def test_registry_params_are_validated(name: str, params: dict, field: str) -> None:
    with pytest.raises(ParameterError) as caught:
        call(name, params)
    assert caught.value.field == field
