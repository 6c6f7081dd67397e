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
- the server's process stays alive throughout.
"""

from __future__ import annotations

from collections.abc import Iterator
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
    assert page.evaluate("window.rollwright.bootPath") == "snapshot-refreshed"
    # The new wheel alone: the games were refreshed from it, not after installing all of Python's files.
    assert any(url.endswith(".whl") for url in requested)
    assert not [url for url in requested if url.endswith("python_stdlib.zip")], requested
    served.alive()
    assert tab.errors == []
