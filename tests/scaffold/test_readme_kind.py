"""The README ``rollwright new`` writes speaks of the kind of game it made: a game.toml, or Python code."""

from __future__ import annotations

from rollwright.scaffold.names import game_names
from rollwright.scaffold.render import DATA_GAME_ROW, PYTHON_GAME_ROW, project_files


def readme(python: bool) -> str:
    return next(f.text for f in project_files(game_names("Ember"), "1.0", python=python) if f.path == "README.md")


def test_a_data_projects_readme_names_its_game_toml_not_python_folders() -> None:
    data = readme(python=False)
    assert "ember/game.toml" in data and "`calls/`" not in data
    assert "`rules/`, `calls/`" in readme(python=True)
    assert PYTHON_GAME_ROW != DATA_GAME_ROW
