"""One build of a site with the chosen generator: prepare, let it render the pages, finish the folder.

* MkDocs and properdocs render in this process, through Rollwright's MkDocs plugin, the thin adapter that
  calls :func:`rollwright.site.setup.prepare` when the config is read and :func:`rollwright.site.finish.finish`
  when the pages are written. Under ``rollwright serve``, an edit to the Markdown alone re-renders only the
  pages edited (MkDocs' dirty build); anything else (a game's code, ``mkdocs.yml``, the theme) rebuilds all.
* Zensical runs as a program of its own on a config written for it beside ``mkdocs.yml``
  (:mod:`.zensical_config`), with the page work as a Markdown extension; then this process finishes the folder.

A build that fails raises :class:`BuildFailed` with every problem said (file and line where known, no path of
the machine); it never exits the process.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.site.config_file import line_of, line_of_value
from rollwright.site.generators import Generator
from rollwright.site.messages import BUILD_ERROR, collecting, problems
from rollwright.site.setup import REQUEST

DOCS_SUFFIXES = (".md", ".markdown")


class BuildFailed(RollwrightError):
    """The site did not build; ``problems`` lists what went wrong, each ready to show."""

    kind = "build"

    def __init__(self, found: list[str]) -> None:
        super().__init__("the build failed:\n" + "\n".join(found))
        self.problems = found


@dataclass
class BuiltSite:
    """Where a build wrote the site, and what it made."""

    site_dir: Path
    site_url: str | None
    generator: str
    seconds: float
    pdfs: list[dict[str, Any]] = field(default_factory=list)


def with_lines(found: list[str], config_file: Path) -> list[str]:
    """Each problem about a setting or a nav entry of ``mkdocs.yml``, with the line it is on."""
    out = []
    for text in found:
        line = None
        if "'nav' configuration" in text:
            page = next(iter(_quoted(text)), None)
            line = line_of_value(config_file, page) if page else None
        elif text.startswith("Config value"):
            key = next(iter(_quoted(text)), None)
            line = line_of(config_file, [key]) if key else None
        out.append(f"{config_file.name}, line {line}: {text}" if line else text)
    return out


def _quoted(text: str) -> list[str]:
    return re.findall(r"'([^']+)'", text)


def _docs_only(changed: frozenset[Path] | None, config_file: Path) -> bool:
    """Whether every changed file is a page's Markdown (a dirty build then suffices)."""
    if not changed:
        return False
    docs = (config_file.resolve().parent / "docs").resolve()
    return all(path.suffix in DOCS_SUFFIXES and path.resolve().is_relative_to(docs) and path.exists()
               for path in changed)


def _pages_of_games(changed: frozenset[Path] | None, config_file: Path, site_dir: Path) -> bool:
    """When every changed file is a game's (its code, its game.toml) or a page's, make the pages whose calls used
    those files (and only them) stale in ``site_dir``, so a dirty build renders them again; False when a whole build
    is needed. An edited Python file of a game touches the pages whose calls used it (:mod:`.page_work`'s
    ``PAGE_FILES``); any other file of a game (added, removed, its game.toml) the pages that use the game at all."""
    from rollwright.mkdocs.book.nav import page_url
    from rollwright.mkdocs.book.urls import page_file
    from rollwright.site.page_work import PAGE_FILES
    from rollwright.site.setup import loaded_games

    site = loaded_games(config_file)
    if not changed or site is None or not site_dir.is_dir():
        return False
    whole: set[str] = set()
    edited: dict[str, set[str]] = {}
    before = site.fingerprints.digests if site.fingerprints is not None else {}
    for path in changed:
        owner = next((s for s in site.systems if path.resolve().is_relative_to(s.folder.resolve())), None)
        if owner is None:
            if path.suffix in DOCS_SUFFIXES and path.exists():
                continue
            return False  # mkdocs.yml, the theme, Rollwright itself: everything again
        name = path.resolve().relative_to(owner.folder.resolve()).as_posix()
        if path.suffix == ".py" and path.exists() and name in before.get(owner.module, {}):
            edited.setdefault(owner.module, set()).add(name)
        else:
            whole.add(owner.module)
    pages = {page: files for (config, page), files in PAGE_FILES.items() if config == str(config_file)}
    docs = config_file.parent / "docs"
    if not pages or any(path.suffix in DOCS_SUFFIXES and path.relative_to(docs).as_posix() not in pages
                        for path in changed if path.is_relative_to(docs)):
        return False
    use_directory_urls = bool(site.use_directory_urls)
    for page, files in pages.items():
        if any(game in whole or "*" in names or names & edited.get(game, set()) for game, names in files.items()
               if game in whole or game in edited):
            (site_dir / page_file(page_url(page, use_directory_urls))).unlink(missing_ok=True)
    return True


class _NoDirtyNote(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(("A 'dirty' build", "The directory contains stale files"))


def _build_in_process(config_file: Path, generator: Generator, site_dir: Path, site_url: str | None,
                      serving: bool, dirty: bool) -> list[dict[str, Any]]:
    generator.activate()
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from rollwright.mkdocs.plugin import RollwrightPlugin

    overrides: dict[str, Any] = {"strict": True, "site_dir": str(site_dir)}
    if site_url:
        overrides["site_url"] = site_url
    config = load_config(str(config_file), **overrides)
    found = [plugin for plugin in config.plugins.values() if isinstance(plugin, RollwrightPlugin)]
    if not found:
        raise BuildFailed([f"{config_file.name} does not name rollwright under plugins: "
                           f"add `plugins: [search, rollwright]`"])
    found[0].generator = generator
    config.plugins.on_startup(command="serve" if serving else "build", dirty=dirty)
    quiet = _NoDirtyNote()
    # The note's logger is the build module's own: "mkdocs.commands.build", or properdocs' under its name.
    loggers = {logging.getLogger(name) for name in ("mkdocs.commands.build", mkdocs_build.__module__)}
    for logger in loggers:
        logger.addFilter(quiet)
    try:
        mkdocs_build(config, dirty=dirty)
    finally:
        for logger in loggers:
            logger.removeFilter(quiet)
        config.plugins.on_shutdown()
    return found[0].pdfs


def build(config_file: Path, *, generator: Generator, site_dir: Path, site_url: str | None = None,
          serving: bool = False, changed: frozenset[Path] | None = None, pdf: bool = False,
          chromium: str | None = None, changes_since: str | None = None) -> BuiltSite:
    """Build the site whose config is ``config_file`` into ``site_dir`` (see the module documentation)."""
    config_file = config_file.resolve()
    root = config_file.parent
    started = time.perf_counter()
    REQUEST.update(pdf=pdf, chromium=chromium, changes_since=changes_since)
    with collecting() as said:
        try:
            if generator.serves_itself:
                dirty = serving and site_dir.is_dir() and (_docs_only(changed, config_file)
                                                           or _pages_of_games(changed, config_file, site_dir))
                pdfs = _build_in_process(config_file, generator, site_dir, site_url, serving, dirty)
            else:
                from rollwright.site.zensical_build import build_with_zensical

                pdfs = build_with_zensical(config_file, generator, site_dir, site_url, serving)
        except BuildFailed:
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - every failure is said, the process lives
            found = problems(error, [text for text in said if text != BUILD_ERROR], root)
            if isinstance(error, RollwrightError) and str(error) not in "\n".join(found):
                found.append(str(error))
            raise BuildFailed(with_lines(found, config_file)) from error
        finally:
            REQUEST.update(pdf=False, chromium=None, changes_since=None)
    return BuiltSite(site_dir, site_url, generator.name, time.perf_counter() - started, pdfs)
