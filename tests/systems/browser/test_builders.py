"""Every builder of the flagship, in headless Chromium: a first visit shows the new character its page came
with, and going live re-renders none of it (the check itself: tests/support/browser.py)."""

from __future__ import annotations

import pytest

from rollwright.kit.characters import builder_systems
from tests.support.browser import check_first_visit_keeps_the_builder

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("system", builder_systems(), ids=lambda s: s.id)
def test_a_first_visit_keeps_the_builder_the_page_came_with(live_site, tab, system) -> None:
    check_first_visit_keeps_the_builder(live_site, tab, system.id)
