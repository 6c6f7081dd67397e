"""What page macros share: one error type, one wrapper, Markdown-safe output, ids unique on a page.

The site's macros (``macros/``) and each system's own (``engine/systems/<system>/macros.py``,
a module with a ``MACROS`` tuple of plain functions) are plain functions from
arguments to engine-rendered HTML. A call the engine refuses raises
:class:`MacroError` naming the macro, its arguments and the cause, and the build
fails naming the page.

>>> from rollwright.errors import ParameterError
>>> def refuse():
...     raise ParameterError("'n' must be at most 10 (got 11)")
>>> engine_call("demo", (11,), {}, refuse)
Traceback (most recent call last):
...
rollwright.kit.macros.MacroError: demo(11): 'n' must be at most 10 (got 11)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from rollwright.errors import RollwrightError

T = TypeVar("T")

_TEXT = re.compile(r">([^<]+)<")
_MARKDOWN_SPECIAL = {c: f"&#{ord(c)};" for c in "*_`[]\\{}~"}


class _PageIds:
    """The ids given out on the page being built: widgets ``rw-w1``, ``rw-w2``, ..., chips ``rw-c1``, ...

    The site build starts each page at 1 (:func:`start_page_ids`), so a page's HTML depends on the page alone.
    """

    def __init__(self) -> None:
        self.given = {"w": 0, "c": 0}

    def next(self, kind: str) -> str:
        self.given[kind] += 1
        return f"rw-{kind}{self.given[kind]}"


PAGE_IDS = _PageIds()


class MacroError(Exception):
    """A macro called with arguments the engine rejects; the message says which and why."""


def signature(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The macro call as a page wrote it, e.g. ``trait_roll(12, vs=10)``."""
    shown = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{name}({', '.join(shown)})"


def engine_call(name: str, args: tuple[Any, ...], kwargs: dict[str, Any], work: Callable[[], T]) -> T:
    """Run ``work``; an engine error becomes a MacroError naming the macro call."""
    try:
        return work()
    except RollwrightError as exc:
        raise MacroError(f"{signature(name, args, kwargs)}: {exc}") from None


def markdown_inert(html: str) -> str:
    """Make the text between tags safe from Markdown's inline syntax (``*``, ``_``, ...).

    Macro output goes back into Markdown, which would read ``a_b_c`` inside a span as
    emphasis. Tags themselves are left alone (Markdown keeps inline tags whole).

    >>> markdown_inert('<span class="a__b">x_y*z*</span>')
    '<span class="a__b">x&#95;y&#42;z&#42;</span>'
    """
    def inert(match: re.Match[str]) -> str:
        return ">" + "".join(_MARKDOWN_SPECIAL.get(c, c) for c in match.group(1)) + "<"

    return _TEXT.sub(inert, html)


def next_chip_id() -> str:
    """A page-unique id for an inline roll chip (``rw-c1``, ``rw-c2``, ...)."""
    return PAGE_IDS.next("c")


def next_widget_id() -> str:
    """A page-unique id for a widget (``rw-w1``, ``rw-w2``, ...)."""
    return PAGE_IDS.next("w")


def start_page_ids() -> None:
    """Start a new page: its first widget is ``rw-w1`` again, its first chip ``rw-c1``.

    >>> start_page_ids(); next_widget_id(), next_chip_id(), next_widget_id()
    ('rw-w1', 'rw-c1', 'rw-w2')
    """
    PAGE_IDS.given = {"w": 0, "c": 0}
