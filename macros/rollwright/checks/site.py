"""The site a check looks at: its ``mkdocs.yml``, its systems and their package folders, its nav, and its build.

:class:`Site` reads the configuration the way the plugin does (``use_site``: the site's systems
become the process's) and builds the site strictly, once, into a folder (:meth:`Site.build`).

>>> url_path("pips/index.md"), url_path("pips/errata.md"), url_path("index.md"), url_path("a.md", directory_urls=False)
('pips/', 'pips/errata/', '', 'a.html')
>>> nav_paths([{"Home": "index.md"}, {"Pips": ["pips/index.md", {"Errata": "pips/errata.md"}]}, "https://x.org/"])
['index.md', 'pips/index.md', 'pips/errata.md', 'https://x.org/']
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rollwright.checks.html import TableReader, read
from rollwright.errors import RollwrightError
from rollwright.kit.system import System, package_system
from rollwright.site.messages import LOGGERS, NOISE
from rollwright.mkdocs.project import SiteError, read_config, use_site
from rollwright.mkdocs.site_assets import NO_NODE
from rollwright.mkdocs.systems import SiteSystem

EDITION_MARK = '<div class="rw-print" data-rw-print="'
"""How a print edition's page starts its content (:func:`rollwright.mkdocs.book.document.edition_html`)."""
CONFIG_RE = re.compile(r'<script type="application/json" id="rw-config">(.*?)</script>', re.DOTALL)


class BuildError(RuntimeError):
    """The site did not build; the message has MkDocs' reason and its warnings."""


def url_path(page: str, directory_urls: bool = True) -> str:
    """The site path of a docs page (``x/index.md`` -> ``x/``, ``x/y.md`` -> ``x/y/``)."""
    stem = page.removesuffix(".md")
    if not directory_urls:
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def nav_paths(nav: Any) -> list[str]:
    """Every page path (or address) named in a ``nav`` value, in order."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [path for value in nav.values() for path in nav_paths(value)]
    if isinstance(nav, list):
        return [path for item in nav for path in nav_paths(item)]
    return []


@dataclass(frozen=True)
class SystemPackage:
    """A system of the site: its declaration and its package (import name and folder)."""

    system: System
    module: str
    folder: Path


class Site:
    """One Rollwright site, as the checks see it (raises SiteError when its config cannot be used)."""

    def __init__(self, config_file: Path) -> None:
        self.config_file = config_file.resolve()
        if not self.config_file.is_file():
            raise SiteError(f"no site here: {config_file} is missing (start one with `rollwright new DIR`)")
        self.root = self.config_file.parent
        self.config = read_config(self.config_file)
        self.site_systems: list[SiteSystem] = use_site(self.config_file)
        self.docs_dir = (self.root / str(self.config.get("docs_dir") or "docs")).resolve()
        self.directory_urls = self.config.get("use_directory_urls", True) is not False
        nav = self.config.get("nav")
        self.nav: list[str] | None = None if nav is None else nav_paths(nav)
        self.packages = [self._package(entry) for entry in self.site_systems]

    @staticmethod
    def _package(entry: SiteSystem) -> SystemPackage:
        try:
            declared = package_system(entry.module)
        except TypeError as error:
            raise SiteError(f"{error} ({entry.folder})") from None
        return SystemPackage(declared, entry.module, entry.folder)

    def package(self, system_id: str) -> SystemPackage:
        """The site's system with this id (SiteError naming the ids there are)."""
        for package in self.packages:
            if package.system.id == system_id:
                return package
        known = ", ".join(p.system.id for p in self.packages) or "none"
        raise SiteError(f"the site has no system {system_id!r} (its systems: {known})")

    def page_file(self, site_dir: Path, page: str) -> Path:
        """The built HTML file of a docs page (``pips/errata.md`` -> ``<site>/pips/errata/index.html``)."""
        path = url_path(page.partition("#")[0], self.directory_urls)
        return site_dir / (path + "index.html" if path.endswith("/") or not path else path)

    def build(self, site_dir: Path, generator: Any = None) -> list[str]:
        """Build the site strictly into ``site_dir`` (with ``generator``, default the one installed); returns the
        build's warnings, or raises BuildError."""
        from rollwright.site.build import BuildFailed, build
        from rollwright.site.generators import choose

        with _mkdocs_log() as records:
            try:
                build(self.config_file, generator=generator or choose(), site_dir=site_dir)
            except BuildFailed as error:
                said = [" ".join(problem.split()) for problem in error.problems]
                raise BuildError(_build_failure("it stopped at an error", said)) from None
            except RollwrightError as error:
                raise BuildError(_build_failure(error.message, records)) from None
        return [record for record in records if record]


_MACRO_ERROR = re.compile(r"_File_: `(?P<page>[^`]+)`.*?_(?P<kind>\w+)_: (?P<message>.*?)(?: ```|$)")


def readable(record: str) -> str:
    """A log record on one line; mkdocs-macros' report of a failed macro as ``page: the macro's message``.

    >>> readable("[macros] - ERROR # _Macro Rendering Error_ _File_: `a/b.md` _MacroError_: table('x'): no "
    ...          "table named 'x' ``` Traceback (most recent call last): ...")
    "a/b.md: table('x'): no table named 'x'"
    """
    found = _MACRO_ERROR.search(record) if "_Macro Rendering Error_" in record else None
    return f"{found['page']}: {found['message'].strip()}" if found else record


def _build_failure(reason: str, warnings: list[str]) -> str:
    listed = "; ".join(warnings[:10]) + (f"; and {len(warnings) - 10} more" if len(warnings) > 10 else "")
    return f"the site did not build strictly ({' '.join(reason.split())})" + (f": {listed}" if warnings else "")


@contextmanager
def _mkdocs_log() -> Iterator[list[str]]:
    """MkDocs' warnings during a build, collected (not printed) so the report can name them.

    The notice that Node.js is missing is not a fault of the site (the build makes a site that boots
    Python the standard way): it is kept out of strict mode's count, and the parity check says it.
    """
    records: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if not record.getMessage().startswith(NOISE):
                records.append(readable(" ".join(record.getMessage().split())))

    def not_the_node_notice(record: logging.LogRecord) -> bool:
        return record.getMessage() != NO_NODE

    loggers, plugin = [logging.getLogger(name) for name in LOGGERS], logging.getLogger("mkdocs.plugins.rollwright")
    handler = Collect(logging.WARNING)
    for logger in loggers:
        logger.addHandler(handler)
    plugin.addFilter(not_the_node_notice)
    try:
        yield records
    finally:
        plugin.removeFilter(not_the_node_notice)
        for logger in loggers:
            logger.removeHandler(handler)


def runtime_config(site_dir: Path) -> dict[str, Any]:
    """The browser runtime's config a built site gives its pages (``config.extra.rollwright``)."""
    home = site_dir / "index.html"
    match = CONFIG_RE.search(home.read_text(encoding="utf-8")) if home.is_file() else None
    if match is None:
        raise BuildError(f"{home} holds no runtime config (is this a site built with the rollwright plugin?)")
    config: dict[str, Any] = json.loads(match.group(1))
    return config


class BuiltSite:
    """A built site's folder, its pages read once each (the checks share one of these per build)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._texts: dict[str, str] = {}
        self._readers: dict[str, TableReader] = {}

    def _html(self) -> list[str]:
        return sorted(p.relative_to(self.directory).as_posix() for p in self.directory.rglob("*.html")
                      if not p.relative_to(self.directory).as_posix().startswith("assets/"))

    def pages(self) -> list[str]:
        """Every HTML page but the print editions, as paths relative to the site (``pips/index.html``), sorted."""
        return [page for page in self._html() if EDITION_MARK not in self.text(page)]

    def editions(self) -> list[str]:
        """The print editions' pages (:mod:`rollwright.mkdocs.book`): the site's pages again, for paper."""
        return [page for page in self._html() if EDITION_MARK in self.text(page)]

    def text(self, page: str) -> str:
        if page not in self._texts:
            self._texts[page] = (self.directory / page).read_text(encoding="utf-8")
        return self._texts[page]

    def reader(self, page: str) -> TableReader:
        """The page's tables and attributes (:func:`rollwright.checks.html.read`)."""
        if page not in self._readers:
            self._readers[page] = read(self.text(page))
        return self._readers[page]
