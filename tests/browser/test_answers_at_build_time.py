"""Answers at build time in the browser (issue 42), on the fixture site's rules page (its odds widget is answered
at build time): with Python's files aborted, the widget answers changed inputs by keyboard, refusals
included; with Python allowed, Python takes over with nothing visible changing."""

from __future__ import annotations

import json

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

ODDS = "section[data-rw-widget='pips-odds']"


def _answer_path(site, dice: int, need: int) -> str:
    """The site path of the answer file the page should read for these inputs (its index in the widget's space)."""
    section = (site.directory / "pips" / "index.html").read_text(encoding="utf-8")
    from rollwright.kit.answer_space import Space
    from rollwright.site.answers import _SECTION, _attrs

    attrs = next(_attrs(tag) for tag in _SECTION.findall(section) if "pips-odds" in tag)
    index = Space.from_json(attrs["data-rw-space"]).index({"dice": dice, "need": need})
    return f"{attrs['data-rw-answers']}{index}.json"


def _answer_file(site, dice: int, need: int) -> dict:
    """The answer file the page should read for these inputs."""
    return json.loads((site.directory / _answer_path(site, dice, need)).read_text(encoding="utf-8"))


READ = "(path) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith(path)).length"


def test_without_python_a_precomputed_widget_answers_by_keyboard(pips_live, browser):
    tab = open_tab(browser, block=lambda url: "/pyodide/" in url or url.endswith(".zst"), service_workers="block")
    try:
        page = tab.page
        page.goto(pips_live.url(RULES))
        page.wait_for_selector(f"{ODDS}[data-rw-state='built']")
        dice = page.locator(f"{ODDS} input[name=dice]")
        dice.focus()  # a field about to change: the answers one step either side are read ahead
        below, above = _answer_path(pips_live, 2, 2), _answer_path(pips_live, 4, 2)
        page.wait_for_function(f"([a, b]) => ({READ})(a) === 1 && ({READ})(b) === 1", arg=[below, above])
        page.keyboard.press("ArrowUp")  # 3 -> 4
        result = page.locator(f"{ODDS} [data-rw-result]")
        expected = _answer_file(pips_live, 4, 2)["result"]["html"]
        page.wait_for_function("([el, html]) => el.innerHTML === html", arg=[result.element_handle(), expected])
        assert "4 dice, 2 hits needed" in result.inner_text()
        assert page.evaluate(READ, above) == 1  # the answer read ahead, not read again
        need = page.locator(f"{ODDS} input[name=need]")
        need.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type("4")  # one past the end: the engine's refusal, read from the site too
        refusal = _answer_file(pips_live, 4, 4)["error"]
        slot = page.locator(f"{ODDS} [data-rw-field-error]:visible")
        slot.wait_for()
        assert slot.inner_text() == refusal["message"]
        assert need.get_attribute("aria-invalid") == "true"
        assert page.evaluate("window.rollwright.calls") == 0  # nothing went to Python
        assert page.evaluate("window.rollwright.state") in ("idle", "failed")
    finally:
        tab.context.close()


def test_with_python_the_live_path_takes_over_without_a_visible_change(pips_live, tab):
    page = tab.page
    page.goto(pips_live.url(RULES))
    page.wait_for_selector(f"{ODDS}[data-rw-state='built'], {ODDS}[data-rw-state='ready']")
    status = page.locator(f"{ODDS} [data-rw-status]")
    page.evaluate("""(el) => { window.__statusSeen = [el.textContent];
        new MutationObserver(() => window.__statusSeen.push(el.textContent)).observe(el, {childList: true,
        characterData: true, subtree: true}); }""", status.element_handle())
    result = page.locator(f"{ODDS} [data-rw-result]")
    before = result.inner_html()
    page.wait_for_selector(f"{ODDS}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)  # Python warmed when idle
    assert set(page.evaluate("window.__statusSeen")) == {"Live"}
    assert result.inner_html() == before
    dice = page.locator(f"{ODDS} input[name=dice]")
    dice.focus()
    page.keyboard.press("ArrowDown")  # 3 -> 2, answered by Python now
    expected = _answer_file(pips_live, 2, 2)["result"]["html"]
    page.wait_for_function("([el, html]) => el.innerHTML === html", arg=[result.element_handle(), expected])
    assert page.evaluate("window.rollwright.calls") >= 1
    assert tab.errors == []
