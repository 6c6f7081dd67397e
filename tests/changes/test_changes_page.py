"""``rollwright build --changes-since v1`` on Dial's repository (tests/changes/fixture.py), built once: each game's
"What changed" page, linked from its home page, in its print edition, with a redirect for the moved page; then
the same pages in Chromium, by keyboard, at a phone's width."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.changes.fixture import make_repo
from tests.support.fixture_site import REPO_ROOT, rollwright
from tests.support.siteserver import SiteServer

CACHE = REPO_ROOT / ".cache" / "fixture-sites" / "dial"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("dial-changes")
    repo = make_repo(root / "srd")
    CACHE.mkdir(parents=True, exist_ok=True)
    (repo / ".cache").symlink_to(CACHE, target_is_directory=True)  # the runtime's caches, shared between runs
    site = root / "site"
    done = rollwright(repo, "build", "--changes-since", "v1", "-d", str(site))
    assert done.returncode == 0, done.stderr
    return repo, site


@pytest.fixture(scope="module")
def served(built: tuple[Path, Path]) -> Iterator[SiteServer]:
    server = SiteServer()
    server.serve(built[1])
    yield server
    server.close()


def test_the_page_is_built_linked_printed_and_moved_pages_redirect(built: tuple[Path, Path]) -> None:
    repo, site = built
    page = (site / "dial" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "<title>What changed · Dial</title>" in page and "What changed since v1" in page
    assert "1 check changed; 1 check added; 1 check removed" in page
    assert 'class="rw-chart"' in page and "Hit: 41.7% before (left), 58.3% after (right)" in page
    assert "+A total of 9 or more is a hit." in page
    assert "<code>dial/gear.md</code> now lives at" in page and 'href="../kit/gear/"' in page
    assert "md-nav--secondary" not in page  # the home page's table of contents is not this page's
    for link in re.findall(r"\s(?:href|src)=\"([^\"#?:]+)\"", page):  # every relative address resolves
        target = (site / "dial" / "changes" / link).resolve()
        assert target.exists() or (target / "index.html").exists(), link
    home = (site / "dial" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="changes/"[^>]*data-rw-changes-link', home)
    assert "What changed since v1" in (site / "dial" / "print" / "index.html").read_text(encoding="utf-8")
    redirect = (site / "dial" / "gear" / "index.html").read_text(encoding="utf-8")
    assert 'content="0; url=../kit/gear/"' in redirect and (site / "dial" / "kit" / "gear" / "index.html").is_file()
    assert not (repo / "site").exists()


def test_the_page_in_chromium_by_keyboard_on_a_phone(served: SiteServer, browser: object) -> None:
    from tests.support.browser import open_tab

    tab = open_tab(browser, service_workers="block")
    try:
        page = tab.page
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(served.origin + "dial/")
        link = page.locator("[data-rw-changes-link]")
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_url("**/dial/changes/")
        assert page.locator("h1").inner_text() == "What changed since v1"
        chart = page.locator(".rw-changes__chart svg.rw-chart")
        assert chart.bounding_box()["width"] <= 390  # the chart fits a phone's width
        page.locator(".rw-changes__chart [tabindex='0']").focus()  # the tallest bar: Hit, after
        readout = page.locator(".rw-changes__chart [data-rw-chart-readout]")
        page.keyboard.press("Home")
        assert readout.inner_text() == "Hit at a cost, before: 41.7% (exactly 5/12)"
        page.keyboard.press("ArrowRight")
        assert readout.inner_text() == "Hit at a cost, after: 25% (exactly 1/4)"
        page.goto(served.origin + "dial/gear/")  # the moved page's old address
        page.wait_for_url("**/dial/kit/gear/")
        assert page.locator("h1").inner_text() == "Gear"
        assert tab.errors == [] and tab.external == []
    finally:
        tab.context.close()
