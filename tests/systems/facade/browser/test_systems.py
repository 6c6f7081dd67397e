"""The Systems page in headless Chromium: every widget answers by keyboard like CPython,
and an out-of-range value shows the engine's message, marks the field and keeps the result.

One page load exercises all seven widgets. Never asserts a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import type_into as _type_into

pytestmark = pytest.mark.browser

SYSTEMS = "facade/systems/"


@dataclass(frozen=True)
class Case:
    widget: str
    call: str
    numbers: dict[str, int]                      # typed into number inputs
    expected: Callable[[dict[str, Any]], dict[str, str]]  # data-rw-* attributes the result must show
    bad: tuple[str, str]                          # a one-keystroke out-of-range value
    extra: dict[str, Any] | None = None           # select/checkbox values set by keyboard


CASES = (
    Case("facade-first-aid", "facade.first_aid", {"damage": 9, "health": 2, "trait": 11},
         lambda d: {"data-rw-difficulty": str(d["difficulty"]), "data-rw-p-success": d["p_success"]}, ("health", "7")),
    Case("facade-healing", "facade.healing",
         {"health": 2, "bruising": 5, "crushing": 3, "deadly": 1, "doctor_level": 2},
         lambda d: {"data-rw-effective-health": str(d["effective_health"]),
                    "data-rw-totals": " ".join(t["total"] or "none" for t in d["types"])},
         ("health", "8"), {"activity": "strenuous", "complete_care": True}),
    Case("facade-pain", "facade.enduring_pain", {"trait": 12, "damage_levels": 8},
         lambda d: {"data-rw-p-success": d["p_success"], "data-rw-mean": d["mean"]}, ("trait", "0")),
    Case("facade-carrying", "facade.carrying", {"strength": 4, "bodyweight": 180, "load": 150, "will_added": 2},
         lambda d: {"data-rw-category": d["category"], "data-rw-percents": " ".join(map(str, d["percents"]))},
         ("strength", "9")),
    Case("facade-running", "facade.running",
         {"agility": 5, "stamina": 2, "fatigue": 3, "sprinting_skill": 4, "distance_skill": 2},
         lambda d: {"data-rw-sprint-p": d["paces"][0]["check"]["p_success"], "data-rw-run-speed": d["paces"][1]["speed"]},
         ("stamina", "9")),
    Case("facade-stunts", "facade.stunts", {"trait": 6, "difficulty": 15, "rolled": 10},
         lambda d: {"data-rw-p-extra": " ".join(ln["p_success"] for ln in d["lines"]),
                    "data-rw-needed": str(d["needed"])}, ("trait", "0")),
    Case("facade-passion", "facade.passion", {"trait": 11, "persona": 8, "rival_trait": 9},
         lambda d: {"data-rw-p-win": d["contest"]["p_win"], "data-rw-p-success": d["passive"]["p_success"]},
         ("trait", "0")),
)


def _selector(attributes: dict[str, str]) -> str:
    return "[data-rw-result] " + "".join(f"[{k}='{v}']" for k, v in attributes.items())


def _set_by_keyboard(page, widget, extra: dict[str, Any]) -> None:
    """Choose a select option and tick a checkbox with keys only."""
    for name, value in extra.items():
        control = widget.locator(f"[name={name}]")
        control.focus()
        if isinstance(value, bool):
            if control.is_checked() != value:
                page.keyboard.press("Space")
            assert control.is_checked() == value
        else:
            for _ in range(5):  # step through the options until the wanted one is chosen
                if control.input_value() == value:
                    break
                page.keyboard.press("ArrowDown")
            assert control.input_value() == value


def _check_case(tab, case: Case) -> None:
    page, widget = tab.page, tab.widget(case.widget)
    tab.wait_state(case.widget, "ready")
    assert widget.get_attribute("data-rw-live") == "change"
    for name, value in case.numbers.items():
        _type_into(page, widget.locator(f"input[name={name}]"), str(value))
    if case.extra:
        _set_by_keyboard(page, widget, case.extra)
    params = {**case.numbers, **(case.extra or {})}
    expected = case.expected(api.call(case.call, params))
    widget.locator(_selector(expected)).wait_for(timeout=BOOT_TIMEOUT_MS)
    tab.wait_state(case.widget, "ready")
    before = widget.locator("[data-rw-result]").inner_html()

    field, bad = case.bad
    _type_into(page, widget.locator(f"input[name={field}]"), bad)
    tab.wait_state(case.widget, "error")
    envelope = json.loads(api.call_json("widget.render", json.dumps(
        {"widget": case.widget, "params": {**params, field: int(bad)}})))
    assert envelope["ok"] is False and envelope["error"]["field"] == field
    assert widget.locator("[data-rw-status]").inner_text() == envelope["error"]["message"]
    assert widget.locator(f"input[name={field}]").get_attribute("aria-invalid") == "true"
    others = [n for n in case.numbers if n != field]
    assert all(widget.locator(f"input[name={n}]").get_attribute("aria-invalid") is None for n in others)
    assert widget.locator("[data-rw-result]").inner_html() == before

    _type_into(page, widget.locator(f"input[name={field}]"), str(case.numbers[field]))
    tab.wait_state(case.widget, "ready")
    assert widget.locator(f"input[name={field}]").get_attribute("aria-invalid") is None
    widget.locator(_selector(expected)).wait_for()


def test_systems_widgets_answer_like_cpython_and_show_errors(live_site, tab):
    tab.page.goto(live_site.url(SYSTEMS))
    for case in CASES:
        _check_case(tab, case)
    assert tab.page.evaluate("window.rollwright.workerStarts") == 1
    assert tab.errors == [] and tab.external == []


def test_optional_fields_can_be_left_empty(live_site, tab):
    tab.page.goto(live_site.url(SYSTEMS))
    tab.wait_state("facade-first-aid", "ready")
    widget = tab.widget("facade-first-aid")
    _type_into(tab.page, widget.locator("input[name=trait]"), "")
    tab.page.keyboard.press("Backspace")
    _type_into(tab.page, widget.locator("input[name=damage]"), "12")
    expected = api.call("facade.first_aid", {"damage": 12, "health": 3})
    widget.locator(f"[data-rw-result] [data-rw-difficulty='{expected['difficulty']}'][data-rw-p-success='']").wait_for()
    assert "Give the first-aider's trait" in widget.locator("[data-rw-result]").inner_text()
