"""A new build never mixes with the old one (issue 30, item 7), in headless Chromium, step by step
with one tab and with two.

Two builds of the site differ in every page, in the entry script, in a module it imports and in
the Python worker's script; each file carries its build's mark. At every step, what a tab shows
(the page's article, the scripts its document runs, its Python worker) carries ONE mark: a page
of the new build never runs the old build's scripts from the old service worker, and the reverse.

Runs on the fixture site (the Pips template). Never asserts a time.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.support import variants
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

PAGES = ("pips/", "pips/builder/", "pips/errata/")
"""The fixture site's pages: opened first, never kept by the first build (the builder), never opened at all."""
MARKED_SCRIPTS = ("assets/rollwright/rollwright.js", "assets/rollwright/runtime/offline.js")
WORKER = "assets/rollwright/runtime/worker.js"
READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"


def marked_site(source: Path, target: Path, mark: str, *, later: float = 0) -> Path:
    """A copy of the site whose every page, two of its scripts and its Python worker carry ``mark``.

    ``later``: seconds added to the changed files' times (a server answers a revalidation by time).
    """
    variants.copy_site(source, target)
    # At the end of the page's own article (the last to close: the builder's sheet is an article inside it).
    variants.edit_pages(target, lambda html: f'<p hidden data-rw-test-build="{mark}"></p></article>'.join(
        html.rsplit("</article>", 1)))
    for name in MARKED_SCRIPTS:
        path = target / name
        variants.replace_file(path, path.read_bytes() + f'\nwindow["__rwTestBuild:{name}"] = "{mark}";\n'.encode())
    path = target / WORKER
    variants.replace_file(path, path.read_bytes() + f'\nself.__rwTestBuild = "{mark}";\n'.encode())
    variants.rewrite_service_worker(target)
    if later:
        stamp = time.time() + later
        for changed in target.rglob("*"):
            if changed.is_file() and changed.stat().st_nlink == 1:  # replaced here, not linked to the source
                os.utime(changed, (stamp, stamp))
    return target


def shown(page) -> dict[str, str]:
    """Where each part the tab shows comes from: its article, its document's scripts, its Python worker."""
    page.locator("article [data-rw-test-build]").wait_for(state="attached")
    found = {"article": page.locator("article [data-rw-test-build]").get_attribute("data-rw-test-build")}
    for name in MARKED_SCRIPTS:
        page.wait_for_function("k => window[k] !== undefined", arg=f"__rwTestBuild:{name}")
        found[name] = page.evaluate("k => window[k]", f"__rwTestBuild:{name}")
    for index, worker in enumerate(w for w in page.workers if w.url.split("?")[0].endswith(WORKER)):
        found[f"worker {index}"] = worker.evaluate("self.__rwTestBuild")
    return found


def marks(page) -> set[str]:
    """The builds a tab shows (one, or it mixes two); a mix prints where each part came from."""
    parts = shown(page)
    if len(set(parts.values())) > 1:
        print(f"{page.url} mixes two builds: {parts}")
    return set(parts.values())


def follow(page, origin: str, path: str) -> None:
    """Follow the site's navigation to a page, as a reader clicks (instant navigation first), until the
    tab shows that page: its address changes before the theme has the page, and when the theme cannot
    fetch it the page then loads in full, so the old page's mark is flagged and waited away."""
    page.evaluate("() => document.querySelector('article [data-rw-test-build]').setAttribute('data-rw-left', '')")
    page.evaluate("p => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]"
                  ".find(a => new URL(a.href).pathname.endsWith('/' + p)).click()", path)
    page.wait_for_url(origin + path)
    page.wait_for_function("() => { const m = document.querySelector('article [data-rw-test-build]');"
                           " return m && !m.hasAttribute('data-rw-left') && document.readyState === 'complete'; }",
                           timeout=BOOT_TIMEOUT_MS)


def live(page) -> None:
    """Until Python answers on the page: its widgets, or its character builder, are ready."""
    page.locator("section[data-rw-widget][data-rw-state='ready'], [data-rw-builder][data-rw-state='ready']").first.wait_for(timeout=BOOT_TIMEOUT_MS)


@pytest.fixture
def builds(pips_live, tmp_path):
    """The server (showing the first build), the second build, and three pages: opened first, never kept
    by the first build, never opened at all."""
    first = marked_site(pips_live.directory, tmp_path / "first", "first")
    second = marked_site(pips_live.directory, tmp_path / "second", "second", later=60)
    server = SiteServer()
    server.serve(first, rewrite_sitemap=True)
    yield server, second, PAGES
    server.close()


def test_one_tab_never_mixes_two_builds(builds, browser):
    server, second, (opened, never_kept, also_never) = builds
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(server.origin + opened)
        live(page)
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        assert marks(page) == {"first"}

        server.publish(second)
        follow(page, server.origin, never_kept)  # the old build has no copy: the new build's page, whole
        live(page)
        assert marks(page) == {"second"}
        follow(page, server.origin, opened)  # a page the old build kept, from a tab on the new build
        live(page)
        assert marks(page) == {"second"}
        page.reload()  # no tab shows the old build: the new one takes over
        live(page)
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => window.rollwright.offline.update === null")
        assert marks(page) == {"second"}
        build = page.evaluate("window.rollwright.offline.build")
        assert page.evaluate("caches.keys()") == [f"rollwright-{build}"]
        assert tab.external == []
    finally:
        tab.context.close()


def test_two_tabs_never_mix_two_builds(builds, browser):
    server, second, (opened, never_kept, also_never) = builds
    tab = open_tab(browser)
    one = tab.page
    try:
        one.goto(server.origin + opened)
        live(one)
        one.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        other = tab.context.new_page()
        other.goto(server.origin + opened)
        live(other)
        assert marks(one) == marks(other) == {"first"}

        server.publish(second)
        follow(one, server.origin, never_kept)  # this tab moves to the new build, whole
        live(one)
        assert marks(one) == {"second"}
        assert marks(other) == {"first"}  # the other still shows the old one, whole
        other.reload()  # the last tab of the old build: its kept copy, or the new build (never a mix)
        live(other)
        assert len(marks(other)) == 1
        follow(other, server.origin, also_never)  # a page it never kept: the new build's, whole
        assert marks(other) == {"second"}
        follow(other, server.origin, opened)
        live(other)
        assert marks(other) == {"second"}

        one.reload()  # no tab shows the old build any more: the new one takes over both
        live(one)
        one.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        one.wait_for_function("() => window.rollwright.offline.update === null")
        assert marks(one) == {"second"} and marks(other) == {"second"}
        other.reload()
        live(other)
        assert marks(other) == {"second"}
        build = one.evaluate("window.rollwright.offline.build")
        assert one.evaluate("caches.keys()") == [f"rollwright-{build}"]
        assert tab.external == []
    finally:
        tab.context.close()
