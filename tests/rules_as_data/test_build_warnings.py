"""The build warns about what a ``game.toml`` declares but can never use (issue 37, point 5).

An outcome that no input can ever reach and a character budget that no character can meet read fine and
build green; ``rollwright check`` named them, and now every build and ``rollwright serve`` say them too, as
warnings with file, line and key that do not fail a strict build (the site is right; its declaration says
something useless).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.devserver import dev_server
from tests.support.fixture_site import rollwright, write_data_project

SUCCESS = '{ key = "success", name = "Enough hits", from = 0 },'
NEVER = '{ key = "legend", name = "Legend", from = 9 },\n  { key = "success", name = "Enough hits", from = 0, to = 8 },'
"""A band above the best margin Pips can roll (6 dice, 1 hit needed: at most 5)."""


def _unusable(project: Path) -> tuple[str, str]:
    """Make the project's game.toml declare a band that never happens and a budget no one meets; the two
    warnings a build must say."""
    path = project / "pips" / "game.toml"
    text = path.read_text(encoding="utf-8")
    assert SUCCESS in text and "total = 6" in text
    text = text.replace(SUCCESS, NEVER).replace("total = 6", "total = 40")
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    band = next(n for n, line in enumerate(lines, 1) if '"legend"' in line)
    budget = next(n for n, line in enumerate(lines, 1) if line.strip() == "[character.budget]")
    return (f"pips/game.toml, line {band}, checks.odds.bands.0: the outcome 'legend' can never happen, "
            f"for any input (dice 1 to 6, need 1 to 3); widen the band or remove it",
            f"pips/game.toml, line {budget}, character.budget: no character can spend exactly 40 dice: "
            f"the fields cost 3 to 12 in all")


def test_a_strict_build_says_what_can_never_happen_and_succeeds(tmp_path: Path) -> None:
    project = write_data_project(tmp_path / "pips-data")
    expected = _unusable(project)
    done = rollwright(project, "build", "--site-dir", str(tmp_path / "site"), without_node=True)
    assert done.returncode == 0, done.stderr[-3000:]
    warnings = [line for line in done.stderr.splitlines() if line.startswith("WARNING")]
    assert [re.sub(r"^WARNING\s+-\s+", "", line) for line in warnings] == list(expected)


def test_rollwright_serve_says_them_too(tmp_path: Path) -> None:
    expected: list[str] = []
    with dev_server(tmp_path, node=False, data=True, before=lambda p: expected.extend(_unusable(p))) as server:
        server.wait_for("pips/", 'name="need"')
        said = server.log.read_text(encoding="utf-8")
        assert all(f"WARNING -  {finding}" in said for finding in expected), said[-3000:]
        server.alive()
