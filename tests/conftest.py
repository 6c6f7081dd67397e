"""Fixtures every test folder shares, wherever a system's tests live.

- ``site``: one strict build of the real site per session (a directory), and
  ``scratch_project``: a copy of the project whose pages a test writes;
- ``live_site``, ``browser``, ``tab``: the built site served on 127.0.0.1 and
  Debian's Chromium driven by Playwright, every request to another host aborted.
"""

from tests.support.browser import browser, live_site, tab
from tests.support.site_build import scratch_project, site

__all__ = ["browser", "live_site", "scratch_project", "site", "tab"]
