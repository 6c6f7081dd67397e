"""The Character creation page in headless Chromium: the cost calculator and the cascade tree
answer by keyboard alone, like CPython, and a bad level shows the engine's message.

One page load exercises both widgets. Never asserts a time.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit import api
from tests.support.keyboard import next_field, type_into as _type_into

pytestmark = pytest.mark.browser

CREATION = "facade/creation/"


def _expected_error(widget: str, params: dict) -> dict:
    envelope = json.loads(api.call_json("widget.render", json.dumps({"widget": widget, "params": params})))
    assert envelope["ok"] is False
    return envelope["error"]


def _check_cost_calculator(tab) -> None:
    page, cost = tab.page, tab.widget("facade-cost")
    select = cost.locator("select[name=what]")
    select.focus()
    for _ in range(len(api.lookup("facade.creation_cost").param("what").choices or ())):
        page.keyboard.press("ArrowUp")  # to the first option, "Attribute", by keyboard only
    assert select.input_value() == "attribute"
    next_field(page, "3")
    next_field(page, "4")
    expected = api.call("facade.creation_cost", {"what": "attribute", "from_level": 3, "to_level": 4})
    result = cost.locator("[data-rw-result] .rw-creation-cost[data-rw-what='attribute'][data-rw-total='4']")
    result.wait_for()
    assert result.get_attribute("data-rw-pool") == expected["pool"] == "AP"
    assert (result.get_attribute("data-rw-ep"), result.get_attribute("data-rw-wp")) == (expected["ep"], expected["wp"])
    assert result.get_attribute("data-rw-steps") == " ".join(s["step"] for s in expected["steps"])

    # A level past the attribute row's top: the engine's message, the field marked, the old result kept.
    before = cost.locator("[data-rw-result]").inner_html()
    _type_into(page, cost.locator("input[name=to_level]"), "9")
    tab.wait_state("facade-cost", "error")
    error = _expected_error("facade-cost", {"what": "attribute", "from_level": 3, "to_level": 9})
    assert error["field"] == "to_level"
    status = cost.locator("[data-rw-status]")
    assert status.inner_text() == error["message"]
    assert cost.locator("input[name=to_level]").get_attribute("aria-invalid") == "true"
    assert cost.locator("input[name=from_level]").get_attribute("aria-invalid") is None
    assert cost.locator("[data-rw-result]").inner_html() == before

    # Fixing it answers again; a cascade row reads as SP that must gather.
    _type_into(page, cost.locator("input[name=to_level]"), "4")
    tab.wait_state("facade-cost", "ready")
    assert cost.locator("input[name=to_level]").get_attribute("aria-invalid") is None
    select.focus()
    choices = list(api.lookup("facade.creation_cost").param("what").choices or ())
    for _ in range(choices.index("cascade-broad")):
        page.keyboard.press("ArrowDown")
    cost.locator("[data-rw-result] .rw-creation-cost[data-rw-what='cascade-broad']").wait_for()
    expected = api.call("facade.creation_cost", {"what": "cascade-broad", "from_level": 3, "to_level": 4})
    shown = cost.locator("[data-rw-result] .rw-creation-cost")
    assert shown.get_attribute("data-rw-total") == expected["total"] == "15"


def _check_cascade(tab) -> None:
    page, cascade = tab.page, tab.widget("facade-cascade")
    _type_into(page, cascade.locator("input[name=specialty_a]"), "4")
    next_field(page, "3")
    next_field(page, "3")
    next_field(page, "3")
    params = {"specialty_a": 4, "specialty_b": 3, "specialty_c": 3, "other_focuses": 3}
    expected = api.call("facade.cascade", params)
    assert expected["levels"] == {"broad": 4, "focus": 4, "specialty_a": 4, "specialty_b": 4, "specialty_c": 4}
    result = cascade.locator("[data-rw-result] .rw-cascade[data-rw-total-sp='55']")
    result.wait_for()
    assert result.get_attribute("data-rw-broad") == "4" and result.get_attribute("data-rw-focus") == "4"
    assert result.get_attribute("data-rw-specialties") == "4 4 4"
    assert result.get_attribute("data-rw-focus-reduced") is not None
    assert "reduced row" in result.inner_text()

    before = cascade.locator("[data-rw-result]").inner_html()
    _type_into(page, cascade.locator("input[name=specialty_b]"), "7")
    tab.wait_state("facade-cascade", "error")
    error = _expected_error("facade-cascade", {**params, "specialty_b": 7})
    assert cascade.locator("[data-rw-status]").inner_text() == error["message"]
    assert cascade.locator("input[name=specialty_b]").get_attribute("aria-invalid") == "true"
    assert cascade.locator("[data-rw-result]").inner_html() == before


def test_creation_widgets_answer_like_cpython_by_keyboard(live_site, tab):
    tab.page.goto(live_site.url(CREATION))
    for name in ("facade-cost", "facade-cascade"):
        tab.wait_state(name, "ready")
    _check_cost_calculator(tab)
    _check_cascade(tab)
    assert tab.external == [] and tab.errors == []
