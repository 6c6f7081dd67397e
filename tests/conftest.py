"""Fixtures every test folder shares, wherever a system's tests live.

- ``pips_project``, ``pips_site``, ``pips_live``: the shared tests' own small site (a copy of the
  scaffold's template, the Pips game), built once per session and served on 127.0.0.1: shared code
  is tested there, never through one of the flagship's games (tests/support/fixture_site.py);
  ``data_pips_live``: the same game declared as data (``pips/game.toml``), built and served;
- ``site``: one strict build of the flagship site per session (a directory), and
  ``scratch_project``: a copy of the project whose pages a test writes;
- ``live_site``, ``browser``, ``tab``: the flagship site served on 127.0.0.1 and
  Debian's Chromium driven by Playwright, every request to another host aborted.
"""

from tests.support.browser import browser, live_site, tab
from tests.support.fixture_site import data_pips_live, pips_live, pips_project, pips_served, pips_site
from tests.support.site_build import scratch_project, site

__all__ = ["browser", "data_pips_live", "live_site", "pips_live", "pips_project", "pips_served", "pips_site", "scratch_project",
           "site", "tab"]
