"""Reading the Façade pages on a phone and on a desktop (issue 15): one chart text size at every
width, bars that take the focus and show their exact share, wide tables reachable by keyboard,
captions that stay on screen. One browser context per width; no Python needed for most checks."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CHART_TEXT_SIZES = """() => [...document.querySelectorAll("svg.rw-chart text")]
  .filter(t => t.textContent.trim() && t.getBoundingClientRect().width > 0)
  .map(t => Math.round(parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a * 10) / 10)"""

UNREACHABLE_SCROLLERS = """() => [...document.querySelectorAll("*")].filter(el => {
  const style = getComputedStyle(el);
  const scrolls = (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(style.overflowX))
    || (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(style.overflowY));
  if (!scrolls || el === document.scrollingElement || el.closest(".md-sidebar, .md-search, .md-header")) return false;
  return !el.hasAttribute("tabindex") && !el.querySelector("a[href], button, input, select, textarea, [tabindex]");
}).map(el => el.className || el.tagName)"""

CLIPPED_CAPTIONS = """() => [...document.querySelectorAll(".md-content caption")]
  .filter(c => c.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(c => c.textContent.slice(0, 40))"""


@pytest.fixture(params=[360, 1280], ids=["phone", "desktop"])
def sized_tab(request, browser):
    from tests.support.browser import open_tab

    tab = open_tab(browser)
    tab.page.set_viewport_size({"width": request.param, "height": 800})
    yield tab
    tab.context.close()
    assert tab.external == []


def test_charts_read_the_same_at_every_width_and_bars_show_their_share(live_site, sized_tab):
    page = sized_tab.page
    page.goto(live_site.url("facade/basic-rules/"))
    sized_tab.wait_state("facade-contest", "ready")
    sizes = page.evaluate(CHART_TEXT_SIZES)
    assert sizes and min(sizes) >= 11.5 and max(sizes) - min(sizes) < 0.5, sorted(set(sizes))
    assert "CF: complete failure" in page.locator(".rw-chart__key").first.inner_text()

    contest = sized_tab.widget("facade-contest")
    contest.locator("button[type=submit]").focus()
    # The widget's "Copy link" button (issue 40) sits between its submit button and the chart.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.rw-copy')")
    page.keyboard.press("Tab")  # the first bar of the chart
    bar = page.locator(":focus")
    assert bar.evaluate("el => el.matches('.rw-bar')")
    readout = contest.locator("[data-rw-chart-readout]")
    assert readout.inner_text() == bar.get_attribute("data-rw-tip")
    assert "%" in readout.inner_text() or readout.inner_text().endswith(("never", "always"))
    tie = contest.locator(".rw-bar--near").first
    tie.scroll_into_view_if_needed()
    tie.click()  # a tap
    assert readout.inner_text() == tie.get_attribute("data-rw-tip")
    assert readout.inner_text().startswith("Equal rolls: ")


@pytest.mark.parametrize("path", ["facade/combat/", "facade/creation/", "dice/"])
def test_wide_tables_are_reachable_and_captions_stay_on_screen(live_site, sized_tab, path):
    page = sized_tab.page
    page.goto(live_site.url(path))
    page.wait_for_function("() => [...document.querySelectorAll('.md-typeset__scrollwrap')].length > 0"
                           " || document.querySelectorAll('table').length > 0")
    page.wait_for_timeout(300)  # the scroll boxes are marked on the next frame
    assert page.evaluate(UNREACHABLE_SCROLLERS) == []
    assert page.evaluate(CLIPPED_CAPTIONS) == []


OFF_SCREEN_IN_BUILDER = """() => [...document.querySelectorAll(".rw-builder *")].filter(el => {
  if (el.closest(".rw-visually-hidden") || el.getClientRects().length === 0) return false;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  const scrollsAlone = (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(style.overflowX))
    || (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(style.overflowY));
  return scrollsAlone || box.right > document.documentElement.clientWidth + 1;
}).slice(0, 5).map(el => `${el.tagName}.${el.className}`)"""


def test_the_builder_keeps_everything_on_screen(live_site, sized_tab):
    page = sized_tab.page
    page.goto(live_site.url("facade/builder/"))
    page.wait_for_selector(".rw-builder .rw-creport table", timeout=150_000)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert page.evaluate(OFF_SCREEN_IN_BUILDER) == []


VISIBLE_TIPS = "() => [...document.querySelectorAll('.rw-chip__tip')].filter(t => t.checkVisibility()).length"


def test_roll_tooltips_close_on_press_and_escape_and_never_overlap(live_site, tab):
    page = tab.page
    page.goto(live_site.url("facade/"))
    chips = page.locator("[data-rw-chip]")
    first, second = chips.nth(0), chips.nth(1)
    first.locator("button").hover()
    first.locator("[role='tooltip']").wait_for(state="visible")
    second.locator("button").focus()  # the keyboard elsewhere while the pointer stays on the first
    second.locator("[role='tooltip']").wait_for(state="visible")
    assert page.evaluate(VISIBLE_TIPS) == 1
    first.locator("button").hover()
    page.keyboard.press("Escape")  # closes the hovered tooltip too, wherever the focus is
    assert page.evaluate(VISIBLE_TIPS) == 0
    page.mouse.move(0, 0)
    first.locator("button").click()  # pressed: the odds make way for the result
    assert page.evaluate(VISIBLE_TIPS) == 0
    first.locator("[data-rw-chip-result][data-rw-state='done']").wait_for(timeout=150_000)


def _chart_hint(page) -> str:
    return page.locator("[data-rw-widget='facade-contest'] [data-rw-chart-readout]").inner_text().strip()


def test_the_chart_hint_is_true_with_and_without_javascript(live_site, browser, tab):
    """Without JavaScript only hovering shows a bar's share (its tooltip): the hint says so, and
    offers Tab and taps only where chart-readout.js answers them."""
    from tests.support.browser import open_tab

    no_js = open_tab(browser, javascript=False)
    try:
        no_js.page.goto(live_site.url("facade/basic-rules/"))
        hint = _chart_hint(no_js.page)
        assert "hover" in hint.lower() and "tab" not in hint.lower() and "tap" not in hint.lower(), hint
    finally:
        no_js.context.close()
    tab.page.goto(live_site.url("facade/basic-rules/"))
    tab.wait_state("facade-contest", "ready")
    hint = _chart_hint(tab.page)
    assert "Tab" in hint and "tap" in hint, hint


CONTEST_PEAK_IN_VIEW = """() => {
  const box = document.querySelector("[data-rw-widget='facade-contest'] .rw-chart-scroll");
  const bars = [...box.querySelectorAll(".rw-bar > rect:not(.rw-bar__target)")];
  const peak = bars.reduce((a, b) => Number(b.getAttribute("height")) > Number(a.getAttribute("height")) ? b : a);
  const seen = box.getBoundingClientRect(), bar = peak.getBoundingClientRect();
  return box.scrollWidth > box.clientWidth + 40 && box.scrollLeft > 0
    && bar.left >= seen.left - 1 && bar.right <= seen.right + 1;
}"""


def test_a_wide_chart_on_a_phone_opens_on_its_tallest_bar(live_site, tab):
    """The contest chart is wider than a 390 px phone: it opens scrolled to its largest share, not
    to its near-zero left end, both as built and once the widget is live (re-rendered)."""
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_site.url("facade/basic-rules/"))
    page.wait_for_function(CONTEST_PEAK_IN_VIEW, timeout=5_000)
    tab.wait_state("facade-contest", "ready")
    contest = tab.widget("facade-contest")
    contest.locator("input").first.fill("15")
    contest.locator("button[type=submit]").click()
    contest.locator("[data-rw-result]", has_text="(trait 15)").wait_for(timeout=30_000)
    page.wait_for_function(CONTEST_PEAK_IN_VIEW, timeout=5_000)
