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


def open_tab(browser, *, javascript: bool = True, block=None, service_workers: str = "allow") -> Tab:
    """A new context whose requests to any host but 127.0.0.1 are aborted and recorded.

    ``block``: optional predicate on a URL; matching local requests are aborted too.
    ``service_workers``: "block" for a context where no service worker runs (every request is routed).
    """
    context = browser.new_context(java_script_enabled=javascript, service_workers=service_workers)
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


def wait_theme_follows_links(page) -> None:
    """Until the theme follows the site's links in place (instant navigation): it does once it has read its
    sitemap; a click before that is an ordinary page load (rollwright.js no longer waits for the theme's bundle,
    so a page is loaded, and a test may click, sooner)."""
    page.wait_for_function("() => window.document$ !== undefined && performance.getEntriesByType('resource')"
                           ".some((e) => e.name.endsWith('/sitemap.xml') && e.responseEnd > 0)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")  # its load handler


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


def url_of(page_path: str) -> str:
    """The site URL of a docs page path (``x/index.md`` -> ``x/``, ``x/y.md`` -> ``x/y/``)."""
    stem = page_path.removesuffix(".md")
    return stem.removesuffix("index") if stem.endswith("index") else stem + "/"


def walk_pages(site, tab: Tab, pages: list[str], system_id: str) -> None:  # noqa: ANN001 - a served site
    """Open the first page, then each next one by instant navigation: every widget goes live and belongs to
    ``system_id``, Python boots once, and no page errs."""
    page = tab.page
    first, *rest = pages
    page.goto(site.url(url_of(first)))
    for declared in [first, *rest]:
        if declared is not first:  # instant navigation: the same document, the same Python worker
            target = site.url(url_of(declared))
            page.evaluate("href => { const a = [...document.querySelectorAll('a.md-nav__link')]"
                          ".find(l => l.href === href); a ? a.click() : location.assign(href); }", target)
            page.wait_for_url(target)
        page.wait_for_function("href => [...document.querySelectorAll('a.md-nav__link--active')]"
                               ".some(a => a.href === href)", arg=site.url(url_of(declared)))
        widgets = page.locator("article section[data-rw-widget]")
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            name = widget.get_attribute("data-rw-widget")
            page.wait_for_selector(f"section[data-rw-widget='{name}'][data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
            assert widget.get_attribute("data-rw-system") == system_id, name
    assert page.evaluate("window.rollwright.workerStarts") == 1
    assert tab.errors == [], tab.errors


BUILDER_REGIONS = "[data-rw-editor-region], [data-rw-report-region], [data-rw-sheet-region]"
_COUNT_SWAPS = """(selector) => {
  window.__rwSwaps = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const region = record.target.closest && record.target.closest(selector);
      if (record.type === "childList" && region) window.__rwSwaps.push(region.getAttributeNames().find((n) => n.endsWith("-region")));
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def check_first_visit_keeps_the_builder(site, tab: Tab, system_id: str) -> None:  # noqa: ANN001 - a served site
    """A first visit shows the new character the builder page came with; going live re-renders none of it,
    and the form the page came with is the live one (a typed name is saved and survives a reload)."""
    page = tab.page
    page.goto(builder_page_url(site, system_id), wait_until="commit")
    page.wait_for_selector("[data-rw-editor-region] form[data-rw-editor]", state="attached")
    page.evaluate(_COUNT_SWAPS, BUILDER_REGIONS)
    before = page.eval_on_selector_all(BUILDER_REGIONS, "rs => rs.map(r => [r.inert, r.getAttribute('data-rw-html')])")
    assert all(inert for inert, _ in before), "the first render must wait for Python (inert)"
    wait_builder_ready(page)
    after = page.eval_on_selector_all(BUILDER_REGIONS, "rs => rs.map(r => [r.inert, r.getAttribute('data-rw-html')])")
    assert not any(inert for inert, _ in after), "live regions must take input"
    swapped = set(page.evaluate("window.__rwSwaps"))
    assert "data-rw-editor-region" not in swapped and "data-rw-report-region" not in swapped, swapped
    assert [key for _, key in after][:2] == [key for _, key in before][:2]
    # the form the page came with is the live one: a typed name reaches the roster and is saved
    name = page.locator("[data-rw-editor-region] input[type='text']").first
    name.fill("Orla of the First Render")
    # typed values are not the rendered HTML any more: the editor's next render is never skipped
    assert page.get_attribute("[data-rw-editor-region]", "data-rw-html") is None
    page.wait_for_function("() => document.querySelector('[data-rw-roster]').textContent.includes('Orla of the First')")
    page.reload()
    wait_builder_ready(page)
    assert page.locator("[data-rw-editor-region] input[type='text']").first.input_value() == "Orla of the First Render"
    assert tab.errors == []

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


def wait_for_attributes(container, selector: str, attribute: str, expected: list[str],
                        timeout: float = 30_000) -> None:
    """Wait until the elements matching `selector` inside `container` carry `attribute` values equal to
    `expected`, in order. A widget answers asynchronously, so just after an input changes the answer to the
    previous input may still be on screen: wait for the new one, never read the old one. On timeout the
    assertion shows what was there instead.

    Example: ``wait_for_attributes(tracker, "[data-rw-phase='2'] [data-rw-actor]", "data-rw-actor", ["Pedro"])``
    """
    script = ("([root, sel, attr, want]) => JSON.stringify([...root.querySelectorAll(sel)]"
              ".map(e => e.getAttribute(attr))) === JSON.stringify(want)")
    try:
        container.page.wait_for_function(script, arg=[container.element_handle(), selector, attribute, expected],
                                         timeout=timeout)
    except playwright_api.TimeoutError:
        pass  # the assertion below names what was shown
    found = [e.get_attribute(attribute) for e in container.locator(selector).all()]
    assert found == expected


class HeldSnapshot:
    """Holds back a page's memory snapshot download (Python stays booting) until :meth:`release`.

    Use: ``held = HeldSnapshot(page)`` before ``page.goto(...)``; later ``held.release()`` lets the download
    go on (a request already gone is skipped).
    """

    def __init__(self, page) -> None:
        self.held: list = []
        self.released = False
        page.route("**/*.snapshot.zst", self._hold)

    def _hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            try:
                route.continue_()
            except Exception:  # noqa: BLE001 - a dead worker's request may be gone already
                pass
