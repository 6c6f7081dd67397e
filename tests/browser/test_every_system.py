"""A system of a site, read in Chromium (the shared tests' own site, Pips): each page it declares opens by
instant navigation, every widget on it goes live, Python boots once, and nothing reaches another host.
(Every system of the flagship: tests/systems/browser/test_every_system.py.)
"""

from __future__ import annotations

import pytest

from tests.support.browser import walk_pages
from tests.support.fixture_site import PAGES, SYSTEM

pytestmark = pytest.mark.browser


def test_every_page_opens_and_every_widget_goes_live(pips_live, tab) -> None:
    walk_pages(pips_live, tab, list(PAGES), SYSTEM)
