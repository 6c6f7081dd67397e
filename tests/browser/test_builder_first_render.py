"""A builder page arrives laid out: a first visit shows the new character the page came with, and going
live re-renders none of it; a reader's saved character replaces it. Headless Chromium, on the shared
tests' own site (Pips); every flagship builder: tests/systems/browser/test_builders.py."""

from __future__ import annotations

import pytest

from tests.support.browser import builder_page_url, check_first_visit_keeps_the_builder, wait_builder_ready
from tests.support.fixture_site import SYSTEM

pytestmark = pytest.mark.browser


def test_a_first_visit_keeps_the_builder_the_page_came_with(pips_live, tab) -> None:
    check_first_visit_keeps_the_builder(pips_live, tab, SYSTEM)


def test_a_saved_character_replaces_the_first_render(pips_live, tab) -> None:
    page = tab.page
    page.goto(builder_page_url(pips_live, SYSTEM))
    wait_builder_ready(page)
    first = page.get_attribute("[data-rw-editor-region]", "data-rw-html")
    page.locator("[data-rw-editor-region] input[type='text']").first.press_sequentially("Bram")  # key by key: the roster must end on the whole name
    page.wait_for_function("() => document.querySelector('[data-rw-roster]').textContent.includes('Bram')")
    page.reload(wait_until="commit")
    page.wait_for_selector("[data-rw-editor-region] form[data-rw-editor]", state="attached")
    assert page.get_attribute("[data-rw-editor-region]", "data-rw-html") == first  # as built, until Python is up
    wait_builder_ready(page)
    assert page.get_attribute("[data-rw-editor-region]", "data-rw-html") != first
    assert page.locator("[data-rw-editor-region] input[type='text']").first.input_value() == "Bram"
