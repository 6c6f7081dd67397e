"""Widget forms as a reader sees them (issue 28): the controls of a line on one line whether or not
one has a hint (on every page of the flagship that has one), a loading ring instead of an emoji, and
a dialog that dims the page behind it (on the fixture site); on a desktop and on a phone."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, builder_page_url, open_tab, wait_builder_ready
from tests.support.keyboard import type_into
from tests.support.fixture_site import RULES, SYSTEM

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

# For every widget's form: the controls (inputs, selects) grouped by the line their field starts on;
# a line whose controls do not start at one height is a misaligned line.
MISALIGNED = """() => {
  const out = [];
  for (const form of document.querySelectorAll('section[data-rw-widget] form[data-rw-form]')) {
    const lines = new Map();
    for (const field of form.querySelectorAll('.rw-field:not(.rw-field--check)')) {
      const control = field.querySelector('input, select, textarea');
      if (!control) continue;
      const top = Math.round(field.getBoundingClientRect().top);
      const at = Math.round(control.getBoundingClientRect().top);
      if (!lines.has(top)) lines.set(top, []);
      lines.get(top).push([control.name, at, Boolean(field.querySelector('.rw-field__hint'))]);
    }
    for (const [, controls] of lines) {
      const tops = new Set(controls.map(c => c[1]));
      if (tops.size > 1) out.push([form.closest('section').dataset.rwWidget, controls]);
    }
  }
  return out;
}"""


def pages_with_hints(site) -> list[str]:
    """Every built page of the site with a widget field that has a hint (whatever games it has)."""
    return [str(page.parent.relative_to(site.directory)) + "/" for page in sorted(site.directory.rglob("index.html"))
            if "rw-field__hint" in page.read_text(encoding="utf-8")]


@pytest.mark.parametrize("view", sorted(VIEWPORTS))
def test_controls_of_a_line_line_up_even_beside_a_hint(live_site, browser, view: str):
    tab = open_tab(browser)
    try:
        tab.page.set_viewport_size(VIEWPORTS[view])
        hinted = 0
        for path in pages_with_hints(live_site):
            tab.page.goto(live_site.url(path))
            hinted += tab.page.locator("section[data-rw-widget] .rw-field__hint").count()
            assert tab.page.evaluate(MISALIGNED) == [], path
        assert hinted >= 5
    finally:
        tab.context.close()


def test_loading_is_a_drawn_ring_not_an_emoji(pips_live, tab):
    page = tab.page
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: Python keeps loading
    page.goto(pips_live.url(RULES))
    # The odds are answered at build time: an input beyond those answers waits for Python, with the ring.
    tab.wait_state("pips-odds", "built")
    type_into(page, tab.widget("pips-odds").locator("input[name=dice]"), "9")
    status = tab.widget("pips-odds").locator("[data-rw-status].rw-status--busy")
    status.wait_for()
    ring = status.evaluate("""el => { const s = getComputedStyle(el, '::before');
      return [s.content, s.borderTopStyle, s.borderRadius, s.animationName]; }""")
    assert ring[0] in ('""', "none") and ring[1] == "solid" and ring[2] == "50%" and ring[3] == "rw-spin", ring


def test_a_dialog_dims_the_page_behind_it(pips_live, tab):
    page = tab.page
    page.goto(builder_page_url(pips_live, SYSTEM))
    wait_builder_ready(page)
    delete = page.locator("[data-rw-builder] button[data-rw-do=delete]")
    delete.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[open]")
    dialog.wait_for(timeout=BOOT_TIMEOUT_MS)
    look = dialog.evaluate("""el => [el.matches(':modal'), getComputedStyle(el, '::backdrop').backgroundColor,
                                     getComputedStyle(el).backgroundColor]""")
    assert look[0] is True
    alpha = float(look[1].rsplit(",", 1)[1].rstrip(")")) if look[1].startswith("rgba") else 1.0
    assert alpha >= 0.4, look
    assert look[2] not in ("rgba(0, 0, 0, 0)", "transparent"), look
    page.keyboard.press("Escape")
    assert page.locator("dialog[open]").count() == 0
