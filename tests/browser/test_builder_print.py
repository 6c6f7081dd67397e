"""Every builder prints its sheet on A4 with no blank page (the theme's full-height body pushed a short
sheet onto a second, empty page). Never asserts a time."""

from __future__ import annotations

import pytest

from rollwright.kit.characters import builder_systems
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.pdf_pages import page_text_ops

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("system", [s.id for s in builder_systems()])
def test_the_printed_sheet_has_no_blank_page(live_site, tab, system: str) -> None:
    page = tab.page
    page.goto(live_site.url(f"{system}/builder/"))
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)
    page.emulate_media(media="print")
    pages = page_text_ops(page.pdf(format="A4"))
    assert pages and all(pages), f"{system}: text drawn on each printed page: {pages}"
