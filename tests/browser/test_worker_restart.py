"""A dead Python worker is replaced at once, and what it had not answered is answered by the next one.

The worker is killed from inside (``self.close()``, as a crash or the browser's task manager would
stop it): no error event reaches the page, and no answer ever comes. The page sees the death through
the worker's life lock (runtime/liveness.js), starts another worker, and sends it the boot and the
calls still waiting. Before, the page waited for the call's timeout (30 s), or the boot's (120 s) and
then stayed broken until a reload.

Never asserts a time: each test checks that an answer that needed the dead worker is right.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser

BASIC_RULES = "facade/basic-rules/"
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


def _ask_odds(page, trait: int) -> None:
    odds = page.locator("section[data-rw-widget='facade-odds']")
    field = odds.locator("input[name=trait]")
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(trait))


def _odds_answer(page, trait: int) -> None:
    expected = api.call("facade.odds", {"trait": trait, "difficulty": 14})["p_success"]
    page.locator(f"section[data-rw-widget='facade-odds'] [data-rw-result] [data-rw-p-success='{expected}']"
                 ).wait_for(timeout=BOOT_TIMEOUT_MS)


def test_a_worker_killed_while_idle_is_replaced_and_answers(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-odds", "ready")
    _kill_worker(page)
    _ask_odds(page, 11)
    _odds_answer(page, 11)
    diagnostics = page.evaluate("({...window.rollwright})")
    assert diagnostics["state"] == "ready" and diagnostics["restarts"] == 1, diagnostics
    assert "closed or crashed" in diagnostics["restartReason"]
    assert diagnostics["error"] is None
    assert page.locator("section[data-rw-widget='facade-odds']").get_attribute("data-rw-state") == "ready"
    assert tab.errors == []


def test_a_call_in_flight_when_the_worker_dies_is_answered_by_the_next(live_site, tab):
    page = tab.page
    page.goto(live_site.url(BASIC_RULES))
    tab.wait_state("facade-odds", "ready")
    page.wait_for_function("() => window.rollwright.watched === true")
    starts = page.evaluate("window.rollwright.workerStarts")
    # The call is sent, then the worker dies before (or while) it answers: whichever comes first,
    # the answer must come from the next worker, not as a timeout.
    _ask_odds(page, 9)
    _engine_workers(page)[-1].evaluate("self.close()")
    _odds_answer(page, 9)
    page.wait_for_function("n => window.rollwright.workerStarts > n", arg=starts)
    status = page.locator("section[data-rw-widget='facade-odds'] [data-rw-status]").inner_text()
    assert "took longer" not in status and "stopped" not in status, status
    assert page.evaluate("window.rollwright.state") == "ready"


def test_a_worker_killed_while_python_boots_finishes_the_boot_in_the_next(live_site, tab):
    page = tab.page
    held = []  # the memory snapshot's download waits until the worker is dead: Python is still booting
    released = []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/*.snapshot.gz", hold)
    page.goto(live_site.url(BASIC_RULES))
    page.wait_for_function("() => window.rollwright && window.rollwright.watched === true", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.rollwright.state") == "loading"
    starts = page.evaluate("window.rollwright.workerStarts")
    _engine_workers(page)[-1].evaluate("self.close()")
    page.wait_for_function("n => window.rollwright.workerStarts > n", arg=starts, timeout=BOOT_TIMEOUT_MS)
    released.append(True)
    for route in held:
        try:
            route.continue_()
        except Exception:  # noqa: BLE001 - the dead worker's request may be gone already
            pass
    tab.wait_state("facade-odds", "ready")
    _ask_odds(page, 13)
    _odds_answer(page, 13)
    diagnostics = page.evaluate("({...window.rollwright})")
    assert diagnostics["restarts"] == 1 and diagnostics["state"] == "ready", diagnostics
