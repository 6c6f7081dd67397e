"""Widgets keep what a reader did (issue 28), on the fixture site: change the odds widget's pool,
leave the page through the menu, come back, and the widget shows this tab's last state, answered
live; a visible Reset, used by keyboard, puts the page's own values back. (Each bundled game checks
its own trackers the same way, in its folder under tests/systems/.)

Never asserts a time.
"""

from __future__ import annotations

import pytest

from tests.support.fixture_site import RULES
from tests.support.widget_state import check_widget_keeps_state

pytestmark = pytest.mark.browser


def test_a_widget_keeps_its_state_when_the_reader_comes_back(pips_live, tab):
    check_widget_keeps_state(pips_live, tab, "pips-odds", RULES, "dice", "5", elsewhere="pips/errata/")
