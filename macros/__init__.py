"""mkdocs-macros module: page macros that call the engine registry.

``define_env`` only registers plain functions. Each returns HTML built by the
engine; a bad call raises :class:`MacroError` naming the macro and the cause,
and mkdocs-macros (``on_error_fail: true``) fails the build with the page.
Designer's notes are Markdown admonitions: ``!!! designer "Designer's note"``.
"""

from __future__ import annotations

from macros.inline_rolls import roll, trait_roll
from macros.pages import (
    facade_chance,
    facade_dice,
    facade_mean,
    table,
    widget,
)

MACROS = (facade_dice, facade_mean, facade_chance, table, widget, roll, trait_roll)


def define_env(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env object
    """Register every macro by its function name."""
    for fn in MACROS:
        env.macro(fn)
