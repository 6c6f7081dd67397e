"""Before the generator runs: the site's games named to the engine, and what the generator must be told.

:func:`load_games` makes the games a site's ``mkdocs.yml`` names (``plugins: - rollwright: systems: [...]``)
this process's games, importing afresh those whose code changed since the last build of this process, and
answers the page macros from the site's content cache. :func:`prepare` adds what a build needs: the theme's
overrides and the browser runtime (started in the background: :class:`rollwright.mkdocs.site_assets.SiteAssets`),
the one joined stylesheet, the theme's extra values (the runtime's config, the games, the print editions) and
the Markdown extensions. The generator is then told these (the MkDocs plugin into its config, or a config file
written for Zensical), and :mod:`.finish` completes the output folder.
"""

from __future__ import annotations

import atexit
import hashlib
import dataclasses
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rollwright.kit.discovery import load_all, use_systems
from rollwright.kit.reload import forget_systems
from rollwright.kit.system import all_systems
from rollwright.mkdocs.book.edition import plan_editions
from rollwright.mkdocs.book.nav import NavPage, nav_pages, page_url
from rollwright.mkdocs.book.options import BookOptions
from rollwright.mkdocs.macro_cache import Fingerprints, MacroCache, fingerprints
from rollwright.mkdocs.macros import use_cache
from rollwright.mkdocs.project import PLUGIN
from rollwright.mkdocs.search_text import games as search_games
from rollwright.mkdocs.site_assets import SiteAssets
from rollwright.mkdocs.system_styles import joined_stylesheet
from rollwright.mkdocs.systems import SiteSystem, SystemConfigError, resolve, resolve_examples
from rollwright.site.config_file import ConfigFileError, line_of, load
from rollwright.site.errors import SiteBuildError
from rollwright.site.escaped_theme import escaped_templates
from rollwright.site.generators import Generator
from rollwright.site.lint_warnings import warn as warn_unusable
from rollwright.site.module_graph import page_modules
from rollwright.site.time_limit import limited

log = logging.getLogger("mkdocs.plugins.rollwright")
NO_CACHE = ("ROLLWRIGHT_MACRO_CACHE", "off")
"""The environment variable, and its value, that turn the macros' content cache off."""
SHARED_STYLESHEETS = ("assets/rollwright/css/theme.css", "assets/rollwright/css/chips.css",
                      "assets/rollwright/css/builder.css", "assets/rollwright/css/keep.css",
                      "assets/rollwright/css/things.css", "assets/rollwright/css/quickref.css",
                      "assets/rollwright/css/print.css")
SCRIPT = "assets/rollwright/rollwright.js"
MARKDOWN_EXTENSIONS = ("admonition", "attr_list", "md_in_html", "tables", "toc")
"""What the macros' HTML and the designer's notes (``!!! designer``) need; added when missing."""
PAGE_WORK = "rollwright.site.page_work"
REQUEST: dict[str, Any] = {"pdf": False, "chromium": None, "changes_since": None}
"""What ``rollwright pdf`` asks of the build under way's print editions, and ``--changes-since`` of its "What
changed" pages (:func:`rollwright.site.build.build`)."""


@dataclass
class LoadedGames:
    """A site's games as this process has them: their folders, their sources' fingerprints."""

    config_file: Path | None
    root: Path
    systems: list[SiteSystem]
    """The site's games, then its example games (each ``example``): every package the wheel holds."""
    fingerprints: Fingerprints | None
    cache: MacroCache | None = None
    use_directory_urls: bool = True
    version: object = field(default_factory=object)
    """A new object each time the games are loaded again (the page work rebuilds its macros then)."""


_LOADED: dict[str, LoadedGames] = {}
_PAGE_CONFIG: dict[str, dict[str, Any]] = {}


def _key(config_file: Path | None) -> str:
    return str(config_file.resolve()) if config_file else ""


def options(config_file: Path, raw: dict[str, Any]) -> dict[str, Any]:
    """The ``rollwright`` entry's options under ``plugins`` ({} when listed bare); SiteBuildError if absent."""
    for entry in raw.get("plugins") or []:
        if entry == PLUGIN:
            return {}
        if isinstance(entry, dict) and PLUGIN in entry:
            found = entry[PLUGIN] or {}
            if not isinstance(found, dict):
                raise SiteBuildError(f"{config_file.name}, line {line_of(config_file, ['plugins']) or '?'}: "
                                     f"rollwright's options are a mapping (systems: [...]), not {found!r}")
            return dict(found)
    raise SiteBuildError(f"{config_file.name} does not name rollwright under plugins: add `plugins: [search, rollwright]`"
                         f" (with `systems:` listing the site's games)")


def load_games(config_file: Path | None, raw: dict[str, Any] | None = None) -> LoadedGames:
    """Make the site's games this process's, afresh where their code changed since this process last loaded them."""
    key = _key(config_file)
    previous = _LOADED.get(key)
    if config_file is None:
        site = previous or LoadedGames(None, Path.cwd(), [], None)
        _LOADED[key] = site
        return site
    root = config_file.resolve().parent
    raw = raw if raw is not None else _read(config_file)
    entries = options(config_file, raw).get("systems") or []
    if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
        raise SiteBuildError(f"{config_file.name}, line {_systems_line(config_file)}: systems is a list of folders "
                             f"or installed games' names, e.g. systems: [mygame]")
    examples = options(config_file, raw).get("examples") or []
    if not isinstance(examples, list) or not all(isinstance(entry, str) for entry in examples):
        raise SiteBuildError(f"{config_file.name}, line {_systems_line(config_file, 'examples')}: examples is a list "
                             f"of the site's folders (a game's, or a folder of games'), e.g. examples: [docs/gallery]")
    if previous is not None and previous.fingerprints is not None:
        # First: a game whose files changed (or went) leaves sys.modules, so that finding its package below
        # looks at the disk, not at the module imported last time (a folder removed is then said as such).
        changed = fingerprints(previous.systems).changed(previous.fingerprints)
        forget_systems([system.module for system in previous.systems if system.module in changed])
    try:
        systems = resolve(entries, root)
    except SystemConfigError as error:
        raise SiteBuildError(f"{config_file.name}, line {_systems_line(config_file)}: {error}") from None
    try:
        systems += resolve_examples(examples, root, systems)
    except SystemConfigError as error:
        raise SiteBuildError(f"{config_file.name}, line {_systems_line(config_file, 'examples')}: {error}") from None
    now = fingerprints(systems)  # before any import: an edit made meanwhile is seen by the next build
    use_systems([system.module for system in systems if not system.example],
                [system.module for system in systems if system.example])
    if previous is not None:
        limited(load_all)  # the registries again, from the code as it is now
    site = LoadedGames(config_file, root, systems, now, _cache(root, now, previous),
                       bool(raw.get("use_directory_urls", True)))
    _LOADED[key] = site
    return site


def _systems_line(config_file: Path, key: str = "systems") -> str:
    for index in range(20):
        line = line_of(config_file, ["plugins", index, PLUGIN, key])
        if line is not None and line != line_of(config_file, ["plugins", index]):
            return str(line)
    return str(line_of(config_file, ["plugins"]) or "?")


def _cache(root: Path, now: Fingerprints, previous: LoadedGames | None) -> MacroCache | None:
    if os.environ.get(NO_CACHE[0]) == NO_CACHE[1]:
        use_cache(None)
        return None
    cache = previous.cache if previous is not None else None
    if cache is None:
        cache = MacroCache(root / ".cache" / "rollwright" / "macros", now)
    else:
        cache.renew(now)
    use_cache(cache)
    return cache


def loaded_games(config_file: Path) -> LoadedGames | None:
    """The site's games as this process last loaded them, or None."""
    return _LOADED.get(_key(config_file))


def games_for(config_file: str) -> LoadedGames:
    """The games of the site whose page is being rendered: loaded now if this process has not (Zensical's own
    process renders the pages; its answers are kept in the site's cache when it ends)."""
    path = Path(config_file) if config_file else None
    site = _LOADED.get(_key(path))
    if site is None:
        site = load_games(path)
        if site.cache is not None:
            atexit.register(site.cache.save)
    return site


def page_config(config_file: str) -> dict[str, Any]:
    """The site's config with the theme's extra values, as the build under way prepared it (:func:`prepare`)."""
    key = _key(Path(config_file) if config_file else None)
    if key not in _PAGE_CONFIG:
        _PAGE_CONFIG[key] = _read(Path(config_file)) if config_file else {}
    return _PAGE_CONFIG[key]


def _read(config_file: Path) -> dict[str, Any]:
    try:
        return load(config_file)
    except ConfigFileError as error:
        raise SiteBuildError(error.message) from None


@dataclass
class SiteSetup:
    """What one build of a site needs to know and to tell its generator (see the module documentation)."""

    config_file: Path
    root: Path
    raw: dict[str, Any]
    generator: Generator
    serving: bool
    games: LoadedGames
    assets: SiteAssets
    book: BookOptions
    pages: list[NavPage]
    docs_dir: Path
    use_directory_urls: bool
    extra: dict[str, Any]
    stylesheet: tuple[str, str]
    extra_css: list[str]
    markdown_extensions: list[Any]
    escaped_theme: Path | None = None
    """The generator's templates that print the site's name, with it escaped (:mod:`.escaped_theme`): read after
    the site's and Rollwright's overrides, before the generator's theme."""
    site_url: str | None = None
    """The address the site is built for (the command's ``--site-url``, else ``site_url`` in mkdocs.yml)."""
    changes: Any = None
    """The comparison with an earlier release under way (:mod:`rollwright.site.changes_page`), or None."""

    @property
    def page_work(self) -> dict[str, Any]:
        """The page work extension's settings."""
        own_macros = any(entry == "macros" or (isinstance(entry, dict) and "macros" in entry)
                         for entry in self.raw.get("plugins") or [])
        prints = self.games.fingerprints
        sources = ",".join(f"{owner}={value}" for owner, value in sorted(prints.parts.items(), key=str)) if prints else ""
        return {"config_file": str(self.config_file), "macros": not own_macros,
                "sources": hashlib.sha256(sources.encode()).hexdigest()[:16]}


def _check_theme(config_file: Path, raw: dict[str, Any]) -> dict[str, Any]:
    theme = raw.get("theme")
    theme = {"name": theme} if isinstance(theme, str) else dict(theme or {})
    if theme.get("name") != "material":
        raise SiteBuildError(f"{config_file.name}, line {line_of(config_file, ['theme']) or '?'}: Rollwright needs the "
                             f"Material theme (theme: name: material), not {theme.get('name')!r}")
    font = theme.get("font")
    if font not in (False, None) and font != {"text": "Roboto", "code": "Roboto Mono"}:
        log.warning("theme.font is ignored: Material would load it from Google Fonts, and a Rollwright site loads "
                    "nothing from another host")
    theme["font"] = False
    return theme


def prepare(config_file: Path, generator: Generator, *, serving: bool, raw: dict[str, Any] | None = None,
            site_url: str | None = None) -> SiteSetup:
    """Everything a build of the site at ``config_file`` needs before its generator runs."""
    raw = raw if raw is not None else _read(config_file)
    _check_theme(config_file, raw)
    site = load_games(config_file, raw)
    warn_unusable(site.systems)  # an outcome no input reaches, a budget no character meets: said, not failed
    root = site.root
    docs_dir = root / str(raw.get("docs_dir") or "docs")
    use_directory_urls = bool(raw.get("use_directory_urls", True))
    book = BookOptions.from_mapping(options(config_file, raw).get("book"))
    if REQUEST["pdf"]:
        if not book.print:
            raise SiteBuildError("this site turns its print editions off (rollwright: book: print: false), "
                                 "so there is nothing to print")
        book = dataclasses.replace(book, pdf=True, chromium=REQUEST["chromium"] or book.chromium)
    if book.pdf and not serving:
        from rollwright.mkdocs.book.pdf import find_chromium

        find_chromium(book.chromium)  # no Chromium: said now, before the build's work
    pages = nav_pages(raw.get("nav"), docs_dir, use_directory_urls)
    assets = SiteAssets(root, site.systems, serving=serving)
    systems = list(all_systems().values())
    extra: dict[str, Any] = {
        "rollwright": assets.prepare(),
        "rollwright_systems": [{"docs": game.docs, "home": game.pages[0].path if game.pages else "",
                                "home_url": page_url(game.pages[0].path, use_directory_urls) if game.pages else None,
                                "notice": game.licence_notice} for game in systems],
        "rw_search_games": search_games(),
        "rw_modules": page_modules(_own_theme() / "assets" / "rollwright"),
        "rw_print_editions": plan_editions(
            str(raw.get("site_name") or ""), systems, pages, book, use_directory_urls=use_directory_urls,
            serving=serving, docs_pages=[p.src_uri for p in nav_pages(None, docs_dir, use_directory_urls)],
        ) if book.print else [],
    }
    from rollwright.site.changes_page import OPTION, start as start_changes

    since = REQUEST["changes_since"] or options(config_file, raw).get(OPTION)
    changes = start_changes(str(since), root, systems, use_directory_urls) if since and not serving else None
    extra["rw_changes"] = [] if changes is None else [{**page, "since": changes.since} for page in changes.planned]
    for edition in extra["rw_print_editions"]:  # the theme finds a page by its URL, alike in every generator
        edition["home_url"] = page_url(edition["home"], use_directory_urls) if edition["home"] else None
    site_css = [str(css) for css in raw.get("extra_css") or []]
    shared = [uri for uri in SHARED_STYLESHEETS if uri not in site_css] + \
        [uri for uri in site_css if uri.startswith("assets/rollwright/css/")]
    custom = raw.get("theme", {}).get("custom_dir") if isinstance(raw.get("theme"), dict) else None
    theme_dirs = ([root / str(custom)] if custom else []) + [_own_theme()]
    stylesheet = joined_stylesheet(shared, theme_dirs, generator.theme_dir(), docs_dir, theme_variant(raw))
    extra_css = [css for css in site_css if css not in shared] + [stylesheet[0]]
    present = [next(iter(entry)) if isinstance(entry, dict) else str(entry) for entry in raw.get("markdown_extensions") or []]
    wanted = [name for name in MARKDOWN_EXTENSIONS if name not in present]
    if not site.systems and not raw.get("plugins"):
        log.info("This site names no games: only the kit's macros (roll, table, widget) work on its pages")
    site_url = site_url or raw.get("site_url") or None
    if not site_url and not serving:
        log.info("No site_url: pages get no canonical link and sitemap.xml lists paths, not addresses. "
                 "Set site_url in mkdocs.yml, or build with `rollwright build --site-url URL`.")
    _PAGE_CONFIG[_key(config_file)] = {**raw, "extra": {**(raw.get("extra") or {}), **extra}}
    escaped = escaped_templates(generator.theme_dir(), root / ".cache" / "rollwright" / "escaped-theme" / generator.theme)
    return SiteSetup(config_file, root, raw, generator, serving, site, assets, book, pages, docs_dir,
                     use_directory_urls, extra, stylesheet, extra_css, wanted, escaped, site_url, changes)


def theme_variant(raw: dict[str, Any]) -> str:
    """Zensical's theme variant for the site: the one it names, else ``classic``, Material's own look, which
    Rollwright's styles are written for (Zensical's default is ``modern``)."""
    theme = raw.get("theme")
    return str(theme.get("variant") or "classic") if isinstance(theme, dict) else "classic"


def _own_theme() -> Path:
    from rollwright.mkdocs.resources import theme_dir

    return Path(theme_dir())
