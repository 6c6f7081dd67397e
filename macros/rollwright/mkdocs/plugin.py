"""The MkDocs plugin ``rollwright``: a site's ``mkdocs.yml`` says ``plugins: [search, rollwright]``.

Found through the ``mkdocs.plugins`` entry point. With it the site gets, and needs nothing else:

* the site's systems (``systems:``, see :mod:`rollwright.mkdocs.systems`), named to the engine;
* the page macros (``table``, ``widget``, ``roll``, ``character_builder`` and every system's own)
  through mkdocs-macros, strict: a bad call fails the build naming the page and the cause. A site
  that lists the ``macros`` plugin itself keeps its own settings and gets Rollwright's macros added;
  otherwise the plugin runs mkdocs-macros for it (a ``main.py`` next to ``mkdocs.yml`` still adds the
  site's own macros, as mkdocs-macros does);
* the theme overrides and the browser runtime (:func:`rollwright.mkdocs.resources.theme_dir`, put
  after the site's own ``custom_dir``), their stylesheets and script, and the Markdown extensions
  the macros' HTML needs;
* tables as the theme shows them, through a Markdown extension (:mod:`rollwright.mkdocs.tables_extension`);
* at the end of the build, the runtime's files (:mod:`rollwright.mkdocs.site_assets`) and search
  text with other spellings;
* a print edition of each game and of the whole site, and with ``book: {pdf: true}`` their PDFs
  (:mod:`rollwright.mkdocs.book`).

The theme must be Material for MkDocs. Its Google Fonts are turned off: a Rollwright site loads
nothing from another host.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs_macros.plugin import MacrosPlugin

from rollwright.blame import GAME, blame, describe
from rollwright.errors import RollwrightError
from rollwright.kit.discovery import load_all, use_systems
from rollwright.kit.reload import forget_systems
from rollwright.kit.system import all_systems
from rollwright.mkdocs.book.edition import BookError, BookOptions, NavPage, plan_editions, write_editions
from rollwright.mkdocs.book_plugin import BookConfig, mkdocs_nav_pages
from rollwright.mkdocs.macro_cache import Fingerprints, MacroCache, fingerprints
from rollwright.mkdocs.macros import use_cache
from rollwright.mkdocs.offline import OFFLINE_PAGE
from rollwright.mkdocs.page_errors import StrictMacros, macro_names, page_problem
from rollwright.mkdocs.resources import theme_dir
from rollwright.mkdocs.search_text import finish_index, games
from rollwright.mkdocs.site_assets import SiteAssets
from rollwright.mkdocs.system_styles import bundle_stylesheets
from rollwright.mkdocs.systems import SiteSystem, SystemConfigError, resolve

MACROS_MODULE = "rollwright.mkdocs.macros"
NO_CACHE = ("ROLLWRIGHT_MACRO_CACHE", "off")
"""The environment variable, and its value, that turn the macros' content cache off."""
STYLESHEETS = ("assets/rollwright/css/theme.css", "assets/rollwright/css/chips.css",
               "assets/rollwright/css/builder.css", "assets/rollwright/css/print.css")
SCRIPT = "assets/rollwright/rollwright.js"
MATERIAL_DEFAULT_FONT = {"text": "Roboto", "code": "Roboto Mono"}
"""The font Material's theme asks Google Fonts for when a site names none (its ``mkdocs_theme.yml``)."""
MARKDOWN_EXTENSIONS = ("admonition", "attr_list", "md_in_html", "tables", "toc", "rollwright.mkdocs.tables_extension")
"""What the macros' HTML and the designer's notes (``!!! designer``) need, and tables as the theme shows
them (:mod:`rollwright.mkdocs.tables_extension`); added when missing."""

log = logging.getLogger("mkdocs.plugins.rollwright")


class RollwrightConfig(base.Config):
    """The plugin's options in ``mkdocs.yml``."""

    systems = c.ListOfItems(c.Type(str), default=[])
    """The site's systems: folders next to mkdocs.yml, or installed systems' names (none: every installed one)."""
    book = c.SubConfig(BookConfig)
    """The print editions and their PDFs (:class:`rollwright.mkdocs.book.edition.BookOptions`)."""


class RollwrightPlugin(BasePlugin[RollwrightConfig]):
    """Rollwright's MkDocs plugin (see the module documentation)."""

    def __init__(self) -> None:
        self.serving = False
        self.systems: list[SiteSystem] = []
        self.assets: SiteAssets | None = None
        self.stylesheet: File | None = None
        self.own_macros: MacrosPlugin | None = None
        self.book = BookOptions()
        self.nav: Any = None
        self.pdfs: list[dict[str, Any]] = []
        self.macro_cache: MacroCache | None = None
        self.loaded: Fingerprints | None = None
        """The games' sources as this process last imported them all (None: import every game afresh)."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember whether this is ``mkdocs serve``: a live-reloading site gets no service worker, and each
        rebuild imports the games' code afresh (MkDocs keeps a plugin with this method across rebuilds)."""
        self.serving = command == "serve"

    @event_priority(100)  # before a site's own `macros` plugin reads its modules
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Name the systems, add the theme and runtime, build the browser's Python, set up the macros.

        A game's code that does not import, or fails while it registers, fails the build saying where.
        """
        try:
            return self._configure(config)
        except PluginError:
            raise
        except BookError as error:  # the book's options, or no Chromium for the PDFs asked for
            raise PluginError(str(error)) from None
        except RollwrightError as error:  # a refusal that names its cause, e.g. a game.toml's line and key
            raise PluginError(f"The site's games could not be loaded:\n  {error}") from None
        except Exception as error:  # noqa: BLE001 - said with its blame: the game's file and line, or report it
            games = [str(system.folder) for system in self.systems]
            site_root = Path(config.config_file_path or "mkdocs.yml").resolve().parent
            heading = ("The site's games could not be loaded:" if blame(error, games).kind == GAME
                       else "The site could not be set up:")
            raise PluginError(f"{heading}\n  {describe(error, games, site_root)}") from error

    def _configure(self, config: MkDocsConfig) -> MkDocsConfig:
        site_root = Path(config.config_file_path or "mkdocs.yml").resolve().parent
        self._check_theme(config)
        rebuild = self.serving and bool(self.systems)
        if rebuild:  # under `serve`, after an edit: the games whose code changed on disk are imported afresh
            changed = fingerprints(self.systems).changed(self.loaded)
            forget_systems([system.module for system in self.systems if system.module in changed])
        self.loaded = None  # until this build has imported them all
        try:
            self.systems = resolve(self.config.systems, site_root)
        except SystemConfigError as error:
            raise PluginError(str(error)) from None
        now = fingerprints(self.systems)  # before any import: an edit made meanwhile is seen by the next rebuild
        use_systems([system.module for system in self.systems])
        if rebuild:
            load_all()  # the registries again, from the code as it is now
        config.extra["rollwright_systems"] = [
            {"docs": game.docs, "home": game.pages[0].path if game.pages else "", "notice": game.licence_notice}
            for game in all_systems().values()]
        config.extra["rw_search_games"] = games()
        self._add_theme(config)
        if not config.site_url:
            log.info("No site_url: pages get no canonical link and sitemap.xml lists paths, not addresses. "
                     "Set site_url in mkdocs.yml, or build with `rollwright build --site-url URL`.")
        if not self.serving:  # the page the service worker shows offline, with the site's look
            config.theme.static_templates.add(OFFLINE_PAGE)
        self.assets = SiteAssets(site_root, self.systems, serving=self.serving)
        config.extra["rollwright"] = self.assets.prepare()
        self.stylesheet = bundle_stylesheets(config)
        self._use_macro_cache(site_root, now)
        self._set_up_macros(config)
        self.loaded = now
        self.book = self.config.book.options()
        config.extra["rw_print_editions"] = []  # where they are, once the nav is known (on_nav)
        if self.book.print and self.book.pdf and not self.serving:
            from rollwright.mkdocs.book.pdf import find_chromium

            find_chromium(self.book.chromium)  # a plain error now, before the build's work, if there is none
        return config

    def _use_macro_cache(self, site_root: Path, now: Fingerprints) -> None:
        """The macros answer from their cache, keyed by the sources as they are now (``ROLLWRIGHT_MACRO_CACHE=off``:
        every call computed, as a check of the cache)."""
        if os.environ.get(NO_CACHE[0]) == NO_CACHE[1]:
            use_cache(None)
            return
        if self.macro_cache is None:
            self.macro_cache = MacroCache(site_root / ".cache" / "rollwright" / "macros", now)
        else:
            self.macro_cache.renew(now)
        use_cache(self.macro_cache)

    def _check_theme(self, config: MkDocsConfig) -> None:
        if config.theme.name != "material":
            raise PluginError(f"Rollwright needs the Material for MkDocs theme (theme: name: material), "
                              f"not {config.theme.name!r}")
        font = config.theme.get("font")
        if font is not False:
            if font and font != MATERIAL_DEFAULT_FONT:  # the site asked for a font; Material's own default is no ask
                log.warning("theme.font is ignored: Material would load it from Google Fonts, and a "
                            "Rollwright site loads nothing from another host")
            config.theme["font"] = False

    def _add_theme(self, config: MkDocsConfig) -> None:
        overrides = str(theme_dir())
        if overrides not in config.theme.dirs:
            config.theme.dirs.insert(1 if config.theme.custom_dir else 0, overrides)
        missing = [sheet for sheet in STYLESHEETS if sheet not in config.extra_css]
        config.extra_css[:0] = missing
        if not any(str(script) == SCRIPT for script in config.extra_javascript):
            script = c.ExtraScriptValue(SCRIPT)
            script.type = "module"
            config.extra_javascript.append(script)
        for extension in MARKDOWN_EXTENSIONS:
            if extension not in config.markdown_extensions:
                config.markdown_extensions.append(extension)

    def _set_up_macros(self, config: MkDocsConfig) -> None:
        sites = [plugin for plugin in config.plugins.values() if isinstance(plugin, MacrosPlugin)]
        if sites:  # the site runs mkdocs-macros itself: add ours to its modules
            for plugin in sites:
                if MACROS_MODULE not in plugin.config["modules"]:
                    plugin.config["modules"].append(MACROS_MODULE)
            self.own_macros = None
            return
        macros = StrictMacros()
        # A bad macro call raises (StrictMacros), and on_page_markdown says where and why: the build fails
        # with that message, and `rollwright serve` shows it in the browser (mkdocs-macros' own exit(100) is never used).
        errors, warnings = macros.load_config({"modules": [MACROS_MODULE], "on_error_fail": True,
                                               "on_undefined": "strict"}, config.config_file_path)
        if errors:
            raise PluginError(f"setting up mkdocs-macros failed: {errors}")
        macros.on_config(config)
        self.own_macros = macros

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Add the site's one joined stylesheet."""
        if self.stylesheet is not None:
            files.append(self.stylesheet)
        return files

    def on_nav(self, nav: Any, *, config: MkDocsConfig, files: Files) -> Any:
        """A page a game declares that the site has but its nav leaves out is an orphan no reader finds (a warning:
        the strict build fails naming it). A declared page the site does not have at all is ``rollwright check``'s
        to report: a site may show an installed game without all of its pages."""
        listed = {page.file.src_uri for page in nav.pages} if config.nav is not None else None
        for game in all_systems().values():
            for declared in game.pages:
                if files.get_file_from_path(declared.path) is not None and listed is not None \
                        and declared.path not in listed:
                    log.warning(f"The page {declared.path} of the game {game.id!r} is not in the nav of mkdocs.yml, "
                                f"so no reader would find it: add it under the game's section "
                                f"(e.g. \"- {declared.title}: {declared.path}\")")
        if self.own_macros is not None:
            self.own_macros.on_nav(nav, config, files)
        self.nav = nav
        try:
            config.extra["rw_print_editions"] = plan_editions(
                config.site_name, list(all_systems().values()), mkdocs_nav_pages(nav), self.book,
                use_directory_urls=config.use_directory_urls, serving=self.serving,
                docs_pages=[file.src_uri for file in files.documentation_pages()])
        except BookError as error:
            raise PluginError(str(error)) from None
        return nav

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        """Every page's Markdown is done: wait for the browser's wheel and snapshot (made meanwhile, see
        :meth:`SiteAssets.prepare`) before any page template names them."""
        if self.assets is None:
            raise PluginError("the Rollwright plugin's on_config did not run")
        self.assets.finish()
        return env

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        """Run the page's macros (when the site does not run mkdocs-macros itself)."""
        if self.own_macros is None:
            return markdown
        try:
            return str(self.own_macros.on_page_markdown(markdown, page, config))
        except Exception as error:  # noqa: BLE001 - said with the page, the line, the call and whose fault it is
            raise PluginError(page_problem(
                error, page.file.src_uri, markdown, macros=macro_names(self.own_macros),
                games=[str(system.folder) for system in self.systems],
                root=Path(config.config_file_path or "mkdocs.yml").resolve().parent)) from error

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Other spellings into the search index, then the runtime's files and the service worker."""
        if self.own_macros is not None:
            self.own_macros.on_post_build(config)
        if self.macro_cache is not None:
            self.macro_cache.save()
        site_dir = Path(config.site_dir)
        finish_index(site_dir)
        if self.assets is None:
            raise PluginError("the Rollwright plugin's on_config did not run")
        self.pdfs = self._write_editions(config, site_dir)  # before the service worker's list of files
        self.assets.write(site_dir)

    def _write_editions(self, config: MkDocsConfig, site_dir: Path) -> list[dict[str, Any]]:
        """The print editions, from the pages just built (and their PDFs, when asked for)."""
        pages: list[NavPage] = mkdocs_nav_pages(self.nav) if self.nav is not None else []
        try:
            return write_editions(site_dir, config.site_name, list(all_systems().values()), pages, self.book,
                                  use_directory_urls=config.use_directory_urls, serving=self.serving,
                                  site_url=config.site_url, site_description=config.site_description,
                                  copyright=config.copyright)
        except BookError as error:
            raise PluginError(str(error)) from None

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        """Rebuild when a system's code changes too (the docs, config and theme are watched already)."""
        for system in self.systems:
            server.watch(str(system.folder))
        return server
