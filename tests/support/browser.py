"""Browser-test fixtures: one strict site build per session (`live_site`), served on 127.0.0.1, and
Debian's Chromium driven by Playwright with every request to another host aborted
(and recorded, so tests can assert that none was even attempted).

Set ROLLWRIGHT_SITE_DIR to reuse an already built site instead of building one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.siteserver import CHROMIUM, CHROMIUM_ARGS, SiteServer, built_site

playwright_api = pytest.importorskip("playwright.sync_api")

BOOT_TIMEOUT_MS = 150_000  # generous: a cold Pyodide boot takes ~10 s on a 2-core box
WIDGET = "section[data-rw-widget='{name}']"


@dataclass
class Site:
    server: SiteServer
    directory: Path

    def url(self, path: str = "") -> str:
        return self.server.origin + path.lstrip("/")


@dataclass
class Tab:
    """A fresh browser context and page, with network and worker records."""

    context: object
    page: object
    external: list[str] = field(default_factory=list)
    workers: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def widget(self, name: str):
        return self.page.locator(WIDGET.format(name=name))

    def wait_state(self, name: str, state: str, timeout: float = BOOT_TIMEOUT_MS) -> None:
        self.page.wait_for_selector(f"{WIDGET.format(name=name)}[data-rw-state='{state}']", timeout=timeout)

    def engine_workers(self) -> list[str]:
        return [u for u in self.workers if urlsplit(u).path.endswith("/assets/rollwright/runtime/worker.js")]


@pytest.fixture(scope="session")
def live_site(tmp_path_factory) -> Iterator[Site]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Debian's Chromium at {CHROMIUM} (`make test` installs it)")
    with built_site(tmp_path_factory.mktemp("browser")) as (server, directory):
        yield Site(server, directory)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_tab(browser, *, javascript: bool = True, block=None) -> Tab:
    """A new context whose requests to any host but 127.0.0.1 are aborted and recorded.

    ``block``: optional predicate on a URL; matching local requests are aborted too.
    """
    context = browser.new_context(java_script_enabled=javascript)
    context.set_default_timeout(30_000)
    tab = Tab(context=context, page=None)

    def route(route) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")):
            route.continue_()
        elif host != "127.0.0.1":
            tab.external.append(url)
            route.abort()
        elif block is not None and block(url):
            route.abort()
        else:
            route.continue_()

    context.route("**/*", route)
    page = context.new_page()
    page.on("worker", lambda worker: tab.workers.append(worker.url))
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.page = page
    return tab


@pytest.fixture
def tab(browser) -> Iterator[Tab]:
    tab = open_tab(browser)
    yield tab
    tab.context.close()
    assert tab.external == [], f"the site tried to reach other hosts: {tab.external}"


def builder_page_url(site: Site, system_id: str) -> str:
    """The built page that holds a system's character builder."""
    for page in sorted(site.directory.rglob("index.html")):
        if f'data-rw-builder="{system_id}"' in page.read_text(encoding="utf-8"):
            return site.url(str(page.parent.relative_to(site.directory)) + "/")
    raise AssertionError(f"no built page holds the {system_id} builder")


def wait_builder_ready(page) -> None:
    """Until the builder is live and has checked its character once."""
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)


FIELD_ERROR_STATUS = "Not answered: see the field marked above."
"""The status line's words while an error is shown under the field it names (widgets.js)."""


def expect_error_once(widget, field: str, message: str) -> None:
    """An error that names a field shows once: under that field (which is marked), while the
    status line only points to it; the message appears nowhere else in the widget."""
    slot = widget.locator(f"label:has([name={field}]) [data-rw-field-error]", has_text=message)
    slot.wait_for()  # not an earlier keystroke's message
    assert slot.inner_text() == message and slot.is_visible()
    assert widget.locator("[data-rw-status]").inner_text() == FIELD_ERROR_STATUS
    assert widget.locator(f"[name={field}]").get_attribute("aria-invalid") == "true"
    assert widget.inner_text().count(message) == 1, widget.inner_text()
