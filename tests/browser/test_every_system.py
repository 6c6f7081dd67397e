"""Every discovered system, read in Chromium: each page it declares opens by instant navigation,
every widget on it goes live, Python boots once, and nothing reaches another host.

Generic: it reads the systems' own declarations, so a new system is checked here unchanged.
"""

from __future__ import annotations

import pytest

from rollwright.kit.system import System, all_systems
from tests.support.browser import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser


def url_of(page_path: str) -> str:
    """The site URL of a docs page path (``x/index.md`` -> ``x/``, ``x/y.md`` -> ``x/y/``)."""
    stem = page_path.removesuffix(".md")
    return stem.removesuffix("index") if stem.endswith("index") else stem + "/"


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_every_page_opens_and_every_widget_goes_live(live_site, tab, system: System) -> None:
    page = tab.page
    first, *rest = system.pages
    page.goto(live_site.url(url_of(first.path)))
    for declared in [first, *rest]:
        if declared is not first:  # instant navigation: the same document, the same Python worker
            target = live_site.url(url_of(declared.path))
            page.evaluate("href => { const a = [...document.querySelectorAll('a.md-nav__link')]"
                          ".find(l => l.href === href); a ? a.click() : location.assign(href); }", target)
            page.wait_for_url(target)
        page.wait_for_function("href => [...document.querySelectorAll('a.md-nav__link--active')]"
                               ".some(a => a.href === href)", arg=live_site.url(url_of(declared.path)))
        widgets = page.locator("article section[data-rw-widget]")
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            name = widget.get_attribute("data-rw-widget")
            page.wait_for_selector(f"section[data-rw-widget='{name}'][data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
            assert widget.get_attribute("data-rw-system") == system.id, name
    assert page.evaluate("window.rollwright.workerStarts") == 1
    assert tab.errors == [], tab.errors
