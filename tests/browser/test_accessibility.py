"""axe-core (pinned in package.json) on every page of the shared tests' own site (Pips: a rules page with a
widget, a table and a chip, errata, a builder), after its widgets are live: 0 serious and 0 critical
findings, in light and dark mode, on a desktop and on a phone; and the theme's outline buttons keep their
contrast while focused. (Every page of the flagship: tests/systems/browser/test_accessibility.py.)"""

from __future__ import annotations

import json

import pytest

from tests.support.accessibility import FOCUSED_CONTRAST, LIVE, RUN, RUN_LIGHTHOUSE_EXTRAS, VIEWS, findings_on_every_page
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

OUTLINE_BUTTONS = """() => {
  const button = (text) => { const a = document.createElement('a');
    a.className = 'md-button'; a.href = '#'; a.textContent = text; return a; };
  document.querySelector('article').append(button('In the article'));
  document.querySelector("section[data-rw-widget] [data-rw-result]").append(button('In a widget'));
}"""


@pytest.mark.parametrize("view", list(VIEWS))
def test_no_serious_or_critical_axe_findings(pips_live, browser, view):
    found = findings_on_every_page(pips_live, browser, view, RUN)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_no_lighthouse_accessibility_or_seo_findings_on_a_phone(pips_live, browser):
    found = findings_on_every_page(pips_live, browser, "phone-light", RUN_LIGHTHOUSE_EXTRAS)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_focused_outline_button_keeps_its_contrast(pips_live, browser, scheme):
    """An outline button (a link styled ``md-button``), in the article and in a widget's answer, focused."""
    tab = open_tab(browser)
    try:
        page = tab.page
        page.emulate_media(color_scheme=scheme)
        page.goto(pips_live.url(RULES))
        page.wait_for_function(LIVE, timeout=BOOT_TIMEOUT_MS)
        page.evaluate(OUTLINE_BUTTONS)
        ratios = page.evaluate(FOCUSED_CONTRAST)
    finally:
        tab.context.close()
    assert sorted(text for text, _ in ratios) == ["In a widget", "In the article"]
    assert [r for r in ratios if r[1] < 4.5] == []
