"""Forget systems, so that their next use imports their code afresh (``rollwright serve`` after an edit).

What a system registered goes with it: its calls, widgets and tables (named by its id, as every
system names them), its errata sources (defined in its modules), all its ``game.toml`` declared and its
things (:mod:`rollwright.things`);
then its modules, and every
cached lookup of the registries, so the next use imports the code as it is now on disk.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable

from rollwright.kit import discovery, system
from rollwright.kit.errata import _SOURCES
from rollwright.kit.registry import REGISTRY
from rollwright.kit.tables import _BUILDERS
from rollwright.kit.widget import _REGISTERED


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def forget_systems(packages: Iterable[str]) -> None:
    """Drop every trace of the systems ``packages`` (import names); any that was never imported is skipped.

    >>> forget_systems(["no_such_game"])
    """
    from rollwright.data.discover import forget  # what a game.toml declared goes with its game

    packages = tuple(packages)
    for package in packages:
        forget(package)
        declared = getattr(sys.modules.get(package), "SYSTEM", None)
        if isinstance(declared, system.System):
            for registry in (REGISTRY, _REGISTERED, _BUILDERS):
                for name in [name for name in registry if declared.owns(name)]:
                    del registry[name]
        _SOURCES[:] = [source for source in _SOURCES if not _inside(source.__module__, package)]
        for name in [name for name in sys.modules if _inside(name, package)]:
            del sys.modules[name]
    from rollwright.things.computed import COMPUTERS
    from rollwright.things.registry import forget as forget_things

    for name in [name for name, fn in COMPUTERS.items() if any(_inside(fn.__module__, p) for p in packages)]:
        del COMPUTERS[name]  # a game's computed fields' functions go with its modules
    forget_things()  # its things are read again (a CSV edited)
    discovery.import_package.cache_clear()
    discovery.load.cache_clear()
    discovery.system_packages.cache_clear()
    system._declared.cache_clear()
    _look_again()


def _look_again() -> None:
    """What ``importlib.invalidate_caches()`` does for files on ``sys.path`` (a module added since is found).
    Not that function itself: from Python 3.14 it imports ``importlib.metadata``, which a browser's Python
    restored from the site's memory snapshot does not have (its standard library is left out)."""
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


def refresh_systems(packages: Iterable[str]) -> list[str]:
    """Import the systems ``packages`` afresh from their files as they are now, and fill the registries again;
    returns the packages refreshed. The browser's worker calls it under ``rollwright serve`` after restoring a
    memory snapshot made before the games' code was edited, once the new wheel's files are in place.

    >>> refresh_systems([])
    []
    """
    from rollwright.kit.discovery import load_all

    named = [str(package) for package in packages]
    if named:
        forget_systems(named)
        load_all()
    return named
