"""The MkDocs plugin ``rollwright``: a thin adapter from MkDocs' (and properdocs') events to Rollwright's own steps.

A site's ``mkdocs.yml`` says ``plugins: [search, rollwright]`` and names its games under it; ``mkdocs build``,
``properdocs build`` and ``rollwright build`` then all run the same three steps that a Zensical build runs
without any plugin:

* when the config is read, :func:`rollwright.site.setup.prepare` (the games, the theme's overrides and runtime,
  the joined stylesheet, the page work's Markdown extension), which this adapter writes into MkDocs' config;
* while each page renders, the page work (:mod:`rollwright.site.page_work`), told which page it is;
* when the pages are written, :func:`rollwright.site.finish.finish` over the output folder.

The theme must be Material for MkDocs; its Google Fonts are turned off: a Rollwright site loads nothing from
another host.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from rollwright.blame import GAME, blame, describe
from rollwright.errors import RollwrightError
from rollwright.kit.system import all_systems
from rollwright.mkdocs.resources import theme_dir
from rollwright.site.generators import Generator, by_name
from rollwright.site.page_work import CURRENT_PAGE, NAME as PAGE_WORK
from rollwright.site.setup import SCRIPT, SiteSetup, prepare

log = logging.getLogger("mkdocs.plugins.rollwright")


class RollwrightConfig(base.Config):
    """The plugin's options in ``mkdocs.yml`` (read by :mod:`rollwright.site.setup` for every generator)."""

    systems = c.ListOfItems(c.Type(str), default=[])
    """The site's systems: folders next to mkdocs.yml, or installed systems' names (none: every installed one)."""
    examples = c.ListOfItems(c.Type(str), default=[])
    """Example games: folders of the site (a game's, or a folder of games'); in the registry and the wheel, not
    among the site's games (:func:`rollwright.mkdocs.systems.resolve_examples`)."""
    book = c.Type(dict, default={})
    """The print editions and their PDFs (:class:`rollwright.mkdocs.book.edition.BookOptions`)."""


class RollwrightPlugin(BasePlugin[RollwrightConfig]):
    """Rollwright's MkDocs plugin (see the module documentation)."""

    def __init__(self) -> None:
        self.serving = False
        self.dirty = False
        self.setup: SiteSetup | None = None
        self.pdfs: list[dict[str, Any]] = []
        self.generator: Generator = by_name("properdocs" if _is_properdocs() else "mkdocs")

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember whether this is a server's build: it gets no service worker."""
        self.serving = command == "serve"
        self.dirty = dirty

    @event_priority(100)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Prepare the site (:func:`rollwright.site.setup.prepare`) and tell MkDocs what it needs to know."""
        config_file = Path(config.config_file_path or "mkdocs.yml").resolve()
        try:
            self.setup = setup = prepare(config_file, self.generator, serving=self.serving,
                                         site_url=config.site_url or None)
        except RollwrightError as error:  # a refusal that names its cause, e.g. a game.toml's line and key
            raise PluginError(f"The site's games could not be loaded:\n  {error}") from None
        except Exception as error:  # noqa: BLE001 - said with its blame: the game's file and line, or report it
            games = [str(system.folder) for system in (self.setup.games.systems if self.setup else [])]
            heading = ("The site's games could not be loaded:" if blame(error, games).kind == GAME
                       else "The site could not be set up:")
            raise PluginError(f"{heading}\n  {describe(error, games, config_file.parent)}") from error
        config.theme["font"] = False
        overrides = str(theme_dir())
        if overrides not in config.theme.dirs:
            config.theme.dirs.insert(1 if config.theme.custom_dir else 0, overrides)
        if setup.escaped_theme is not None and str(setup.escaped_theme) not in config.theme.dirs:
            # the theme's templates with the site's name escaped, read before the theme's own (not before ours)
            config.theme.dirs.insert(config.theme.dirs.index(overrides) + 1, str(setup.escaped_theme))
        config.extra.update(setup.extra)
        config.extra_css[:] = setup.extra_css
        if not any(str(script) == SCRIPT for script in config.extra_javascript):
            script = c.ExtraScriptValue(SCRIPT)
            script.type = "module"
            config.extra_javascript.append(script)
        for extension in [*setup.markdown_extensions, PAGE_WORK]:
            if extension not in config.markdown_extensions:
                config.markdown_extensions.append(extension)
        config.mdx_configs[PAGE_WORK] = setup.page_work
        return config

    def on_nav(self, nav: Any, *, config: MkDocsConfig, files: Any) -> Any:
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
        return nav

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Any) -> str:
        """Tell the page work which page it renders (for its messages)."""
        CURRENT_PAGE.set(page.file.src_uri)
        return markdown

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """The site work over the output folder (:func:`rollwright.site.finish.finish`)."""
        from rollwright.site.finish import finish

        CURRENT_PAGE.set(None)
        if self.setup is None:
            raise PluginError("the Rollwright plugin's on_config did not run")
        try:
            self.pdfs = finish(self.setup, Path(config.site_dir), partial=self.dirty)
        except RollwrightError as error:
            raise PluginError(error.message) from None

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        """Rebuild when a game's code changes too (``mkdocs serve``; ``rollwright serve`` watches by itself)."""
        for system in self.setup.games.systems if self.setup else []:
            server.watch(str(system.folder))
        return server


def _is_properdocs() -> bool:
    import mkdocs

    return getattr(mkdocs, "__name__", "mkdocs") == "properdocs"
