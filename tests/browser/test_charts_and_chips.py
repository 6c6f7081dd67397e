"""Charts and inline rolls as a reader meets them (issue 28): a bar chart is one stop for the Tab
key with the arrow keys between its bars, fits a desktop column and says when it scrolls on a
phone; a chip's odds open above it when there is no room below, and a tap on a touch screen shows
them before a second tap rolls."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab

pytestmark = pytest.mark.browser

BASIC_RULES = "facade/basic-rules/"

BAR_STOPS = """() => [...document.querySelectorAll('svg.rw-chart')].map(svg =>
  [svg.querySelectorAll('.rw-bar').length, svg.querySelectorAll('.rw-bar[tabindex="0"]').length])"""

CHART_FIT = """() => [...document.querySelectorAll('.rw-chart-box')].map(box => {
  const scroll = box.querySelector('.rw-chart-scroll');
  const note = box.querySelector('.rw-chart__more');
  return [scroll.scrollWidth <= scroll.clientWidth + 1, scroll.hasAttribute('data-rw-scrolls'),
          getComputedStyle(note).display !== 'none'];
})"""


def test_a_bar_chart_is_one_tab_stop_with_arrow_keys_between_its_bars(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-contest", "ready")
    stops = page.evaluate(BAR_STOPS)
    assert len(stops) >= 3 and all(bars > 1 and tabbable == 1 for bars, tabbable in stops), stops

    contest = tab.widget("facade-contest")
    contest.locator("button[type=submit]").focus()
    page.keyboard.press("Tab")  # into the chart: its tallest bar
    bars = contest.locator(".rw-bar")
    count = bars.count()
    start = page.evaluate("() => [...document.activeElement.parentNode.children].filter(e => "
                          "e.matches('.rw-bar')).indexOf(document.activeElement)")
    readout = contest.locator("[data-rw-chart-readout]")
    assert readout.inner_text() == bars.nth(start).get_attribute("data-rw-tip")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('data-rw-tip')") == \
        bars.nth(min(start + 1, count - 1)).get_attribute("data-rw-tip")
    assert readout.inner_text() == bars.nth(min(start + 1, count - 1)).get_attribute("data-rw-tip")
    page.keyboard.press("Home")
    assert readout.inner_text() == bars.nth(0).get_attribute("data-rw-tip")
    page.keyboard.press("End")
    assert readout.inner_text() == bars.nth(count - 1).get_attribute("data-rw-tip")
    page.keyboard.press("Tab")  # out of the chart in one press
    assert not page.evaluate("document.activeElement.matches('.rw-bar')")
    page.keyboard.press("Shift+Tab")  # back in: on the bar left last
    assert page.evaluate("document.activeElement.getAttribute('data-rw-tip')") == \
        bars.nth(count - 1).get_attribute("data-rw-tip")
    assert tab.errors == []


@pytest.mark.parametrize("path", [BASIC_RULES, "facets/conflicts/", "skillful/aid/"])
def test_charts_fit_a_desktop_column_and_say_when_they_scroll_on_a_phone(live_site, browser, path):
    desktop = open_tab(browser)
    phone = open_tab(browser)
    try:
        desktop.page.set_viewport_size({"width": 1280, "height": 900})
        desktop.page.goto(live_site.url(path))
        desktop.page.wait_for_timeout(300)
        fit = desktop.page.evaluate(CHART_FIT)
        assert fit and all(fits and not marked and not said for fits, marked, said in fit), fit

        phone.page.set_viewport_size({"width": 360, "height": 800})
        phone.page.goto(live_site.url(path))
        phone.page.wait_for_timeout(300)
        for fits, marked, said in phone.page.evaluate(CHART_FIT):
            assert marked is (not fits) and said is (not fits)  # a chart that scrolls says so
    finally:
        desktop.context.close()
        phone.context.close()


def test_a_chips_odds_open_above_it_when_there_is_no_room_below(live_site, tab):
    page = tab.page
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(live_site.url("facade/"))
    chip = page.locator("[data-rw-chip]").first
    # Put the chip on the last line of the screen, then reach it by keyboard.
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


def test_on_a_touch_screen_a_tap_shows_the_odds_and_a_second_tap_rolls(live_site, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(live_site.url(""))
                  else route.abort())
    try:
        page = context.new_page()
        for path in ("facade/", "roll-and-keep/", "skillful/"):
            page.goto(live_site.url(path))
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
