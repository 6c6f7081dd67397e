"""The page work: a Python-Markdown extension that every generator runs on every page.

Listed in the site's Markdown extensions as ``rollwright.site.page_work`` (``rollwright build`` and the
MkDocs plugin list it themselves), it

* runs the page's macros (``{{ table(...) }}``, ``{{ widget(...) }}``, ``{{ roll(...) }}``, each game's own):
  the page's Markdown is a Jinja template whose globals are the macros of :mod:`rollwright.mkdocs.macros`,
  strict (a name that is not a macro is an error), each call answered from the content cache when the site
  has one, and stopped when it runs too long (:mod:`.time_limit`);
* gives tables the theme's look (:mod:`rollwright.mkdocs.tables_extension`).

A failed call raises :class:`PageError`: the page, the line, the call as written, and whose fault it is.
The page is named by the generator when it says which page it renders (the MkDocs plugin, Zensical's page
context), else by its Markdown's first heading.

>>> import markdown
>>> html = markdown.markdown('A roll: {{ roll("2d6") }}.', extensions=[PageWork(config_file="")])
>>> 'data-rw-chip' in html
True
>>> markdown.markdown("{{ rol('2d6') }}", extensions=[PageWork(config_file="")])
Traceback (most recent call last):
...
rollwright.site.page_work.PageError: the page, line 1: {{ rol('2d6') }}
  There is no macro named 'rol'; did you mean 'roll'?
"""

from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, StrictUndefined
from markdown import Extension, Markdown  # type: ignore[import-untyped]
from markdown.preprocessors import Preprocessor  # type: ignore[import-untyped]

from rollwright.errors import RollwrightError
from rollwright.kit.macros import start_page_ids
from rollwright.mkdocs.page_errors import compiled, page_problem
from rollwright.mkdocs.tables_extension import TablesExtension
from rollwright.site.time_limit import limited

NAME = "rollwright.site.page_work"
PRIORITY = 36
"""Before every other preprocessor (Zensical's own macros run at 35, snippets at 32): the macros see the page
as written, as mkdocs-macros did."""
CURRENT_PAGE: contextvars.ContextVar[str | None] = contextvars.ContextVar("rollwright_page", default=None)
"""The page being rendered (its path under docs/), when the generator tells (the MkDocs plugin sets it)."""
PAGE_FILES: dict[tuple[str, str], dict[str, set[str]]] = {}
"""(site config, page) -> the games' files its macros used (per game; ``*``: all of it), at its last render in this
process: an edit of one file of a game renders again only the pages whose calls used it."""
_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


class PageError(RollwrightError):
    """A page's macro call failed; the message says where, what and whose fault it is."""

    kind = "page"


class _Macros:
    """The site's macros for this process: loaded once per site (and again when its games are reloaded)."""

    def __init__(self) -> None:
        self.env: Environment | None = None
        self.names: list[str] = []
        self.games: list[str] = []
        self.root: Path | None = None
        self.version: object = None

    def environment(self, config_file: str) -> Environment:
        from rollwright.site import setup

        site = setup.games_for(config_file)  # loads the site's games in this process if not yet loaded
        if self.env is None or self.version is not site.version:
            from rollwright.mkdocs.macros import define_env

            self.env = Environment(undefined=StrictUndefined, autoescape=False)  # noqa: S701 - Markdown, not HTML
            define_env(_Registrar(self.env))
            self.names = sorted(self.env.globals)
            self.games = [str(system.folder) for system in site.systems]
            self.root = site.root
            self.version = site.version
        return self.env


class _Registrar:
    """What ``define_env`` is given: ``env.macro(fn)`` registers a macro, stopped when it runs too long."""

    def __init__(self, env: Environment) -> None:
        self.env = env

    def macro(self, fn: Callable[..., Any], name: str | None = None) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            return limited(lambda: fn(*args, **kwargs))

        self.env.globals[name or fn.__name__] = call
        return fn


_MACROS = _Macros()


def page_name(markdown: Markdown, text: str) -> str:
    """The page being rendered: as the generator says, else by its first heading, else "the page"."""
    told = CURRENT_PAGE.get()
    if told:
        return told
    context = next((p for p in markdown.preprocessors if type(p).__name__ == "ContextPreprocessor"), None)
    page = getattr(context, "page", None)
    path = getattr(page, "path", None) or getattr(getattr(page, "file", None), "src_uri", None)
    if path:
        return str(path)
    heading = _HEADING.search(text)
    return f"the page \u201c{heading.group(1)}\u201d" if heading else "the page"


def page_config(markdown: Markdown, config_file: str) -> dict[str, Any]:
    """The site's config as a page's macros read it (``{{ config.extra.rollwright_systems }}``): the generator's
    own when it shares it (Zensical's page context), else the one the build prepared."""
    from rollwright.site import setup

    context = next((p for p in markdown.preprocessors if type(p).__name__ == "ContextPreprocessor"), None)
    told = getattr(context, "config", None)
    if isinstance(told, dict) and told:
        return told
    return setup.page_config(config_file)


class _RunMacros(Preprocessor):
    def __init__(self, md: Markdown, config_file: str) -> None:
        super().__init__(md)
        self.config_file = config_file

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        page = CURRENT_PAGE.get()
        if "{{" not in text and "{%" not in text:
            if page:
                PAGE_FILES[(self.config_file, page)] = {}
            return lines
        env = _MACROS.environment(self.config_file)
        start_page_ids()
        from rollwright.mkdocs.macros import files_used, started_page

        started_page()
        try:
            rendered = str(compiled(env, text).render(config=page_config(self.md, self.config_file))).split("\n")
            files = files_used()
            if page and files is not None:
                PAGE_FILES[(self.config_file, page)] = files
            return rendered
        except Exception as error:  # noqa: BLE001 - said with the page, the line, the call and whose fault it is
            raise PageError(page_problem(error, page_name(self.md, text), text, macros=_MACROS.names,
                                         games=_MACROS.games, root=_MACROS.root)) from error


class PageWork(Extension):
    """The extension (see the module documentation). ``config_file``: the site's ``mkdocs.yml`` ('' for none:
    the kit's macros only); ``macros``: False when the site runs mkdocs-macros itself, with our module."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"config_file": ["", "the site's mkdocs.yml"],
                       "macros": [True, "run the page macros (False: the site's mkdocs-macros runs them)"],
                       "sources": ["", "the fingerprint of the games' sources: a generator that keeps pages it "
                                       "rendered (Zensical) renders them again when it changes"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        md.registerExtension(self)
        if self.getConfig("macros"):
            md.preprocessors.register(_RunMacros(md, str(self.getConfig("config_file"))), "rollwright_macros", PRIORITY)
        TablesExtension().extendMarkdown(md)


def makeExtension(**kwargs: Any) -> PageWork:  # noqa: N802 - Python-Markdown's entry point
    """What Python-Markdown calls for ``markdown_extensions: [rollwright.site.page_work]``."""
    return PageWork(**kwargs)
