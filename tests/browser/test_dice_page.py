"""The Dice page in headless Chromium, used by keyboard: expressions typed, the view switched, a target,
two rolls compared, a seeded roll equal to CPython's, state kept in the address, bad input explained.

Never asserts a time: waits are generous because a cold Pyodide boot is slow here.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from rollwright.kit.api import call, call_json
from rollwright.kit.dice_views import odds_view
from tests.support.browser import BOOT_TIMEOUT_MS, expect_error_once
from tests.support.html_reader import read
from tests.support.keyboard import choose, next_field, type_into

pytestmark = pytest.mark.browser

DICE = "dice/"
ODDS_READY = "section[data-rw-widget='dice-odds'][data-rw-state='ready']"


def _odds(**params) -> dict:
    return call("dice.odds", {"e1": "", "e2": "", "e3": "", **params})


def _summary_p(tab, field: str) -> str | None:
    return tab.widget("dice-odds").locator(f"[data-rw-result] tr[data-rw-key='{field}'] [data-rw-p-target]") \
        .get_attribute("data-rw-p-target")


def _query(tab) -> dict[str, list[str]]:
    return parse_qs(urlsplit(tab.page.url).query, keep_blank_values=True)


def _open(live_site, tab, query: str = "") -> None:
    tab.page.goto(live_site.url(DICE + query))
    for name in ("dice-odds", "dice-compare", "dice-roll"):
        tab.wait_state(name, "ready")


def test_type_switch_view_and_target_by_keyboard(live_site, tab):
    _open(live_site, tab)
    page, odds = tab.page, tab.widget("dice-odds")
    type_into(page, odds.locator("input[name=e1]"), "10k5")
    next_field(page, "Pool")          # label 1
    next_field(page, "4d6kh3")        # expression 2 (already its default: typed again)
    next_field(page, "")              # label 2
    next_field(page, "3d10 + d6")     # expression 3
    expected = _odds(e1="10k5", l1="Pool", e2="4d6kh3", e3="3d10 + d6", target=12)
    odds.locator(f"[data-rw-result] tr[data-rw-key='e3'] [data-rw-p-target='{expected['rolls'][2]['p_target']}']")\
        .wait_for(timeout=BOOT_TIMEOUT_MS)
    assert [_summary_p(tab, f) for f in ("e1", "e2", "e3")] == [r["p_target"] for r in expected["rolls"]]
    legend = odds.locator("[data-rw-result] .rw-legend li").all_inner_texts()
    assert [t.strip() for t in legend] == ["Pool (10k5)", "4d6kh3", "3d10+d6"]
    # The view switch, by arrow keys on the select.
    choose(page, odds.locator("select[name=view]"), "at-least")
    odds.locator("[data-rw-result] .rw-dice-odds[data-rw-view='at-least']").wait_for()
    shown = read(odds.locator("[data-rw-result]").inner_html()).tables
    engine = read(odds_view(_odds(e1="10k5", l1="Pool", e2="4d6kh3", e3="3d10+d6", target=12, view="at-least")))
    assert shown["dice-odds"] == engine.tables["dice-odds"]
    assert shown["dice-odds"][1] == ["3", "always", "always", "always"]  # 3 or more: certain for all three
    # The target: the chance of meeting it, for each expression, exact and as a percentage.
    type_into(page, odds.locator("input[name=target]"), "30")
    expected = _odds(e1="10k5", e2="4d6kh3", e3="3d10+d6", target=30, view="at-least")
    odds.locator("[data-rw-result] .rw-dice-odds[data-rw-target='30']").wait_for()
    assert [_summary_p(tab, f) for f in ("e1", "e2", "e3")] == [r["p_target"] for r in expected["rolls"]]
    cell = odds.locator("[data-rw-result] tr[data-rw-key='e3'] [data-rw-p-target]").inner_text()
    assert "exactly " + expected["rolls"][2]["p_target"] in cell
    # Every answer is written back into the address, only where it differs from the page.
    query = _query(tab)
    assert query["q.e1"] == ["10k5"] and query["q.l1"] == ["Pool"] and query["q.view"] == ["at-least"]
    assert query["q.target"] == ["30"] and "q.e2" not in query
    assert tab.errors == []


def test_a_link_restores_the_state_and_a_reload_keeps_it(live_site, tab):
    query = "?q.e1=od20&q.l1=Open&q.e2=d20&q.e3=&q.view=at-most&q.target=15&q.exact=1&vs.a=od20&vs.b=d20"
    _open(live_site, tab, query)
    odds, versus = tab.widget("dice-odds"), tab.widget("dice-compare")
    expected = _odds(e1="od20", l1="Open", e2="d20", view="at-most", target=15, exact=True)
    odds.locator("[data-rw-result] .rw-dice-odds[data-rw-view='at-most'][data-rw-target='15']").wait_for()
    assert odds.locator("input[name=e1]").input_value() == "od20"
    assert odds.locator("input[name=e3]").input_value() == ""
    assert odds.locator("select[name=view]").input_value() == "at-most"
    assert odds.locator("input[name=exact]").is_checked()
    assert [_summary_p(tab, f) for f in ("e1", "e2")] == [r["p_target"] for r in expected["rolls"]]
    compare = call("dice.compare", {"a": "od20", "b": "d20"})
    versus.locator(f"[data-rw-result] [data-rw-greater='{compare['greater']}']").wait_for()
    tab.page.reload()
    tab.wait_state("dice-odds", "ready")
    odds.locator("[data-rw-result] .rw-dice-odds[data-rw-view='at-most'][data-rw-target='15']").wait_for()
    assert odds.locator("input[name=l1]").input_value() == "Open"
    assert versus.locator("input[name=b]").input_value() == "d20"


def test_compare_two_rolls(live_site, tab):
    _open(live_site, tab)
    page, versus = tab.page, tab.widget("dice-compare")
    type_into(page, versus.locator("input[name=a]"), "2d10+d4")
    next_field(page, "od20")
    data = call("dice.compare", {"a": "2d10+d4", "b": "od20"})
    result = versus.locator(f"[data-rw-result] [data-rw-greater='{data['greater']}']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert result.get_attribute("data-rw-equal") == data["equal"]
    assert result.get_attribute("data-rw-less") == data["less"]
    rows = versus.locator("table[data-rw-table='dice-compare-margin'] tbody tr")
    assert rows.count() == len(data["margin"])
    assert _query(tab) == {"vs.a": ["2d10+d4"], "vs.b": ["od20"]}


def _seeded_roll(live_site, tab, notation: str, seed: int):
    """Open the Dice page, roll `notation` with `seed` by keyboard; the roller and its shown roll."""
    _open(live_site, tab)
    page, roller = tab.page, tab.widget("dice-roll")
    type_into(page, roller.locator("input[name=notation]"), notation)
    next_field(page, str(seed))
    page.keyboard.press("Enter")
    result = roller.locator(f"[data-rw-result] .rw-dice-roll[data-rw-seed='{seed}']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    return roller, result


def test_seeded_roll_equals_cpython_and_is_logged(live_site, tab):
    page = tab.page
    roller, result = _seeded_roll(live_site, tab, "4d6!kh3+10k5", 42)
    data = call("dice.roll", {"notation": "4d6!kh3+10k5", "seed": 42})
    assert result.get_attribute("data-rw-total") == str(data["total"])
    dice = result.locator(".rw-die")
    expected = [d for t in data["terms"] for d in t["dice"]]
    assert dice.count() == len(expected) == 14
    assert [d.get_attribute("data-rw-faces") for d in dice.all()] == [" ".join(map(str, d["faces"])) for d in expected]
    assert [d.get_attribute("data-rw-kept") for d in dice.all()] == [str(d["kept"]).lower() for d in expected]
    # An empty seed rolls at random, and the roll shows the seed it used.
    type_into(page, roller.locator("input[name=seed]"), "x")
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    log = roller.locator("ol[data-rw-log] > li")
    log.nth(1).wait_for()
    seed = roller.locator("[data-rw-result] .rw-dice-roll").get_attribute("data-rw-seed")
    again = call("dice.roll", {"notation": "4d6!kh3+10k5", "seed": int(seed)})
    assert roller.locator("[data-rw-result] .rw-dice-roll").get_attribute("data-rw-total") == str(again["total"])
    assert roller.locator("input[name=seed]").input_value() == ""
    texts = [text.removesuffix(" Copy link") for text in log.all_inner_texts()]  # each with its copy button
    assert texts[0].startswith(f"4d6!kh3+10k5 rolled {again['total']} ") and texts[0].endswith(f"seed {seed}")
    assert texts[1].endswith("seed 42") and roller.locator(".rw-log__title").inner_text() == "Last rolls"
    assert log.locator("button[data-rw-copy]").count() == 2


def test_an_answer_equal_to_the_one_shown_leaves_the_result_untouched(live_site, tab):
    # A repeat of the last call (the same seeded roll) rebuilds nothing: what is inside the result
    # (a focused control, a scrolled chart) stays as it is.
    roller, shown = _seeded_roll(live_site, tab, "3d6", 7)
    shown.evaluate("node => { node.dataset.testMark = 'kept'; }")
    log = roller.locator("ol[data-rw-log] > li")
    count = log.count()
    tab.page.keyboard.press("Enter")
    log.nth(count).wait_for(timeout=BOOT_TIMEOUT_MS)  # the second answer has arrived (and is logged)
    assert roller.locator("[data-rw-result] .rw-dice-roll").get_attribute("data-test-mark") == "kept"
    assert roller.locator("[data-rw-result]").get_attribute("aria-busy") is None


def test_bad_expression_shows_the_engines_message_under_the_field_and_keeps_the_result(live_site, tab):
    _open(live_site, tab)
    page, odds = tab.page, tab.widget("dice-odds")
    before = odds.locator("[data-rw-result]").inner_html()
    type_into(page, odds.locator("input[name=e2]"), "4d6k+3")
    page.wait_for_selector("section[data-rw-widget='dice-odds'][data-rw-state='error']", timeout=BOOT_TIMEOUT_MS)
    params = {"e1": "3d6", "e2": "4d6k+3", "e3": "2d10", "view": "exactly", "target": 12, "exact": False}
    envelope = json.loads(call_json("widget.render", json.dumps({"widget": "dice-odds", "params": params})))
    error = envelope["error"]
    assert envelope["ok"] is False and error["field"] == "e2" and "at position" in error["message"]
    under = odds.locator("input[name=e2] ~ [data-rw-field-error]")
    expect_error_once(odds, "e2", error["message"])
    assert odds.locator("input[name=e1]").get_attribute("aria-invalid") is None
    assert odds.locator("[data-rw-result]").inner_html() == before
    assert "q.e2" not in _query(tab)  # only answered states reach the address
    # Past a cap: the cap's message, under the field that hit it.
    type_into(page, odds.locator("input[name=e2]"), "200d6")
    odds.locator("[data-rw-field-error]", has_text="above the cap of 100").wait_for()
    # Fixed: the mark and the message go, and the widget answers again.
    type_into(page, odds.locator("input[name=e2]"), "4d6kh3")
    odds.locator("[data-rw-result] tr[data-rw-key='e2']").wait_for()
    page.wait_for_selector(ODDS_READY)
    assert odds.locator("input[name=e2]").get_attribute("aria-invalid") is None
    assert not under.is_visible()


def test_examples_are_one_keypress_away_without_a_reload(live_site, tab):
    _open(live_site, tab)
    page, odds = tab.page, tab.widget("dice-odds")
    page.evaluate("window.__samePage = true")
    link = page.locator("a", has_text="A roll-and-keep pool")
    link.focus()
    page.keyboard.press("Enter")
    expected = _odds(e1="10k5", l1="Pool of ten, keep five", target=30)
    odds.locator(f"[data-rw-result] tr[data-rw-key='e1'] [data-rw-p-target='{expected['rolls'][0]['p_target']}']")\
        .wait_for(timeout=BOOT_TIMEOUT_MS)
    assert odds.locator("[data-rw-result] table[data-rw-table='dice-odds-summary'] tbody tr").count() == 1
    assert tab.widget("dice-roll").locator("input[name=notation]").input_value() == "10k5"
    assert page.evaluate("window.__samePage") is True and page.evaluate("window.rollwright.workerStarts") == 1
    assert _query(tab)["q.e1"] == ["10k5"]
    page.go_back()  # Back: the page's own state again
    odds.locator("[data-rw-result] tr[data-rw-key='e3']").wait_for()
    assert odds.locator("input[name=e1]").input_value() == "3d6"
    assert page.evaluate("window.__samePage") is True


def test_without_javascript_the_default_is_readable(live_site, browser):
    from tests.support.browser import open_tab

    tab = open_tab(browser, javascript=False)
    try:
        tab.page.goto(live_site.url(DICE))
        summary = tab.widget("dice-odds").locator("table[data-rw-table='dice-odds-summary']")
        assert summary.is_visible() and summary.locator("tbody tr").count() == 3
        assert tab.widget("dice-odds").locator("svg.rw-chart").is_visible()
        assert tab.widget("dice-roll").locator(".rw-dice-roll[data-rw-seed='1']").is_visible()
        assert tab.external == []
    finally:
        tab.context.close()
