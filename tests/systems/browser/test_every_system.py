"""Every system of the flagship, read in Chromium: each page it declares opens by instant navigation,
every widget on it goes live, Python boots once, and nothing reaches another host.

Generic: it reads the systems' own declarations, so a new system is checked here unchanged.
(The same walk on the shared tests' own site: tests/browser/test_every_system.py.)
"""

from __future__ import annotations

import pytest

from rollwright.kit.system import System, all_systems
from tests.support.browser import walk_pages

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_every_page_opens_and_every_widget_goes_live(live_site, tab, system: System) -> None:
    walk_pages(live_site, tab, [p.path for p in system.pages], system.id)
