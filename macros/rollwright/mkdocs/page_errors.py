"""A page whose macros fail: the page, the line, the call as written, and whose fault it is.

The page work (:mod:`rollwright.site.page_work`) runs a page's macros and, when one fails, says what went
wrong with :func:`page_problem`, the same words for ``rollwright build`` (a failed build) and ``rollwright
serve`` (an error page in the browser; the server stays up):

>>> markdown = "# Odds\\n\\nA hard task: {{ pips_chanse(3, 2) }} of the time.\\n"
>>> from jinja2 import Environment, StrictUndefined
>>> try:
...     Environment(undefined=StrictUndefined).from_string(markdown).render()
... except Exception as error:
...     print(page_problem(error, "pips/index.md", markdown, macros=["pips_chance", "table"]))
pips/index.md, line 3: {{ pips_chanse(3, 2) }}
  There is no macro named 'pips_chanse'; did you mean 'pips_chance'?
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, Template, TemplateSyntaxError, UndefinedError

from rollwright.blame import GAME, blame, describe
from rollwright.kit.macros import MacroError
from rollwright.site.time_limit import ENVIRONMENT, CallTimedOut, limit_seconds

TEMPLATE = "<template>"
"""The file name Jinja gives a page's Markdown in a traceback."""
_CALLS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
_UNDEFINED = re.compile(r"^'([^']+)' is undefined$")


_COMPILED: dict[tuple[Any, ...], Any] = {}
"""A page's Markdown compiled by Jinja, by its text and the settings that shape the code (kept for the process)."""
KEPT_PAGES = 1000


def compiled(env: Environment, source: str) -> Template:
    """``env.from_string(source)``, compiling each page's text once per process (``rollwright serve`` rebuilds
    every page after each edit, and a page of many macros takes as long to compile as to run from the cache).

    >>> from jinja2 import Environment
    >>> compiled(Environment(), "{{ 1 + 1 }}").render(), compiled(Environment(), "{{ 1 + 1 }}").render()
    ('2', '2')
    """
    key = (source, env.block_start_string, env.block_end_string, env.variable_start_string,
           env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix,
           env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks, env.newline_sequence,
           env.keep_trailing_newline, tuple(sorted(env.extensions)), env.optimized, env.autoescape, env.finalize,
           tuple(sorted(env.filters)), tuple(sorted(env.tests)))  # a missing filter or test fails the compile
    code = _COMPILED.get(key)
    if code is None:
        code = env.compile(source)
        if len(_COMPILED) >= KEPT_PAGES:
            _COMPILED.clear()
        _COMPILED[key] = code
    return env.template_class.from_code(env, code, env.make_globals(None), None)


def template_line(error: BaseException) -> int | None:
    """The line of the page's Markdown the error happened on (Jinja names it in the traceback)."""
    if isinstance(error, TemplateSyntaxError) and error.lineno:
        return int(error.lineno)
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == TEMPLATE:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def call_as_written(text: str, hint: str = "") -> str:
    """The ``{{ ... }}`` on a line that the error is about (the one naming ``hint``, else the first).

    >>> call_as_written('a {{ roll("2d6") }} b {{ table("x") }}', hint="table")
    '{{ table("x") }}'
    """
    calls = _CALLS.findall(text)
    for call in calls:
        if hint and hint in call:
            return str(call)
    return str(calls[0]) if calls else text.strip()


def _cause(error: BaseException, macros: Iterable[str], games: Sequence[str], root: Path | None) -> tuple[str, str]:
    """What to say about the error, and the word to find its call on the line by."""
    if isinstance(error, MacroError):
        return str(error), str(error).partition("(")[0]
    if isinstance(error, CallTimedOut):
        found = blame(error, games)
        where = f" Your game's code was at {found.where.shown(root)}" + (
            f": `{found.where.text}`" if found.where and found.where.text else "") if found.where else ""
        return (f"{str(error).capitalize()}.{where}. Does a loop there never end? Fix it and save (the limit is "
                f"{limit_seconds():g} s, {ENVIRONMENT} to change it)."), ""
    undefined = _UNDEFINED.match(str(error)) if isinstance(error, UndefinedError) else None
    if undefined:
        name = undefined.group(1)
        close = difflib.get_close_matches(name, sorted(macros), n=1)
        return (f"There is no macro named {name!r}" + (f"; did you mean {close[0]!r}?" if close else
                                                         " (see the macros your site's games define)"), name)
    if isinstance(error, TemplateSyntaxError):
        return f"The macro call is not written correctly: {error.message}", ""
    if isinstance(error, TypeError) and blame(error, games).kind != GAME:
        return f"This call's arguments do not fit the macro: {error}", ""
    return describe(error, games, root), ""


def page_problem(error: BaseException, page: str, markdown: str, *, macros: Iterable[str] = (),
                 games: Sequence[str] = (), root: Path | None = None) -> str:
    """``page, line N: <the call as written>`` then what went wrong and what to do, indented."""
    cause, hint = _cause(error, macros, games, root)
    line = template_line(error)
    lines = markdown.splitlines()
    if line is not None and 1 <= line <= len(lines):
        where = f"{page}, line {line}: {call_as_written(lines[line - 1], hint)}"
    else:
        where = page
    return f"{where}\n  {cause}"


def macro_names(plugin: Any) -> list[str]:
    """The names a page can call (every macro and filter mkdocs-macros knows)."""
    return sorted({*getattr(plugin, "macros", {}), *getattr(plugin, "filters", {})})
