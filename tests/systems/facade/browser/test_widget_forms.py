"""Widget forms as a reader uses them (issue 15): a text field holding one number, an error that
marks the earlier answer as stale, and the inputs kept in the address across a reload."""

from __future__ import annotations

import pytest

from tests.support.browser import expect_error_once
from tests.support.keyboard import next_field, type_into

pytestmark = pytest.mark.browser

BASIC_RULES = "facade/basic-rules/"


def test_one_helper_an_empty_trait_and_a_reload(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-cooperation", "ready")
    widget = tab.widget("facade-cooperation")
    result = widget.locator("[data-rw-result]")
    status = widget.locator("[data-rw-status]")

    # One helper: the text field holds "12", which must reach the call as text.
    type_into(page, widget.locator("input[name=primary]"), "14")
    next_field(page, "12")
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.textContent.includes('Primary 14, helpers 12:')"
                           " || el.closest('section').dataset.rwState === 'error'", arg=result.element_handle())
    assert status.inner_text() == "Live", status.inner_text()
    answered = result.inner_html()

    # An empty trait: the reader's words, and the earlier answer is marked as stale.
    type_into(page, widget.locator("input[name=primary]"), "")
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    tab.wait_state("facade-cooperation", "error")
    expect_error_once(widget, "primary", "Primary's trait: enter a whole number from 1 to 18.")
    assert result.get_attribute("data-rw-stale") == ""
    assert result.inner_html() == answered
    assert widget.locator("input[name=primary]").evaluate("el => el.matches(':invalid')")

    # "1e3" passes a number field's own check; the engine refuses it and the browser agrees.
    type_into(page, widget.locator("input[name=primary]"), "1e3")
    page.keyboard.press("Enter")
    under = widget.locator("label:has([name=primary]) [data-rw-field-error]")
    page.wait_for_function("el => el.textContent.includes('(got 1e3)')", arg=under.element_handle())
    assert widget.locator("input[name=primary]").evaluate("el => el.matches(':invalid')")

    # A valid answer clears the mark; the address keeps the inputs, so a reload shows them again.
    type_into(page, widget.locator("input[name=primary]"), "9")
    page.keyboard.press("Enter")
    page.wait_for_function("el => !el.hasAttribute('data-rw-stale') && el.closest('section').dataset.rwState"
                           " === 'ready'", arg=result.element_handle())
    assert "facade-cooperation.primary=9" in page.url and "facade-cooperation.helpers=12" in page.url
    page.reload()
    tab.wait_state("facade-cooperation", "ready")
    assert widget.locator("input[name=primary]").input_value() == "9"
    assert widget.locator("input[name=helpers]").input_value() == "12"


def test_a_named_weapon_fixes_its_damage_fields(live_site, tab):
    from tests.support.keyboard import choose

    page = tab.page
    page.goto(live_site.url("facade/combat/"))
    tab.wait_state("facade-armor", "ready")
    widget = tab.widget("facade-armor")
    kind, levels = widget.locator("select[name=damage_type]"), widget.locator("input[name=levels]")
    assert levels.is_disabled() and kind.is_disabled()  # a broadsword's damage is printed
    choose(page, widget.locator("select[name=weapon]"), "custom")
    page.wait_for_function("el => !el.disabled", arg=levels.element_handle())
    assert kind.is_enabled()
    choose(page, widget.locator("select[name=weapon]"), "longbow")  # type L: the reader picks the type
    page.wait_for_function("el => el.disabled", arg=levels.element_handle())
    assert kind.is_enabled()
    armor = widget.locator("select[name=armor]")
    assert armor.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "the armor labels are cut"
