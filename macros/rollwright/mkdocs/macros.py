"""mkdocs-macros module: the generic page macros, then each discovered system's own.

``define_env`` only registers plain functions. The generic ones are ``table``,
``widget``, ``roll``, ``check`` (a check declared in a ``game.toml``) and ``character_builder``; a system adds its own in its ``macros.py``
(a ``MACROS`` tuple), found by package discovery, so a new system edits nothing here.
Each macro returns HTML built by the engine; a bad call raises
:class:`~rollwright.kit.macros.MacroError` naming the macro and the cause, and
mkdocs-macros (``on_error_fail: true``) fails the build with the page.
Designer's notes are Markdown admonitions: ``!!! designer "Designer's note"``.

>>> [fn.__name__ for fn in all_macros()][:3]
['table', 'widget', 'roll']
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from rollwright.kit.discovery import system_packages
from rollwright.mkdocs.inline_rolls import check, roll
from rollwright.mkdocs.pages import character_builder, table, widget

GENERIC_MACROS = (table, widget, roll, check, character_builder)


def system_macros() -> list[Callable[..., Any]]:
    """Every discovered system's ``MACROS``, in package order."""
    found: list[Callable[..., Any]] = []
    for package in system_packages():
        name = f"{package}.macros"
        if importlib.util.find_spec(name) is not None:
            found.extend(importlib.import_module(name).MACROS)
    return found


def all_macros() -> list[Callable[..., Any]]:
    """The generic macros, then the systems'; two macros may not share a name."""
    macros: list[Callable[..., Any]] = [*GENERIC_MACROS, *system_macros()]
    names = [fn.__name__ for fn in macros]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"two macros share a name: {', '.join(repeated)}")
    return macros


def define_env(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env object
    """Register every macro by its function name."""
    for fn in all_macros():
        env.macro(fn)
