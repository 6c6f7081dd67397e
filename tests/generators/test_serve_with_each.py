"""``rollwright serve``'s loop under MkDocs, properdocs and Zensical (each from a venv that has only it): an edit reaches
the page, an error shows the error page and goes when fixed, a game's endless loop is stopped and named, and a game
folder removed and put back is watched again. Node.js is hidden (no snapshot to make at each rebuild).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.devserver import dev_server

RULES_PAGE = "docs/pips/index.md"
RULES_CODE = "pips/rules/hits.py"
CHANCE = "{{ pips_chance(3, 2) }}"


@pytest.mark.parametrize("generator", ["mkdocs", "properdocs", "zensical"])
def test_the_authors_loop(generator: str, tmp_path: Path) -> None:
    with dev_server(tmp_path, node=False, generator=generator) as server:
        server.wait_for("pips/", "hard task works out 25.9% of the time")
        undo = server.edit(RULES_PAGE, "# ", "# Edited: ")
        server.wait_for("pips/", "Edited: ")
        undo()
        undo = server.edit(RULES_PAGE, CHANCE, "{{ pips_chanse(3, 2) }}")
        server.wait_for("pips/", "did you mean &#x27;pips_chance&#x27;?", error=True)
        undo()
        server.wait_for("pips/", "hard task works out 25.9% of the time")

        undo = server.edit(RULES_CODE, "    miss = 1 - P_HIT\n", "    miss = 1 - P_HIT\n    while True:\n        pass\n")
        said = server.wait_for("pips/", "so it was stopped", error=True)
        assert "pips/rules/hits.py, line" in said and "while True:" in said
        undo()
        server.wait_for("pips/", "hard task works out 25.9% of the time")

        away = tmp_path / "pips-away"
        shutil.move(server.project / "pips", away)  # the game's folder removed ...
        server.wait_for("pips/", "is neither a folder", error=True)
        shutil.move(away, server.project / "pips")  # ... and put back: still watched
        server.wait_for("pips/", "hard task works out 25.9% of the time")
        server.edit(RULES_CODE, "P_HIT = Fraction(2, 6)", "P_HIT = Fraction(3, 6)")
        server.wait_for("pips/", "hard task works out 50% of the time")
        server.alive()
