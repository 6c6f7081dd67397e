"""The combat widgets in Chromium: attack resolver, damage against armor and simple-combat blows.

Keyboard only; every answer must equal CPython's; bad input shows the engine's message on the
named field and keeps the previous result. One page load per test.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit import api
from tests.support.keyboard import choose as _choose, next_field, type_into as _replace

pytestmark = pytest.mark.browser

COMBAT = "facade/combat/"
WIDGETS = ("facade-armor", "facade-blow", "facade-attack")


def _expect(widget, selector: str) -> None:
    widget.locator(f"[data-rw-result] {selector}").wait_for()


def test_combat_widgets_answer_like_cpython(live_site, tab):
    page = tab.page
    page.goto(live_site.url(COMBAT))
    for name in WIDGETS:
        tab.wait_state(name, "ready")

    # Attack resolver: an active defense chosen and filled in by keyboard.
    attack = tab.widget("facade-attack")
    _replace(page, attack.locator("input[name=trait]"), "13")
    next_field(page, "9")
    _choose(page, attack.locator("select[name=defense]"), "active")
    page.keyboard.press("Tab")
    page.keyboard.type("8")
    expected = api.call("facade.attack", {"trait": 13, "action": 9, "defense": "active", "defender_trait": 8})
    _expect(attack, f".rw-attack[data-rw-p-hit='{expected['p_hit']}'][data-rw-p-tie='{expected['p_tie']}']")
    assert attack.locator("[data-rw-result] .rw-attack").get_attribute("data-rw-p-effect") == expected["p_effect"]
    keys = attack.locator("[data-rw-result] tr[data-rw-key]").evaluate_all("rows => rows.map(r => r.dataset.rwKey)")
    assert keys == [o["key"] for o in expected["outcomes"]]

    # Damage against armor: a longbow (footnote 3 doubles it) against leather armor, then a custom weapon.
    armor = tab.widget("facade-armor")
    _choose(page, armor.locator("select[name=weapon]"), "longbow")
    expected = api.call("facade.armor_damage", {"weapon": "longbow", "armor": "leather-armor"})
    assert expected["taken"] == "2D"
    _expect(armor, f".rw-armor[data-rw-taken='{expected['taken']}'][data-rw-incoming='{expected['incoming']}']")
    _choose(page, armor.locator("select[name=weapon]"), "custom")
    _replace(page, armor.locator("input[name=levels]"), "5")
    _choose(page, armor.locator("select[name=damage_type]"), "C")
    _choose(page, armor.locator("select[name=armor]"), "material-thick-wood")
    _choose(page, armor.locator("select[name=blow]"), "strong")
    params = {"weapon": "custom", "levels": 5, "damage_type": "C", "armor": "material-thick-wood",
              "bullets": "weapon", "blow": "strong"}
    expected = api.call("facade.armor_damage", params)
    _expect(armor, f".rw-armor[data-rw-taken='{expected['taken']}'][data-rw-incoming='{expected['incoming']}']")
    assert expected["incoming"] == "10C" and expected["taken"] == "7C"

    # Simple-combat blows: the draft's 12 against 6 is a Strong blow.
    blow = tab.widget("facade-blow")
    _replace(page, blow.locator("input[name=trait_a]"), "11")
    next_field(page, "9")
    next_field(page, "12")
    next_field(page, "6")
    expected = api.call("facade.blow", {"trait_a": 11, "trait_b": 9, "roll_a": 12, "roll_b": 6})
    _expect(blow, f".rw-blow[data-rw-p-a='{expected['p_a']}'] [data-rw-blow='strong']")
    assert blow.locator("[data-rw-result] .rw-blow").get_attribute("data-rw-p-tie") == expected["p_tie"]
    for name in WIDGETS:
        assert tab.widget(name).get_attribute("data-rw-state") == "ready"
    assert tab.errors == []


def _error_envelope(widget: str, params: dict) -> dict:
    return json.loads(api.call_json("widget.render", json.dumps({"widget": widget, "params": params})))


def test_combat_widgets_show_the_engines_errors(live_site, tab):
    page = tab.page
    page.goto(live_site.url(COMBAT))
    tab.wait_state("facade-attack", "ready")

    attack = tab.widget("facade-attack")
    before = attack.locator("[data-rw-result]").inner_html()
    attack.locator("input[name=trait]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("30")  # one input event: no valid "3" rendered on the way
    tab.wait_state("facade-attack", "error")
    envelope = _error_envelope("facade-attack", {"trait": 30, "action": 10, "defense": "none"})
    assert envelope["ok"] is False and envelope["error"]["field"] == "trait"
    assert attack.locator("[data-rw-status]").inner_text() == envelope["error"]["message"]
    assert attack.locator("input[name=trait]").get_attribute("aria-invalid") == "true"
    assert attack.locator("input[name=action]").get_attribute("aria-invalid") is None
    assert attack.locator("[data-rw-result]").inner_html() == before
    _replace(page, attack.locator("input[name=trait]"), "12")
    tab.wait_state("facade-attack", "ready")
    assert attack.locator("input[name=trait]").get_attribute("aria-invalid") is None

    # A roll the trait cannot make: the message names the field and the possible rolls.
    tab.wait_state("facade-blow", "ready")
    blow = tab.widget("facade-blow")
    _replace(page, blow.locator("input[name=trait_a]"), "5")
    next_field(page, "5")
    settled = api.call("facade.blow", {"trait_a": 5, "trait_b": 5, "roll_a": 10, "roll_b": 6})
    _expect(blow, f".rw-blow[data-rw-p-a='{settled['p_a']}'] [data-rw-blow='{settled['given']['blow']}']")
    tab.wait_state("facade-blow", "ready")
    before = blow.locator("[data-rw-result]").inner_html()
    blow.locator("input[name=roll_a]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("30")
    tab.wait_state("facade-blow", "error")
    envelope = _error_envelope("facade-blow", {"trait_a": 5, "trait_b": 5, "roll_a": 30, "roll_b": 6})
    assert envelope["error"]["field"] == "roll_a" and "1 to 10" in envelope["error"]["message"]
    blow.locator("input[name=roll_a][aria-invalid='true']").wait_for()
    assert blow.locator("[data-rw-status]").inner_text() == envelope["error"]["message"]
    assert blow.locator("[data-rw-result]").inner_html() == before
    assert tab.errors == []
