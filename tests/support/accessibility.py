"""axe-core (pinned in package.json) on every page of a built site, after its widgets are live: the walk and
the scripts the accessibility tests share (the shared tests' own site: tests/browser/test_accessibility.py;
the flagship's every page: tests/systems/browser/test_accessibility.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.siteserver import REPO_ROOT

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


def site_pages(site_dir: Path) -> list[str]:
    """Every page of the site, from its sitemap (paths relative to the root)."""
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    return [re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", text)]


def findings_on_every_page(live_site, browser, view: str, script: str) -> dict[str, list]:
    """``script``'s findings on every page, walked as a reader clicks (Python and axe stay loaded)."""
    assert AXE.is_file(), "axe-core is missing: run `npm ci` (package.json pins it)"
    viewport, scheme = VIEWS[view]
    tab = open_tab(browser)
    found: dict[str, list] = {}
    try:
        page = tab.page
        page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=scheme)
        for index, path in enumerate(site_pages(live_site.directory)):
            if index == 0:
                page.goto(live_site.url(path))
                page.add_script_tag(path=str(AXE))
            else:  # instant navigation
                page.evaluate(CLICK_LINK, live_site.url(path))
                page.wait_for_url(live_site.url(path))
            page.wait_for_function(LIVE, timeout=BOOT_TIMEOUT_MS)
            page.wait_for_timeout(300)  # scroll boxes are re-marked 100 ms after a layout change
            findings = page.evaluate(script)
            if findings:
                found[path or "/"] = findings
    finally:
        tab.context.close()
    return found


# Lighthouse's accessibility and SEO audits that axe does not count as serious (bench/lighthouse_bench.py
# reports them): headings that skip a level, touch targets under 24 px, and links a crawler cannot follow
# (an <a> with no href that is not a plain target: Lighthouse's crawlable-anchors).
RUN_LIGHTHOUSE_EXTRAS = """async () => {
  const result = await axe.run(document, { runOnly: ['heading-order', 'target-size'], resultTypes: ['violations'] });
  const found = result.violations.map(v => ({ id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }));
  const anchors = [...document.querySelectorAll('a:not([href]):not([id]):not([name]):not([role])')]
    .map(a => a.outerHTML.slice(0, 120));
  if (anchors.length) found.push({ id: 'crawlable-anchors', nodes: anchors.slice(0, 3) });
  return found;
}"""


# Each outline button's text and background while it has the keyboard focus, as WCAG contrast ratios.
FOCUSED_CONTRAST = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => rgb(c).map((v) => v / 255).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const still = document.createElement('style');  // Material eases a button's colours: measure the end
  still.textContent = '* { transition: none !important; }';
  document.head.append(still);
  return [...document.querySelectorAll('.md-typeset a.md-button:not(.md-button--primary)')].map((a) => {
    a.focus();
    const style = getComputedStyle(a);
    const [hi, lo] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
    return [a.textContent, Math.round(((hi + 0.05) / (lo + 0.05)) * 10) / 10];
  });
}"""
