"""Search in Chromium: on a page that starts Python, Material's search index is built once Python
is up (runtime/search-after-python.js), and search then finds pages as before; on a page without
widgets, search starts at once. On the shared tests' own site (Pips)."""

from __future__ import annotations

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

# Every message on the channel the page and the search worker share, in order of arrival.
LISTEN = """
  window.__channelLog = [];
  new BroadcastChannel("rollwright-python").addEventListener("message", (event) => {
    window.__channelLog.push(event.data);
  });
"""


def _search(tab, words: str) -> list[str]:
    """Type in Material's search box and return the titles it finds."""
    tab.page.keyboard.press("/")  # Material's shortcut focuses the search box
    tab.page.keyboard.type(words)
    results = tab.page.locator(".md-search-result__item")
    results.first.wait_for(timeout=BOOT_TIMEOUT_MS)
    return [title.inner_text() for title in tab.page.locator(".md-search-result__article h1").all()]


def test_search_is_built_after_python_is_up_and_then_finds_pages(pips_live, tab):
    tab.context.add_init_script(script=LISTEN)
    tab.page.goto(pips_live.url(RULES))
    tab.page.wait_for_function("() => window.rollwright?.state === 'ready'", timeout=BOOT_TIMEOUT_MS)
    tab.page.wait_for_function("() => window.__channelLog.some((m) => m.searchStartedAfter)",
                               timeout=BOOT_TIMEOUT_MS)
    log = tab.page.evaluate("window.__channelLog")
    started = next(message for message in log if "searchStartedAfter" in message)
    assert started == {"searchStartedAfter": "ready"}, log
    assert log.index({"state": "ready"}) < log.index(started), log
    assert "Pips" in _search(tab, "probability")  # another word for the page's "odds" (search_text.py)
    assert tab.errors == []


def test_a_page_without_widgets_starts_search_at_once(pips_live, tab):
    tab.context.add_init_script(script=LISTEN)
    tab.page.goto(pips_live.url(""))
    assert _search(tab, "heroic")
    assert tab.page.evaluate("window.__channelLog") == []  # no Python, nothing held
    assert tab.errors == []
