"""The fatigue tracker keeps what a player spent across the site's navigation (issue 28) and, kept in the
browser, across closing the page and in a second tab (issue 40; tests/support/tracker_keep.py).
Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.tracker_keep import check_tracker_remembers

pytestmark = pytest.mark.browser


def test_the_fatigue_tracker_remembers_after_closing_and_in_a_second_tab(live_site, tab):
    check_tracker_remembers(live_site, tab, "skillful-tracker", "skillful/tracker/", "spent",
                            "Wind 15, Stamina 10", "Wind 20")
