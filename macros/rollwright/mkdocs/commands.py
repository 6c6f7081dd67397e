"""The site commands of ``rollwright``: build and serve a site, and print its editions to PDF (``new`` and
``check`` are added by their modules).

``rollwright.cli`` (the engine's command line) adds these to its parser when this MkDocs side is
installed. Each runs MkDocs on the site's ``mkdocs.yml`` with the Rollwright plugin; strict, so a
broken link or a bad macro call fails the build naming the page.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from rollwright.errors import RollwrightError
from rollwright.mkdocs.devserver import collecting, problems, serve_site
from rollwright.mkdocs.project import find_config


class CommandError(RollwrightError):
    """A site command could not run; the message says why and what to do."""

    kind = "command"


MACROS_LOGGER = "mkdocs.plugins.mkdocs_macros.util"
THEME_NOTICE = ("Note: Material for MkDocs, the theme Rollwright sites use, reaches end of life on 5 May 2027; "
                "Zensical is its successor. Rollwright's changelog will say what a move asks of a site. "
                "(NO_MKDOCS_2_WARNING=1 hides this note, as it hides Material's own.)")
"""Material prints its end-of-life notice only when the ``mkdocs`` command runs; ``rollwright`` says it too."""


class _Lines(logging.Formatter):
    """MkDocs' own layout for its messages: ``INFO    -  Documentation built in 3.10 seconds``."""

    def format(self, record: logging.LogRecord) -> str:
        return f"{record.levelname:<8}-  {super().format(record)}"


def show_messages() -> None:
    """Print the build's messages (MkDocs', the theme's and Rollwright's, from INFO up) as ``mkdocs`` does."""
    logger = logging.getLogger("mkdocs")
    if not any(handler.get_name() == "rollwright" for handler in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.set_name("rollwright")
        handler.setFormatter(_Lines())
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logging.getLogger(MACROS_LOGGER).setLevel(logging.WARNING)  # which modules it loaded: nothing a designer needs
    if not os.environ.get("NO_MKDOCS_2_WARNING"):
        print(THEME_NOTICE, file=sys.stderr)
        os.environ["NO_MKDOCS_2_WARNING"] = "1"  # once per process (and Material's own stays quiet)


def _size(folder: Path) -> tuple[int, int]:
    """How many files a folder holds, and their bytes."""
    sizes = [path.stat().st_size for path in folder.rglob("*") if path.is_file()]
    return len(sizes), sum(sizes)


def built_summary(folder: Path, site_url: str | None) -> str:
    """What ``rollwright build`` says when done: where the site is, how big, and its address if it has one.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "index.html").write_bytes(b"x" * 1500)
    >>> print(built_summary(site, None).replace(str(site), "SITE"))
    The site is in SITE: 1 file, 1.5 kB. Copy that folder to any static host.
    """
    count, size = _size(folder)
    shown = f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.1f} kB"
    lines = [f"The site is in {folder}: {count} file{'' if count == 1 else 's'}, {shown}. "
             "Copy that folder to any static host."]
    if site_url:
        lines.append(f"Its canonical links and sitemap name {site_url}: publish it there.")
    return "\n".join(lines)


def _config_path(args: argparse.Namespace) -> Path:
    path = Path(args.config_file) if args.config_file else find_config()
    if path is None or not path.is_file():
        raise CommandError(f"no site here: {path or 'mkdocs.yml'} is missing (start one with `rollwright new DIR`)")
    return path


def build_site(config_file: Path, site_dir: Path | None = None, site_url: str | None = None) -> Path:
    """Build the site strictly; returns the folder it was written to."""
    return Path(_build(config_file, site_dir, site_url).site_dir)


def _build(config_file: Path, site_dir: Path | None, site_url: str | None,
           prepare: Callable[[MkDocsConfig], None] | None = None) -> MkDocsConfig:
    overrides: dict[str, Any] = {"strict": True}
    if site_dir is not None:
        overrides["site_dir"] = str(site_dir)
    if site_url:
        overrides["site_url"] = site_url
    config = load_config(str(config_file), **overrides)
    if prepare is not None:
        prepare(config)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    finally:
        config.plugins.on_shutdown()
    return config


def _below_warnings(record: logging.LogRecord) -> bool:
    return record.levelno < logging.WARNING


def _cmd_build(args: argparse.Namespace) -> int:
    show_messages()
    shown = next(handler for handler in logging.getLogger("mkdocs").handlers if handler.get_name() == "rollwright")
    shown.addFilter(_below_warnings)  # the problems are said once, all together, when the build fails
    try:
        with collecting() as said:
            try:
                config = _build(_config_path(args), Path(args.site_dir) if args.site_dir else None, args.site_url)
            except MkDocsException as error:
                raise CommandError("the build failed:\n" + "\n".join(problems(error, said))) from None
    finally:
        shown.removeFilter(_below_warnings)
    print(built_summary(Path(config.site_dir), config.site_url))
    return 0


def _plugin(config: MkDocsConfig) -> Any:
    from rollwright.mkdocs.plugin import RollwrightPlugin

    found = [plugin for plugin in config.plugins.values() if isinstance(plugin, RollwrightPlugin)]
    if not found:
        raise CommandError("this site's mkdocs.yml does not use the rollwright plugin (plugins: [search, rollwright])")
    return found[0]


def _cmd_pdf(args: argparse.Namespace) -> int:
    """Build the site with its print editions printed to PDF (each beside its print page)."""
    from rollwright.mkdocs.book.pdf import PdfError, find_chromium

    show_messages()
    try:
        chromium = find_chromium(args.chromium)
    except PdfError as error:
        raise CommandError(str(error)) from None

    def ask_for_pdfs(config: MkDocsConfig) -> None:
        options = _plugin(config).config.book
        if not options.print:
            raise CommandError("this site turns its print editions off (rollwright: book: print: false), "
                               "so there is nothing to print")
        options.pdf, options.chromium = True, str(chromium)

    site_dir = Path(args.site_dir) if args.site_dir else None
    try:
        config = _build(_config_path(args), site_dir, args.site_url, ask_for_pdfs)
    except MkDocsException as error:
        raise CommandError(f"the build failed: {error}") from None
    pdfs = _plugin(config).pdfs
    folder = Path(config.site_dir)
    for pdf in pdfs:
        numbered = "" if pdf["numbered"] else " (its contents without page numbers)"
        print(f"{folder / pdf['path']}: {pdf['pages']} pages, {pdf['bytes'] / 1e6:.1f} MB{numbered}")
    print(built_summary(folder, config.site_url))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    show_messages()
    with collecting() as said:
        try:  # only a mkdocs.yml MkDocs cannot read at start stops here; any later failure is shown in the browser
            serve_site(str(_config_path(args)), args.dev_addr)
        except MkDocsException as error:
            raise CommandError("the site could not be served:\n" + "\n".join(problems(error, said))) from None
    return 0


def add_commands(sub: Any, site: argparse.ArgumentParser) -> None:
    """Add ``build`` and ``serve`` (and the scaffold's and the checks' commands) to the command line."""
    build_parser = sub.add_parser("build", parents=[site], help="build the site into a folder of static files")
    build_parser.add_argument("-d", "--site-dir", default=None, help="where to write it (default: site/)")
    build_parser.add_argument("--site-url", default=None, metavar="URL",
                              help="the address the site will be published at, e.g. https://me.github.io/my-srd/ "
                                   "(for canonical links and the sitemap; default: site_url in mkdocs.yml, else none)")
    build_parser.set_defaults(handler=_cmd_build, uses_site=False)
    pdf_parser = sub.add_parser("pdf", parents=[site],
                                help="build the site and print each game's edition, and the whole site's, to PDF")
    pdf_parser.add_argument("-d", "--site-dir", default=None, help="where to write the site and its PDFs (default: site/)")
    pdf_parser.add_argument("--site-url", default=None, metavar="URL", help="as for build")
    pdf_parser.add_argument("--chromium", default=None, metavar="PATH",
                            help="the Chromium (or Chrome) to print with (default: chromium on the PATH, "
                                 "else /usr/bin/chromium)")
    pdf_parser.set_defaults(handler=_cmd_pdf, uses_site=False)
    serve_parser = sub.add_parser("serve", parents=[site], help="serve the site while you edit it, reloading on change")
    serve_parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address to serve on")
    serve_parser.set_defaults(handler=_cmd_serve, uses_site=False)
    from rollwright.checks.command import add_check_command
    from rollwright.scaffold.new import add_new_command

    add_new_command(sub)
    add_check_command(sub, site)
