"""The page macros: the generic ones, then each discovered system's own (a ``define_env`` module).

The page work (:mod:`rollwright.site.page_work`) registers them for every generator; a site that runs
mkdocs-macros itself lists this module under its ``modules``.

``define_env`` only registers plain functions. The generic ones are ``table``,
``widget``, ``roll``, ``check`` (a check declared in a ``game.toml``), ``character_builder``, ``roll_log``, and
``things`` and ``entry`` (a game's things: :mod:`rollwright.mkdocs.things_macros`), ``quick_reference`` (a
game's core roll and odds: :mod:`rollwright.mkdocs.quick_reference`); a system adds its own in its ``macros.py``
(a ``MACROS`` tuple), found by package discovery, so a new system edits nothing here.
Each macro returns HTML built by the engine; a bad call raises
:class:`~rollwright.kit.macros.MacroError` naming the macro and the cause, and
mkdocs-macros (``on_error_fail: true``) fails the build with the page.
Designer's notes are Markdown admonitions: ``!!! designer "Designer's note"``.
While Rollwright builds a site, each macro answers from its content cache
(:mod:`rollwright.mkdocs.macro_cache`, :func:`use_cache`).

>>> [fn.__name__ for fn in all_macros()][:3]
['table', 'widget', 'roll']
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from rollwright.kit.discovery import game_packages
from rollwright.kit.system import all_games
from rollwright.mkdocs.inline_rolls import check, roll
from rollwright.mkdocs.macro_cache import MacroCache
from rollwright.mkdocs.pages import character_builder, roll_log, table, widget
from rollwright.mkdocs.quick_reference import quick_reference
from rollwright.mkdocs.things_macros import entry, things

GENERIC_MACROS = (table, widget, roll, check, character_builder, roll_log, things, entry, quick_reference)
UNCACHED = ("entry",)
"""Macros answered afresh every time: ``entry`` links relative to the page it is on (cheap, page-dependent)."""
Owner = Callable[[tuple[Any, ...], dict[str, Any]], "str | None"]
_cache: list[MacroCache] = []


def use_cache(cache: MacroCache | None) -> None:
    """Answer the macros defined from now on from ``cache`` (None: compute every call)."""
    _cache[:] = [cache] if cache is not None else []


def started_page() -> None:
    """A page starts: the cache counts the games its calls use afresh."""
    if _cache:
        _cache[0].start_page()


def owners_used() -> set[str | None] | None:
    """The games (packages; None: the kit) whose code the page's calls so far used, when the cache counts them."""
    return set(_cache[0].owners_used) if _cache else None


def files_used() -> dict[str, set[str]] | None:
    """The games' files (per game, relative to its folder; ``*``: all) the page's calls so far used, when the
    cache counts them."""
    return {game: set(names) for game, names in _cache[0].files_used.items()} if _cache else None


def _packages_by_id() -> dict[str, str]:
    return dict(zip(all_games(), game_packages()))


def _named(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """The game package owning a ``table``/``widget`` call's name (None: the kit's, or no name)."""
    name = args[0] if args else kwargs.get("name")
    if not isinstance(name, str):
        return None
    games = all_games()
    owning = [system_id for system_id in games if games[system_id].owns(name)]
    return _packages_by_id()[owning[0]] if owning else None


def _builder(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    system = args[0] if args else kwargs.get("system", kwargs.get("game"))
    return _packages_by_id().get(system) if isinstance(system, str) else None


GENERIC_OWNERS: dict[str, Owner] = {"table": _named, "widget": _named, "check": _named,
                                    "character_builder": _builder, "roll": lambda args, kwargs: None,
                                    "roll_log": lambda args, kwargs: None,
                                    "things": _builder, "entry": _builder, "quick_reference": _builder}
"""Which game's code each generic macro's call runs (a game's own macros run their game's)."""


def system_macros() -> list[Callable[..., Any]]:
    """Every discovered system's (and example game's) ``MACROS``, in package order."""
    return [fn for fn, _ in _owned_system_macros()]


def _owned_system_macros() -> list[tuple[Callable[..., Any], str]]:
    found: list[tuple[Callable[..., Any], str]] = []
    for package in game_packages():
        name = f"{package}.macros"
        if importlib.util.find_spec(name) is not None:
            found.extend((fn, package) for fn in importlib.import_module(name).MACROS)
    return found


def _owner(fn: Callable[..., Any], package: str | None) -> Owner:
    if package is not None:
        return lambda args, kwargs: package
    return GENERIC_OWNERS[fn.__name__]


def all_macros() -> list[Callable[..., Any]]:
    """The generic macros, then the systems'; two macros may not share a name."""
    macros: list[Callable[..., Any]] = [*GENERIC_MACROS, *system_macros()]
    names = [fn.__name__ for fn in macros]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"two macros share a name: {', '.join(repeated)}")
    return macros


def define_env(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env object
    """Register every macro by its function name (answering from the cache, when there is one)."""
    owners = {fn: package for fn, package in _owned_system_macros()}
    for fn in all_macros():
        cached = _cache and fn.__name__ not in UNCACHED
        env.macro(_cache[0].wrap(fn, _owner(fn, owners.get(fn))) if cached else fn)
