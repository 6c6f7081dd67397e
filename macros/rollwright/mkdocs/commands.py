"""The site commands of ``rollwright``: build and serve a site (``new`` and ``check`` are added by their modules).

``rollwright.cli`` (the engine's command line) adds these to its parser when this MkDocs side is
installed. Each runs MkDocs on the site's ``mkdocs.yml`` with the Rollwright plugin; strict, so a
broken link or a bad macro call fails the build naming the page.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from rollwright.errors import RollwrightError
from rollwright.mkdocs.project import find_config


class CommandError(RollwrightError):
    """A site command could not run; the message says why and what to do."""

    kind = "command"


def _config_path(args: argparse.Namespace) -> Path:
    path = Path(args.config_file) if args.config_file else find_config()
    if path is None or not path.is_file():
        raise CommandError(f"no site here: {path or 'mkdocs.yml'} is missing (start one with `rollwright new DIR`)")
    return path


def build_site(config_file: Path, site_dir: Path | None = None, site_url: str | None = None) -> Path:
    """Build the site strictly; returns the folder it was written to."""
    overrides: dict[str, Any] = {"strict": True}
    if site_dir is not None:
        overrides["site_dir"] = str(site_dir)
    if site_url:
        overrides["site_url"] = site_url
    config = load_config(str(config_file), **overrides)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    finally:
        config.plugins.on_shutdown()
    return Path(config.site_dir)


def _cmd_build(args: argparse.Namespace) -> int:
    try:
        written = build_site(_config_path(args), Path(args.site_dir) if args.site_dir else None, args.site_url)
    except MkDocsException as error:
        raise CommandError(f"the build failed: {error}") from None
    print(f"built {written}")
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from mkdocs.commands.serve import serve

    serve(str(_config_path(args)), dev_addr=args.dev_addr, livereload=True, strict=True)
    return 0


def add_commands(sub: Any, site: argparse.ArgumentParser) -> None:
    """Add ``build`` and ``serve`` (and the scaffold's and the checks' commands) to the command line."""
    build_parser = sub.add_parser("build", parents=[site], help="build the site into a folder of static files")
    build_parser.add_argument("-d", "--site-dir", default=None, help="where to write it (default: site/)")
    build_parser.add_argument("--site-url", default=None,
                              help="the published address (canonical links, sitemap), e.g. https://me.github.io/srd/")
    build_parser.set_defaults(handler=_cmd_build, uses_site=False)
    serve_parser = sub.add_parser("serve", parents=[site], help="serve the site while you edit it, reloading on change")
    serve_parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address to serve on")
    serve_parser.set_defaults(handler=_cmd_serve, uses_site=False)
    from rollwright.checks.command import add_check_command

    add_check_command(sub, site)
