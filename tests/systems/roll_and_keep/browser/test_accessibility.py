"""The Roll & Keep turn tracker's links (outline buttons) keep their contrast while focused, light and dark."""

from __future__ import annotations

import pytest

from tests.support.accessibility import FOCUSED_CONTRAST, LIVE
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_focused_outline_button_keeps_its_contrast(live_site, browser, scheme):
    tab = open_tab(browser)
    try:
        page = tab.page
        page.emulate_media(color_scheme=scheme)
        page.goto(live_site.url("roll-and-keep/turns/") + "?rkturn.plan=Ark+hold+3&rkturn.phase=5")
        page.wait_for_function(LIVE, timeout=BOOT_TIMEOUT_MS)
        page.locator("[data-rw-result] [data-rw-choices-phase='5']").wait_for(timeout=BOOT_TIMEOUT_MS)
        ratios = page.evaluate(FOCUSED_CONTRAST)
    finally:
        tab.context.close()
    assert len(ratios) >= 4  # the turn tracker's step, take-back and choice links
    assert [r for r in ratios if r[1] < 4.5] == []
