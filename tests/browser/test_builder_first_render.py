"""A builder page arrives laid out: a first visit shows the new character the page came with, and going
live re-renders none of it; a reader's saved character replaces it. Headless Chromium, every builder."""

from __future__ import annotations

import pytest

from rollwright.kit.characters import builder_systems
from tests.support.browser import builder_page_url, wait_builder_ready

pytestmark = pytest.mark.browser

REGIONS = "[data-rw-editor-region], [data-rw-report-region], [data-rw-sheet-region]"
COUNT_SWAPS = """(selector) => {
  window.__rwSwaps = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const region = record.target.closest && record.target.closest(selector);
      if (record.type === "childList" && region) window.__rwSwaps.push(region.getAttributeNames().find((n) => n.endsWith("-region")));
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


@pytest.mark.parametrize("system", builder_systems(), ids=lambda s: s.id)
def test_a_first_visit_keeps_the_builder_the_page_came_with(live_site, tab, system) -> None:
    page = tab.page
    page.goto(builder_page_url(live_site, system.id), wait_until="commit")
    page.wait_for_selector("[data-rw-editor-region] form[data-rw-editor]", state="attached")
    page.evaluate(COUNT_SWAPS, REGIONS)
    before = page.eval_on_selector_all(REGIONS, "rs => rs.map(r => [r.inert, r.getAttribute('data-rw-html')])")
    assert all(inert for inert, _ in before), "the first render must wait for Python (inert)"
    wait_builder_ready(page)
    after = page.eval_on_selector_all(REGIONS, "rs => rs.map(r => [r.inert, r.getAttribute('data-rw-html')])")
    assert not any(inert for inert, _ in after), "live regions must take input"
    swapped = set(page.evaluate("window.__rwSwaps"))
    assert "data-rw-editor-region" not in swapped and "data-rw-report-region" not in swapped, swapped
    assert [key for _, key in after][:2] == [key for _, key in before][:2]
    # the form the page came with is the live one: a typed name reaches the roster and is saved
    name = page.locator("[data-rw-editor-region] input[type='text']").first
    name.fill("Orla of the First Render")
    # typed values are not the rendered HTML any more: the editor's next render is never skipped
    assert page.get_attribute("[data-rw-editor-region]", "data-rw-html") is None
    page.wait_for_function("() => document.querySelector('[data-rw-roster]').textContent.includes('Orla of the First')")
    page.reload()
    wait_builder_ready(page)
    assert page.locator("[data-rw-editor-region] input[type='text']").first.input_value() == "Orla of the First Render"
    assert tab.errors == []


def test_a_saved_character_replaces_the_first_render(live_site, tab) -> None:
    system = builder_systems()[0]
    page = tab.page
    page.goto(builder_page_url(live_site, system.id))
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
