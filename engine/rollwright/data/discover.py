"""Finding a game's ``game.toml`` in its package folder, reading it once, and installing it once.

A folder with a ``game.toml`` and no Python at all is a game (a namespace package); a package
whose ``__init__.py`` declares ``SYSTEM`` may add a ``game.toml`` for the parts data can say
(its file then has no ``[game]``). :mod:`rollwright.kit.system` and :mod:`rollwright.kit.discovery`
call these, so a data game is found and registered exactly like a Python one.

>>> game_file("rollwright") is None
True
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from rollwright.data.loader import GAME_FILE, load_file, with_character
from rollwright.data.model import Game

_installed: dict[str, dict[str, list[str]]] = {}


def game_file(package: str) -> Path | None:
    """The package's ``game.toml``, if it has one."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        candidate = Path(folder) / GAME_FILE
        if candidate.is_file():
            return candidate
    return None


@cache
def declared_game(package: str, python_system: object | None) -> Game | None:
    """The package's declaration (None without a ``game.toml``); read once per process."""
    path = game_file(package)
    if path is None:
        return None
    if python_system is not None:
        return load_file(path, system_id=getattr(python_system, "id"), system=python_system)
    return load_file(path)


@cache
def system_from_file(package: str) -> object | None:
    """The System a data game's file declares (with its builder's schema), or None."""
    game = declared_game(package, None)
    return None if game is None else with_character(game)


def install_package(package: str, python_system: object | None) -> None:
    """Register the package's declared checks, widgets, tables, errata and builder, once."""
    if package in _installed:
        return
    game = declared_game(package, python_system)
    if game is None:
        _installed[package] = {"calls": [], "widgets": [], "tables": [], "errata": []}
        return
    from rollwright.data.install import install

    if python_system is None:
        import dataclasses

        game = dataclasses.replace(game, system=system_from_file(package))
    _installed[package] = install(game, package)


def forget(package: str) -> None:
    """Unregister a package's data (its file was edited) so the next load reads it again."""
    from rollwright.data.install import uninstall

    names = _installed.pop(package, None)
    if names:
        uninstall(names)
    declared_game.cache_clear()
    system_from_file.cache_clear()
