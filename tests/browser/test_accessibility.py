"""axe-core (pinned in package.json) on every page of the built site, after its widgets are live:
0 serious and 0 critical findings, in light and dark mode, on a desktop and on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.siteserver import REPO_ROOT

pytestmark = pytest.mark.browser

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
VIEWS = {"desktop-light": ({"width": 1280, "height": 900}, "light"),
         "phone-dark": ({"width": 390, "height": 844}, "dark"),
         "desktop-dark": ({"width": 1280, "height": 900}, "dark"),
         "phone-light": ({"width": 390, "height": 844}, "light")}
LIVE = """() => [...document.querySelectorAll('section[data-rw-widget]')]
  .every(w => ['ready', 'failed'].includes(w.dataset.rwState))
  && [...document.querySelectorAll('[data-rw-builder]')].every(b => b.dataset.rwState !== 'static'
     && b.dataset.rwState !== 'loading')"""
CLICK_LINK = """url => { const a = document.createElement('a'); a.href = url; a.textContent = 'next';
  document.querySelector('.md-content').append(a); a.click(); a.remove(); }"""
RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.filter(v => ['serious', 'critical'].includes(v.impact))
    .map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')
      + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('')) }));
}"""


def _pages(site_dir: Path) -> list[str]:
    """Every page of the site, from its sitemap (paths relative to the root)."""
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    return [re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", text)]


@pytest.mark.parametrize("view", list(VIEWS))
def test_no_serious_or_critical_axe_findings(live_site, browser, view):
    assert AXE.is_file(), "axe-core is missing: run `npm ci` (package.json pins it)"
    viewport, scheme = VIEWS[view]
    tab = open_tab(browser)
    found: dict[str, list] = {}
    try:
        page = tab.page
        page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=scheme)
        for index, path in enumerate(_pages(live_site.directory)):
            if index == 0:
                page.goto(live_site.url(path))
                page.add_script_tag(path=str(AXE))
            else:  # instant navigation, as a reader clicks: Python and axe stay loaded
                page.evaluate(CLICK_LINK, live_site.url(path))
                page.wait_for_url(live_site.url(path))
            page.wait_for_function(LIVE, timeout=BOOT_TIMEOUT_MS)
            page.wait_for_timeout(300)  # scroll boxes are re-marked 100 ms after a layout change
            violations = page.evaluate(RUN)
            if violations:
                found[path or "/"] = violations
    finally:
        tab.context.close()
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
