"""A designer's site published under a folder, as GitHub Pages serves a project site
(``https://<owner>.github.io/<repository>/``): built with ``rollwright build --site-url`` for that
folder and served there, with nothing at the host's root. In headless Chromium, every request
to another host aborted: the pages, instant navigation, the engine in the browser (from the
memory snapshot), the builder's saved character and the service worker all work under the folder.

Never asserts a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, open_tab, wait_builder_ready
from tests.support.designer import CHECKOUT
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

FOLDER = "/my-srd/"
GAME, GAME_ID = "Lanternfall", "lanternfall"
RULES, BUILDER = f"{GAME_ID}/", f"{GAME_ID}/builder/"
WIDGET = f"section[data-rw-widget='{GAME_ID}-odds']"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """The project built for ``http://127.0.0.1:<port>/my-srd/`` (with Node: the snapshot path) and served there."""
    server = SiteServer(prefix=FOLDER)
    project = CHECKOUT.new(tmp_path_factory.mktemp("subpath"), "my-srd", GAME)
    CHECKOUT.build(project, project / "site", site_url=server.root)
    server.serve(project / "site")
    server.project = project  # type: ignore[attr-defined]
    yield server
    server.close()


@pytest.fixture
def tab(browser):  # noqa: ANN001 - the session's Playwright browser
    tab = open_tab(browser)
    tab.requested = []
    tab.page.on("request", lambda request: tab.requested.append(request.url))
    yield tab
    tab.context.close()
    assert tab.external == [], f"the site tried to reach other hosts: {tab.external}"


def _outside(tab, server: SiteServer) -> list[str]:
    return [url for url in tab.requested if url.startswith("http") and not url.startswith(server.root)]


def test_nothing_is_served_at_the_hosts_root(server: SiteServer) -> None:
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError, match="404"):
        urllib.request.urlopen(server.origin + "index.html")  # noqa: S310 - 127.0.0.1 only
    with urllib.request.urlopen(server.root + "index.html") as response:  # noqa: S310
        assert b"Lanternfall" in response.read()


def test_pages_instant_navigation_and_the_engine_work_under_the_folder(server: SiteServer, tab) -> None:
    page = tab.page
    page.goto(server.root)
    page.wait_for_function("() => window.document$ !== undefined")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-nav--primary a.md-nav__link", has_text="Lanternfall").first.click()
    page.wait_for_url(server.root + RULES)
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__sameDocument === true"), "the nav link reloaded the page under the folder"
    assert page.evaluate("window.rollwright.bootPath") == "snapshot", page.evaluate("window.rollwright.bootReason")
    expected = CHECKOUT.call(server.project, f"{GAME_ID}.odds", {"dice": 5, "need": 3})  # type: ignore[attr-defined]
    dice = page.locator(f"{WIDGET} input[name=dice]")
    dice.fill("5")
    page.locator(f"{WIDGET} input[name=need]").fill("3")
    dice.dispatch_event("input")
    page.locator(f"{WIDGET} [data-rw-result] [data-rw-p='{expected['p']}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert expected["percent"] in page.locator(f"{WIDGET} [data-rw-result]").inner_text()
    assert _outside(tab, server) == []
    assert tab.errors == []


def test_the_builder_keeps_a_character_across_a_reload(server: SiteServer, tab) -> None:
    page = tab.page
    page.goto(server.root + BUILDER)
    wait_builder_ready(page)
    page.focus("#rw-c-name")
    page.keyboard.type("Wren")
    fight = page.locator("#rw-c-skills-fight")
    fight.fill("3")
    fight.dispatch_event("input")
    key = f"rollwright.{GAME_ID}.characters"
    page.wait_for_function("k => /Wren/.test(localStorage.getItem(k) || '') && /\"fight\": ?3/.test(localStorage.getItem(k))",
                           arg=key)
    page.reload()
    wait_builder_ready(page)
    assert page.locator("#rw-c-name").input_value() == "Wren"
    assert page.locator("#rw-c-skills-fight").input_value() == "3"
    assert "Wren" in page.locator("[data-rw-roster]").inner_text()
    assert _outside(tab, server) == []


def test_the_service_worker_keeps_the_site_under_the_folder_offline(server: SiteServer, tab) -> None:
    page = tab.page
    page.goto(server.root + RULES)
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => window.rollwright.offline && window.rollwright.offline.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    registration = page.evaluate("navigator.serviceWorker.getRegistration().then(r => [r.scope, r.active.scriptURL])")
    assert registration == [server.root, server.root + "sw.js"]
    tab.context.set_offline(True)
    page.reload()
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == server.root + "sw.js"
    tab.context.set_offline(False)
    assert {urlsplit(url).path.startswith(FOLDER) for url in tab.requested if url.startswith("http")} == {True}


def test_the_build_for_the_folder_names_it_in_canonical_links(server: SiteServer) -> None:
    html = (Path(server.project) / "site" / RULES / "index.html").read_text(encoding="utf-8")  # type: ignore[attr-defined]
    assert f'<link rel="canonical" href="{server.root}{RULES}">' in html


def test_a_build_without_an_address_navigates_instantly_under_the_folder_too(server: SiteServer, browser) -> None:
    """Its sitemap lists paths, which the theme re-points at the folder it is served from."""
    project = Path(server.project)  # type: ignore[attr-defined]
    CHECKOUT.build(project, project / "site-plain", node=False)
    other = SiteServer(prefix=FOLDER)
    other.serve(project / "site-plain")
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(other.root)
        page.wait_for_function("() => window.document$ !== undefined")
        page.evaluate("window.__sameDocument = true")
        page.locator(".md-nav--primary a.md-nav__link", has_text="Lanternfall").first.click()
        page.wait_for_url(other.root + RULES)
        page.wait_for_selector("h1")
        assert page.evaluate("window.__sameDocument === true"), "without site_url the nav link reloaded the page"
    finally:
        tab.context.close()
        other.close()
    assert tab.external == []
