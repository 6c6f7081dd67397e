"""A dead Python worker is replaced at once, and what it had not answered is answered by the next one.

The worker is killed from inside (``self.close()``, as a crash or the browser's task manager would
stop it): no error event reaches the page, and no answer ever comes. The page sees the death through
the worker's life lock (runtime/liveness.js), starts another worker, and sends it the boot and the
calls still waiting. Before, the page waited for the call's timeout (30 s), or the boot's (120 s) and
then stayed broken until a reload.

Runs on the fixture site (the Pips template). Never asserts a time: each test checks that an answer that needed the dead worker is right.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS, HeldSnapshot
from tests.support.fixture_site import RULES, site_call

pytestmark = pytest.mark.browser

ODDS = "pips-odds"  # the fixture site's widget, on its rules page
WORKER_PATH = "/assets/rollwright/runtime/worker.js"


def _engine_workers(page) -> list:
    return [w for w in page.workers if urlsplit(w.url).path.endswith(WORKER_PATH)]


def _kill_worker(page) -> None:
    """Close the page's live Python worker from inside, once the page watches its life."""
    page.wait_for_function("() => window.rollwright && window.rollwright.watched === true", timeout=BOOT_TIMEOUT_MS)
    starts = page.evaluate("window.rollwright.workerStarts")
    workers = _engine_workers(page)
    assert workers, "no Python worker runs on this page"
    workers[-1].evaluate("self.close()")
    page.wait_for_function("n => window.rollwright.workerStarts > n", arg=starts, timeout=BOOT_TIMEOUT_MS)


def _ask_odds(page, dice: int) -> None:
    field = page.locator(f"section[data-rw-widget='{ODDS}'] input[name=dice]")
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(dice))
    page.keyboard.press("Tab")  # the widget answers as its fields change


def _odds_answer(site, page, dice: int) -> None:
    expected = site_call(site.project, "pips.odds", {"dice": dice, "need": 2})["p"]
    page.locator(f"section[data-rw-widget='{ODDS}'] [data-rw-result] [data-rw-p='{expected}']"
                 ).wait_for(timeout=BOOT_TIMEOUT_MS)


def test_a_worker_killed_while_idle_is_replaced_and_answers(pips_live, tab):
    page = tab.page
    page.goto(pips_live.url(RULES))
    tab.wait_state(ODDS, "ready")
    _kill_worker(page)
    _ask_odds(page, 5)
    _odds_answer(pips_live, page, 5)
    diagnostics = page.evaluate("({...window.rollwright})")
    assert diagnostics["state"] == "ready" and diagnostics["restarts"] == 1, diagnostics
    assert "closed or crashed" in diagnostics["restartReason"]
    assert diagnostics["error"] is None
    assert page.locator(f"section[data-rw-widget='{ODDS}']").get_attribute("data-rw-state") == "ready"
    assert tab.errors == []


def test_a_call_in_flight_when_the_worker_dies_is_answered_by_the_next(pips_live, tab):
    page = tab.page
    page.goto(pips_live.url(RULES))
    tab.wait_state(ODDS, "ready")
    page.wait_for_function("() => window.rollwright.watched === true")
    starts = page.evaluate("window.rollwright.workerStarts")
    # The call is sent, then the worker dies before (or while) it answers: whichever comes first,
    # the answer must come from the next worker, not as a timeout.
    _ask_odds(page, 4)
    _engine_workers(page)[-1].evaluate("self.close()")
    _odds_answer(pips_live, page, 4)
    page.wait_for_function("n => window.rollwright.workerStarts > n", arg=starts)
    status = page.locator(f"section[data-rw-widget='{ODDS}'] [data-rw-status]").inner_text()
    assert "took longer" not in status and "stopped" not in status, status
    assert page.evaluate("window.rollwright.state") == "ready"


def test_a_worker_killed_while_python_boots_finishes_the_boot_in_the_next(pips_live, tab):
    page = tab.page
    snapshot = HeldSnapshot(page)  # its download waits until the worker is dead: Python is still booting
    page.goto(pips_live.url(RULES))
    page.wait_for_function("() => window.rollwright && window.rollwright.watched === true", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.rollwright.state") == "loading"
    starts = page.evaluate("window.rollwright.workerStarts")
    _engine_workers(page)[-1].evaluate("self.close()")
    page.wait_for_function("n => window.rollwright.workerStarts > n", arg=starts, timeout=BOOT_TIMEOUT_MS)
    snapshot.release()
    tab.wait_state(ODDS, "ready")
    _ask_odds(page, 6)
    _odds_answer(pips_live, page, 6)
    diagnostics = page.evaluate("({...window.rollwright})")
    assert diagnostics["restarts"] == 1 and diagnostics["state"] == "ready", diagnostics
