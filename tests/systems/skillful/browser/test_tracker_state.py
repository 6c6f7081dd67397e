"""The fatigue tracker keeps what a player typed across the site's navigation (issue 28), and Reset,
by keyboard, puts the page's own values back (tests/support/widget_state.py). Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.widget_state import check_widget_keeps_state

pytestmark = pytest.mark.browser


def test_the_fatigue_tracker_keeps_its_state_when_the_reader_comes_back(live_site, tab):
    check_widget_keeps_state(live_site, tab, "skillful-tracker", "skillful/tracker/", "spent",
                             "Wind 15, Stamina 10", elsewhere="skillful/")
