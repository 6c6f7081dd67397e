"""Façade's own list limits (``SYSTEM.character_limits``) reach the shared builder: a share link with more
skills than Façade's editor allows is refused before Python, in Façade's numbers. (The kit's own caps, for
any system: tests/browser/test_character_store.py.)"""

from __future__ import annotations

import base64

import pytest

from facade import SYSTEM
from tests.support import hostile
from tests.support.browser import builder_page_url, open_tab, wait_builder_ready

pytestmark = pytest.mark.browser


def test_a_share_link_over_facades_skill_limit_is_refused_in_its_numbers(live_site, browser) -> None:
    raw = hostile.json_text({"name": "Many", "skills": {"$list": {"name": "S"}, "times": 5000}}).encode()
    fragment = "#c=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_page_url(live_site, SYSTEM.id) + fragment)
        wait_builder_ready(page)
        notice = page.locator("[data-rw-notice]").inner_text()
        assert "share link" in notice and f"at most {SYSTEM.character_limits['skills']}" in notice, notice
        assert tab.errors == []
    finally:
        tab.context.close()
