"""The search box's "Search in" buttons exist only while the search is open (on the tests' Pips site)."""

from __future__ import annotations

from tests.support.browser import open_tab
from tests.support.fixture_site import RULES


def test_a_closed_search_leaves_the_table_of_contents_its_clicks_and_tab_stops(pips_live, browser) -> None:
    tab = open_tab(browser)
    try:
        page = tab.page
        page.set_viewport_size({"width": 1280, "height": 700})
        page.goto(pips_live.url(RULES))
        page.wait_for_function("() => window.document$ !== undefined")
        bar = page.locator(".rw-search-games")
        box = bar.bounding_box()
        assert box is not None and box["height"] > 0  # laid out under the search box, over the page
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.rw-search-games') === null",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit, "an unseen search bar takes the clicks meant for the page beneath it"
        assert not bar.locator("button").first.is_visible()
        page.keyboard.press("/")  # Material's shortcut opens the search
        page.wait_for_function("() => document.querySelector('[data-md-toggle=search]').checked")
        bar.locator("button").first.wait_for(state="visible")
        assert bar.locator("button", has_text="All pages").get_attribute("aria-pressed") == "true"
        assert tab.external == []
    finally:
        tab.context.close()
