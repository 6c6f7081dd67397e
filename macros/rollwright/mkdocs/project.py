"""A Rollwright site as the command line and the tests see it: its ``mkdocs.yml`` and its systems.

The plugin learns the site's systems from its own options while MkDocs builds. Everything that
runs outside a build (``rollwright call``, ``rollwright check``, a site's tests) reads the same
option here, so they all see the systems the site is built with.

>>> import tempfile
>>> site = Path(tempfile.mkdtemp())
>>> _ = (site / "mkdocs.yml").write_text("site_name: T\\nplugins:\\n  - search\\n  - rollwright:\\n      systems: [a, b]\\n")
>>> plugin_options(site / "mkdocs.yml")
{'systems': ['a', 'b']}
>>> _ = (site / "mkdocs.yml").write_text("site_name: T\\nplugins: [search, rollwright]\\n")
>>> plugin_options(site / "mkdocs.yml")
{}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rollwright.kit.discovery import use_systems
from rollwright.site.config_file import CONFIG_NAMES, ConfigFileError, find_config, load
from rollwright.mkdocs.systems import SiteSystem, SystemConfigError, resolve, resolve_examples

PLUGIN = "rollwright"


class SiteError(ValueError):
    """The site's configuration cannot be used; the message names the file and what to do."""


def read_config(config_file: Path) -> dict[str, Any]:
    """A site's ``mkdocs.yml`` as plain data (:func:`rollwright.site.config_file.load`); SiteError if unreadable."""
    try:
        return load(config_file)
    except ConfigFileError as error:
        raise SiteError(error.message) from None


def plugin_options(config_file: Path) -> dict[str, Any] | None:
    """The ``rollwright`` plugin's options in a site's config ({} when listed bare), or None if absent."""
    config = read_config(config_file)
    for entry in config.get("plugins") or []:
        if entry == PLUGIN:
            return {}
        if isinstance(entry, dict) and PLUGIN in entry:
            return dict(entry[PLUGIN] or {})
    return None


def site_systems(config_file: Path) -> list[SiteSystem]:
    """The systems a site's config names (importable once this returns)."""
    options = plugin_options(config_file)
    if options is None:
        raise SiteError(f"{config_file} does not use the rollwright plugin (plugins: [search, rollwright])")
    try:
        return resolve(list(options.get("systems") or []), config_file.parent.resolve())
    except SystemConfigError as error:
        raise SiteError(f"{config_file}: {error}") from None


def site_games(config_file: Path) -> list[SiteSystem]:
    """The systems a site's config names, then its example games (``examples:``), as its wheel holds them."""
    systems = site_systems(config_file)
    entries = (plugin_options(config_file) or {}).get("examples") or []
    if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
        raise SiteError(f"{config_file}: examples is a list of the site's folders, e.g. examples: [docs/gallery]")
    try:
        return systems + resolve_examples(entries, config_file.parent.resolve(), systems)
    except SystemConfigError as error:
        raise SiteError(f"{config_file}: {error}") from None


def use_site(config_file: Path) -> list[SiteSystem]:
    """Make the site's systems (and its example games) this process's; returns the systems."""
    games = site_games(config_file)
    use_systems([game.module for game in games if not game.example], [game.module for game in games if game.example])
    return [game for game in games if not game.example]
