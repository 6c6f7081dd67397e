"""``rollwright serve`` in Chromium, as a designer uses it (issue 25), on a temporary copy of the Pips project with
Node.js (so each rules edit brings a new memory snapshot and bytecode too):

- a Markdown edit reaches the open page by itself (live reload);
- a bad macro call replaces the open page by the error page naming the line and the call, and the page comes
  back by itself when the call is fixed;
- after an edit of the rules, the page's table (rendered by the server's engine) and the widget beside it
  (answered by the browser's engine) agree on the new figures: neither keeps the engine the server started with.
  The edit is to a module the rules import (``pips/rules/faces.py``, read by ``hits.py`` when imported, whose
  code no call runs), and the browser's engine comes from the last memory snapshot brought up to date (issue 36:
  the new wheel's files, the game imported afresh) while the new snapshot is being made;
- a later edit of the rules reaches the open page without loading it again (the page built again is swapped in
  place and the tab's Python takes the new wheel): no answer comes from the code before the edit, also once the
  snapshot made meanwhile is shipped (the tab's Python already runs its code); a build that fails, and its fix,
  still load the page again;
- the server's process stays alive throughout.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.devserver import DevServer, dev_server
from tests.support.keyboard import type_into

pytestmark = pytest.mark.browser

ODDS = "section[data-rw-widget='pips-odds']"
REBUILD_MS = 240_000
"""A rebuild with a new snapshot, on a loaded 2-core machine: generous, never a measure."""
CELL = """([dice, column]) => {
  const row = [...document.querySelectorAll("table[data-rw-table='pips-odds'] tbody tr")]
    .find(tr => tr.cells[0].textContent.trim() === dice);
  return row ? row.cells[column].textContent.trim() : null;
}"""


CONFIG = "() => JSON.parse(document.getElementById('rw-config').textContent)"
LAST_SNAPSHOT = f"() => {{ const s = ({CONFIG})().snapshot; return !!s && !(s.refresh && s.refresh.length); }}"
"""Whether the page names a snapshot made for its sources as they are (no games to refresh)."""


def _faces_in_a_module_of_their_own(project: Path) -> None:
    """hits.py takes its chance of a hit from a module it imports."""
    (project / "pips/rules/faces.py").write_text('"""The faces of a d6 that hit."""\n\nHIT_FACES = 2\n',
                                                 encoding="utf-8")
    hits = project / "pips/rules/hits.py"
    text = hits.read_text(encoding="utf-8").replace("P_HIT = Fraction(2, 6)", "P_HIT = Fraction(HIT_FACES, 6)")
    hits.write_text(text.replace("from rollwright.kit.errata import", "from pips.rules.faces import HIT_FACES\n"
                                 "from rollwright.kit.errata import"), encoding="utf-8")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    with dev_server(tmp_path_factory.mktemp("dev-server-browser"), node=True,
                    before=_faces_in_a_module_of_their_own) as server:
        server.wait_for("pips/", 'name="need"')
        yield server


def test_edits_reach_the_open_page_errors_show_there_and_table_and_widget_agree(served: DevServer, tab) -> None:
    page = tab.page
    page.goto(served.root + "pips/")
    tab.wait_state("pips-odds", "ready")

    served.edit("docs/pips/index.md", "Pips is a game on one page.", "Pips is a game on one page, edited live.")
    page.wait_for_function("() => !!document.body && document.body.textContent.includes('edited live')",
                           timeout=REBUILD_MS)

    undo = served.edit("docs/pips/index.md", "{{ pips_chance(3, 2) }}", "{{ pips_chance(3, 7) }}")
    error = page.locator("main.rw-build-error")
    error.wait_for(timeout=REBUILD_MS)
    assert "pips/index.md, line 10: {{ pips_chance(3, 7) }}" in error.inner_text()
    assert "pips_chance(3, 7): pips.odds: 'need'" in error.inner_text()
    undo()
    page.locator(ODDS).wait_for(timeout=REBUILD_MS)
    assert page.locator("main.rw-build-error").count() == 0
    served.alive()

    # The snapshot is made in the background: a build ships it once made (Markdown edits until one has).
    said = "edited live."
    for number in range(60):
        if page.evaluate(CONFIG)["snapshot"] is not None:
            break
        served.edit("docs/pips/index.md", said, said := f"edited live ({number}).")
        page.wait_for_function("n => !!document.body && document.body.textContent.includes(n)",
                               arg=f"edited live ({number}).", timeout=REBUILD_MS)
    assert page.evaluate(CONFIG)["snapshot"] is not None

    assert page.evaluate(CELL, ["4", 2]) == "40.7%"  # a hit on 5 or 6
    requested: list[str] = []
    tab.context.on("request", lambda request: requested.append(request.url))
    served.edit("pips/rules/faces.py", "HIT_FACES = 2", "HIT_FACES = 3")  # now on 4, 5 or 6
    page.wait_for_function(f"([dice, column, text]) => ({CELL})([dice, column]) === text", arg=["4", 2, "68.8%"],
                           timeout=REBUILD_MS)
    assert page.evaluate(CONFIG)["snapshot"]["refresh"] == ["pips"]  # the last snapshot, with the game to refresh
    # A page on screen while a build failed or a rebuild emptied the site may have lost a script it was still
    # fetching (a failed build leaves only the error page); from this last reload on, nothing may fail.
    tab.errors.clear()
    section = page.locator(ODDS)
    assert section.locator(".rw-odds").get_attribute("data-rw-p") == "1/2"  # its first render: the server's engine
    tab.wait_state("pips-odds", "ready")
    type_into(page, section.locator("[name=dice]"), "4")
    page.keyboard.press("Enter")
    answer = section.locator(".rw-odds[data-rw-p='11/16']")  # answered by the browser's engine
    answer.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert answer.locator("strong").inner_text() == page.evaluate(CELL, ["4", 2]) == "68.8%"
    # Loaded again with the game to refresh in its snapshot, or swapped in place (the running worker taking the new
    # wheel and the edited game), whatever it booted from: the snapshot, or the wheel before any snapshot was made.
    path, refreshes = page.evaluate("[window.rollwright.bootPath, window.rollwright.refreshes]")
    assert path in ("snapshot", "snapshot-refreshed", "fallback") and (refreshes >= 1 or path == "snapshot-refreshed")
    # The new wheel alone: the games were refreshed from it, not after installing all of Python's files.
    assert any(url.endswith(".whl") for url in requested)
    assert not [url for url in requested if url.endswith("python_stdlib.zip")], requested
    served.alive()
    assert tab.errors == []


def _two_of_four(faces: int) -> Fraction:
    """The chance of at least two hits on four dice, each hitting on ``faces`` of its six."""
    hit = Fraction(faces, 6)
    return 1 - (1 - hit) ** 4 - 4 * hit * (1 - hit) ** 3


SEEN = """() => {
  window.__rwSeen = [];
  new MutationObserver(() => {
    for (const odds of document.querySelectorAll("section[data-rw-widget='pips-odds'] .rw-odds[data-rw-p]")) {
      window.__rwSeen.push(odds.getAttribute("data-rw-p"));
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
"""Records every answer the odds widget shows from now on (its exact chance), across a swap in place."""


def test_a_rules_edit_reaches_the_widget_in_place_and_a_failed_build_still_reloads(served: DevServer, tab) -> None:
    page = tab.page
    # The page must name the last snapshot made (no games to refresh): a build ships it once made.
    said = "Pips is a game on one page"
    for number in range(60):
        page.goto(served.root + "pips/")
        if page.evaluate(LAST_SNAPSHOT):
            break
        served.edit("docs/pips/index.md", said, said := f"Pips is a game on one page (swap {number})")
        served.wait_for("pips/", said)
    assert page.evaluate(LAST_SNAPSHOT)
    tab.wait_state("pips-odds", "ready")
    before = page.evaluate(CONFIG)
    assert set(before["sources"]["games"]) == {"pips"} and before["sources"]["base"]  # the digests of its wheel
    page.evaluate("() => { window.__rwMarker = 1; }")
    page.evaluate(SEEN)
    faces = int(re.search(r"HIT_FACES = (\d)", (served.project / "pips/rules/faces.py").read_text()).group(1))
    old = page.evaluate(CELL, ["4", 2])

    served.edit("pips/rules/faces.py", f"HIT_FACES = {faces}", f"HIT_FACES = {faces + 1}")
    page.wait_for_function(f"([dice, column, text]) => ({CELL})([dice, column]) !== text", arg=["4", 2, old],
                           timeout=REBUILD_MS)
    after = page.evaluate(CONFIG)
    assert after["snapshot"]["url"] == before["snapshot"]["url"] and after["engineWheel"] != before["engineWheel"]
    assert after["snapshot"]["refresh"] == ["pips"]
    section = page.locator(ODDS)
    tab.wait_state("pips-odds", "ready")
    type_into(page, section.locator("[name=dice]"), "4")
    page.keyboard.press("Enter")
    answer = section.locator(f".rw-odds[data-rw-p='{_two_of_four(faces + 1)}']")  # the browser's engine, edited
    answer.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert answer.locator("strong").inner_text() == page.evaluate(CELL, ["4", 2]) != old
    assert page.evaluate("window.__rwMarker") == 1  # swapped in place: never loaded again
    assert page.evaluate("[window.rollwright.bootPath, window.rollwright.refreshes]") == ["snapshot", 1]
    assert str(_two_of_four(faces)) not in page.evaluate("window.__rwSeen")  # no answer from the code before the edit
    assert tab.errors == []

    # The snapshot made meanwhile for that edit holds the code the tab runs: pages that name it are still taken in
    # place (Markdown edits until a build ships it), and so is the next rules edit.
    for number in range(60):
        if page.evaluate(CONFIG)["snapshot"]["url"] != before["snapshot"]["url"]:
            break
        served.edit("docs/pips/index.md", said, said := f"Pips is a game on one page (made {number})")
        page.wait_for_function("n => !!document.body && document.body.textContent.includes(n)", arg=said,
                               timeout=REBUILD_MS)
    assert page.evaluate(CONFIG)["snapshot"]["url"] != before["snapshot"]["url"]
    assert page.evaluate("window.__rwMarker") == 1  # those pages too were swapped in place
    tab.wait_state("pips-odds", "ready")  # the page swapped in last has answered its address's 4 dice again
    section.locator(f".rw-odds[data-rw-p='{_two_of_four(faces + 1)}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    page.evaluate(SEEN)
    old = page.evaluate(CELL, ["4", 2])
    served.edit("pips/rules/faces.py", f"HIT_FACES = {faces + 1}", f"HIT_FACES = {faces + 2}")
    page.wait_for_function(f"([dice, column, text]) => ({CELL})([dice, column]) !== text", arg=["4", 2, old],
                           timeout=REBUILD_MS)
    tab.wait_state("pips-odds", "ready")
    type_into(page, section.locator("[name=dice]"), "4")
    page.keyboard.press("Enter")
    answer = section.locator(f".rw-odds[data-rw-p='{_two_of_four(faces + 2)}']")
    answer.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert answer.locator("strong").inner_text() == page.evaluate(CELL, ["4", 2]) != old
    assert page.evaluate("window.__rwMarker") == 1  # never loaded again, though the snapshot changed
    assert page.evaluate("window.rollwright.bootPath") == "snapshot" and page.evaluate("window.rollwright.refreshes") >= 2
    assert str(_two_of_four(faces + 1)) not in page.evaluate("window.__rwSeen")
    assert tab.errors == []

    undo = served.edit("docs/pips/index.md", "{{ pips_chance(3, 2) }}", "{{ pips_chance(3, 7) }}")
    page.locator("main.rw-build-error").wait_for(timeout=REBUILD_MS)
    undo()
    page.locator(ODDS).wait_for(timeout=REBUILD_MS)
    assert page.evaluate("window.__rwMarker") is None  # the error page, then the page, each loaded
    tab.wait_state("pips-odds", "ready")
    served.alive()
