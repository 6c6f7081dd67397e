"""Façade's contest widget draws a bar chart (issue 28): one stop for the Tab key, the arrow keys,
Home and End between its bars, each read out; Tab leaves it in one press and Shift+Tab comes back to
the bar left last. Never asserts a time."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BASIC_RULES = "facade/basic-rules/"

BAR_STOPS = """() => [...document.querySelectorAll('svg.rw-chart')].map(svg =>
  [svg.querySelectorAll('.rw-bar').length, svg.querySelectorAll('.rw-bar[tabindex="0"]').length])"""


def test_a_bar_chart_is_one_tab_stop_with_arrow_keys_between_its_bars(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-contest", "ready")
    stops = page.evaluate(BAR_STOPS)
    assert len(stops) >= 3 and all(bars > 1 and tabbable == 1 for bars, tabbable in stops), stops

    contest = tab.widget("facade-contest")
    contest.locator("button[type=submit]").focus()
    # Every widget now has a "Copy link" button right after its submit button (issue 40): one Tab
    # stop before the chart, then the chart itself is still a single stop.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.rw-copy')")
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
