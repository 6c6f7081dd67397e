"""Cooperation with six helpers against a high difficulty (issue 28): the widget's answer stays short on
a phone, its long fractions folded (tests/support/phone.py). Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.phone import check_short_on_a_phone

pytestmark = pytest.mark.browser


def test_six_helpers_stay_short_on_a_phone(live_site, browser):
    check_short_on_a_phone(live_site, browser, "facade/basic-rules/", "facade-cooperation",
                           "?facade-cooperation.primary=18&facade-cooperation.helpers="
                           "18%2C+18%2C+18%2C+18%2C+18%2C+18&facade-cooperation.difficulty=30")
