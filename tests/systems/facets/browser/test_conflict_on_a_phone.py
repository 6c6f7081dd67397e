"""The conflict calculator between two healthy characters (issue 28) filled seven phone screens with
digits; its answer now stays short on a phone (tests/support/phone.py). Never asserts a time."""

from __future__ import annotations

import pytest

from tests.support.phone import check_short_on_a_phone

pytestmark = pytest.mark.browser


def test_a_long_conflict_stays_short_on_a_phone(live_site, browser):
    check_short_on_a_phone(live_site, browser, "facets/conflicts/", "facets-conflict",
                           "?facets-conflict.a_health=20&facets-conflict.b_health=20")
