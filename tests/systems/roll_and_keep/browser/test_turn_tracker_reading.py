"""The turn tracker as a player meets it (issue 28): its long fields show what is in them, on a
desktop and on a phone, and it remembers what a player typed after the page is closed and in a second
tab, with a Reset that asks, by keyboard (issue 40, tests/support/tracker_keep.py). Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.tracker_keep import check_tracker_remembers

pytestmark = pytest.mark.browser


def test_the_turn_tracker_remembers_after_closing_and_in_a_second_tab(live_site, tab):
    check_tracker_remembers(live_site, tab, "roll-and-keep-turn", "roll-and-keep/turns/", "plan",
                            "Ark hold 3 use 7", "Finch defend 6 spend 8 9")


def test_the_turn_trackers_long_fields_show_what_is_in_them(live_site, tab):
    page = tab.page
    for view, width in (("desktop", 1280), ("phone", 390)):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_site.url("roll-and-keep/turns/"))
        tracker = tab.widget("roll-and-keep-turn")
        for name in ("actors", "plan"):
            box = tracker.locator(f"input[name={name}]")
            shown = box.evaluate("el => el.clientWidth / el.scrollWidth")
            fits = box.evaluate("el => el.getBoundingClientRect().right <= document.documentElement.clientWidth")
            assert fits, (view, name)
            if view == "desktop":  # the bar fight's actors and plan are read whole
                assert shown >= 0.99, (view, name, shown)
            else:
                assert box.evaluate("el => el.clientWidth") >= 0.75 * width - 60, (view, name)
        # One marker per line: a place in a phase's order held by one actor is not also a bulleted list.
        seven = tracker.locator("[data-rw-phase='7'] ol.rw-rk-order > li")
        assert seven.count() == 2 and tracker.locator("[data-rw-phase='7'] ol.rw-rk-order ul").count() == 0
