"""The build's warnings about a site's ``game.toml`` files: what reads fine but can never be used.

:mod:`rollwright.data.lint` finds an outcome that no input can ever reach and a character budget that no
character can meet; ``rollwright check`` reports them, and every build says them too, as warnings with file,
line and key. They go to the logger ``rollwright.lint``, which is not under ``mkdocs.``: a strict MkDocs
build still succeeds (the site is right, only its declaration says something useless), and ``rollwright
build`` and ``rollwright serve`` print them (:func:`rollwright.mkdocs.commands.show_messages`).

Each file is swept once per text: a rebuild under ``serve`` with the same ``game.toml`` says the same
findings again without working them out again.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "nogame"
>>> folder.mkdir()
>>> findings([SiteSystem("nogame", folder, "the site's folder nogame")])
[]
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from rollwright.errors import RollwrightError
from rollwright.mkdocs.systems import SiteSystem

LOGGER = "rollwright.lint"
log = logging.getLogger(LOGGER)
_SWEPT: dict[tuple[str, str], list[str]] = {}
"""(package, sha-256 of its game.toml) -> the findings, so that an unchanged file is not swept again."""


def _of(system: SiteSystem) -> list[str]:
    path = system.folder / "game.toml"
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    key = (system.module, hashlib.sha256(text.encode()).hexdigest())
    if key not in _SWEPT:
        from rollwright.data.discover import declared_game
        from rollwright.data.lint import lint
        from rollwright.kit.system import package_system

        try:
            python_system = package_system(system.module) if (system.folder / "__init__.py").is_file() else None
            game = declared_game(system.module, python_system)
            _SWEPT[key] = [str(finding) for finding in lint(game, text)] if game is not None else []
        except (RollwrightError, ImportError, TypeError):
            return []  # the file (or the package) does not load: the build says why, with its line
    return _SWEPT[key]


def findings(systems: list[SiteSystem]) -> list[str]:
    """Every finding of the site's ``game.toml`` files, game by game, each with file, line and key."""
    return [finding for system in systems for finding in _of(system)]


def warn(systems: list[SiteSystem]) -> list[str]:
    """Say the findings of the site's games as warnings (``rollwright.lint``); returns them."""
    found = findings(systems)
    for finding in found:
        log.warning("%s", finding)
    return found
