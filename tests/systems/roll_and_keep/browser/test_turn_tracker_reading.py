"""The turn tracker as a player meets it (issue 28): its long fields show what is in them, on a
desktop and on a phone, and it keeps what a player typed across the site's navigation, with a
Reset by keyboard (tests/support/widget_state.py). Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.widget_state import check_widget_keeps_state

pytestmark = pytest.mark.browser


def test_the_turn_tracker_keeps_its_state_when_the_reader_comes_back(live_site, tab):
    check_widget_keeps_state(live_site, tab, "roll-and-keep-turn", "roll-and-keep/turns/", "plan",
                             "Ark hold 3 use 7", elsewhere="roll-and-keep/")


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
