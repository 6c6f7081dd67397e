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

from mkdocs.utils.yaml import get_yaml_loader, yaml_load

from rollwright.kit.discovery import use_systems
from rollwright.mkdocs.systems import SiteSystem, SystemConfigError, resolve

CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")
PLUGIN = "rollwright"


class SiteError(ValueError):
    """The site's configuration cannot be used; the message names the file and what to do."""


def find_config(start: Path | None = None) -> Path | None:
    """The ``mkdocs.yml`` in ``start`` (default: the working folder), or None."""
    folder = (start or Path.cwd()).resolve()
    return next((folder / name for name in CONFIG_NAMES if (folder / name).is_file()), None)


def _loader() -> Any:
    """MkDocs' YAML loader (``!ENV``, ``INHERIT``) reading any other tag (``!relative``, ``!!python/name``) as null:
    only the plugin's options are wanted here."""
    loader = get_yaml_loader()
    loader.add_multi_constructor("!", lambda _loader, _suffix, _node: None)
    loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda _loader, _suffix, _node: None)
    return loader


def read_config(config_file: Path) -> dict[str, Any]:
    """A site's ``mkdocs.yml`` as plain data (tags other than ``!ENV`` read as null); SiteError if unreadable."""
    try:
        with open(config_file, encoding="utf-8") as handle:
            config = yaml_load(handle, _loader()) or {}
    except Exception as error:  # YAML and file errors alike: say which file
        raise SiteError(f"{config_file}: cannot be read as MkDocs configuration ({error})") from None
    if not isinstance(config, dict):
        raise SiteError(f"{config_file}: MkDocs configuration is a mapping of settings, not {type(config).__name__}")
    return config


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


def use_site(config_file: Path) -> list[SiteSystem]:
    """Make the site's systems this process's systems; returns them."""
    systems = site_systems(config_file)
    use_systems([system.module for system in systems])
    return systems
