"""Charts and inline rolls as a reader meets them (issue 28): charts fit a desktop column and say
when they scroll on a phone (on the flagship's pages, whatever games it has); a chip's odds open
above it when there is no room below, and a tap on a touch screen shows them before a second tap
rolls (on the fixture site). A bar chart's keys are Façade's test (its contest widget draws one)."""

from __future__ import annotations

import pytest

from rollwright.checks.site import EDITION_MARK
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

CHART_FIT = """() => [...document.querySelectorAll('.rw-chart-box')].map(box => {
  const scroll = box.querySelector('.rw-chart-scroll');
  const note = box.querySelector('.rw-chart__more');
  return [scroll.scrollWidth <= scroll.clientWidth + 1, scroll.hasAttribute('data-rw-scrolls'),
          getComputedStyle(note).display !== 'none'];
})"""


def chart_pages(site) -> list[str]:
    """The first built page with a chart in each top-level folder of the site (each game's, the dice page)."""
    first: dict[str, str] = {}
    for page in sorted(site.directory.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        if "rw-chart-box" in text and EDITION_MARK not in text:  # a print edition's charts are drawn for paper
            path = page.parent.relative_to(site.directory)
            first.setdefault(path.parts[0] if path.parts else "", f"{path}/")
    return list(first.values())


def test_charts_fit_a_desktop_column_and_say_when_they_scroll_on_a_phone(live_site, browser):
    pages = chart_pages(live_site)
    assert pages, "the flagship shows no chart"
    for path in pages:
        _check_chart_fit(live_site, browser, path)


def _check_chart_fit(live_site, browser, path: str) -> None:
    desktop = open_tab(browser)
    phone = open_tab(browser)
    try:
        desktop.page.set_viewport_size({"width": 1280, "height": 900})
        desktop.page.goto(live_site.url(path))
        desktop.page.wait_for_timeout(300)
        fit = desktop.page.evaluate(CHART_FIT)
        assert fit and all(fits and not marked and not said for fits, marked, said in fit), (path, fit)

        phone.page.set_viewport_size({"width": 360, "height": 800})
        phone.page.goto(live_site.url(path))
        phone.page.wait_for_timeout(300)
        for fits, marked, said in phone.page.evaluate(CHART_FIT):
            assert marked is (not fits) and said is (not fits)  # a chart that scrolls says so
    finally:
        desktop.context.close()
        phone.context.close()


def test_a_chips_odds_open_above_it_when_there_is_no_room_below(pips_live, tab):
    page = tab.page
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(pips_live.url(RULES))
    chip = page.locator("[data-rw-chip]").first
    # Put the chip on the last line of the screen (a shorter window if the page cannot scroll that far),
    # then reach it by keyboard.
    bottom = chip.evaluate("el => el.getBoundingClientRect().bottom + window.scrollY")
    if bottom < 700:
        page.set_viewport_size({"width": 1280, "height": int(bottom) + 4})
    chip.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4)")
    chip.locator("button").focus()
    tip = chip.locator("[role='tooltip']")
    tip.wait_for(state="visible")
    page.wait_for_function("t => t.classList.contains('rw-chip__tip--above')", arg=tip.element_handle())
    box = tip.bounding_box()
    assert box["y"] >= 48 and box["y"] + box["height"] <= chip.locator("button").bounding_box()["y"] + 1
    # With room below (a taller window), it opens below again.
    page.set_viewport_size({"width": 1280, "height": 2600})
    page.keyboard.press("Shift+Tab")
    chip.locator("button").focus()
    page.wait_for_function("t => !t.classList.contains('rw-chip__tip--above')", arg=tip.element_handle())
    assert tip.bounding_box()["y"] >= chip.locator("button").bounding_box()["y"]


def test_on_a_touch_screen_a_tap_shows_the_odds_and_a_second_tap_rolls(pips_live, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(pips_live.url(""))
                  else route.abort())
    try:
        page = context.new_page()
        for path in (RULES,):
            page.goto(pips_live.url(path))
            chip = page.locator("[data-rw-chip]").first
            chip.scroll_into_view_if_needed()
            tip, result = chip.locator("[role='tooltip']"), chip.locator("[data-rw-chip-result]")
            chip.locator("button").tap()
            tip.wait_for(state="visible")
            assert "Tap the roll again to roll it." in tip.inner_text()
            assert result.inner_text() == ""  # shown, not rolled
            chip.locator("button").tap()
            result.locator("xpath=.").and_(page.locator("[data-rw-state='done']")).wait_for(timeout=BOOT_TIMEOUT_MS)
            assert not tip.is_visible()  # the odds make way for the result
            chip.locator("button").tap()  # odds again
            tip.wait_for(state="visible")
            page.locator("h1").tap()  # a tap elsewhere closes them
            tip.wait_for(state="hidden")
    finally:
        context.close()
