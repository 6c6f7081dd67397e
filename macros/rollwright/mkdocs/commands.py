"""The site commands of ``rollwright``: build and serve a site, and print its editions to PDF (``new`` and
``check`` are added by their modules).

``rollwright.cli`` (the engine's command line) adds these to its parser. Each works with whichever generator
is installed (MkDocs, properdocs or Zensical; ``--generator`` chooses, :mod:`rollwright.site.generators`) and
imports none of them until it runs; strict, so a broken link or a bad macro call fails the build naming the page.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.site.build import BuildFailed, build
from rollwright.site.config_file import find_config
from rollwright.site.generators import GENERATORS, Generator, choose
from rollwright.site.lint_warnings import LOGGER as LINT_LOGGER
from rollwright.site.messages import LOGGERS


class CommandError(RollwrightError):
    """A site command could not run; the message says why and what to do."""

    kind = "command"


THEME_NOTICE = ("Note: Material for MkDocs, the theme Rollwright sites use with MkDocs, reaches end of life on 5 May "
                "2027; Zensical, its successor, builds the same site: `rollwright build --generator zensical`. "
                "(NO_MKDOCS_2_WARNING=1 hides this note, as it hides Material's own.)")
"""Material prints its end-of-life notice only when the ``mkdocs`` command runs; ``rollwright`` says it too."""


class _Lines(logging.Formatter):
    """MkDocs' own layout for its messages: ``INFO    -  Documentation built in 3.10 seconds``."""

    def format(self, record: logging.LogRecord) -> str:
        return f"{record.levelname:<8}-  {super().format(record)}"


def show_messages(generator: Generator | None = None) -> None:
    """Print the build's messages (the generator's, the theme's and Rollwright's, from INFO up) as ``mkdocs`` does."""
    for name in (*LOGGERS, LINT_LOGGER):  # the games' findings too: warnings that never fail a build
        logger = logging.getLogger(name)
        if not any(handler.get_name() == "rollwright" for handler in logger.handlers):
            handler = logging.StreamHandler(sys.stderr)
            handler.set_name("rollwright")
            handler.setFormatter(_Lines())
            logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    if not os.environ.get("NO_MKDOCS_2_WARNING") and (generator is None or generator.theme == "material"):
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


def _generator(args: argparse.Namespace) -> Generator:
    try:
        return choose(getattr(args, "generator", None))
    except RollwrightError as error:
        raise CommandError(error.message) from None


def build_site(config_file: Path, site_dir: Path | None = None, site_url: str | None = None,
               generator: Generator | None = None) -> Path:
    """Build the site strictly; returns the folder it was written to (BuildFailed says why it could not)."""
    target = site_dir or config_file.resolve().parent / "site"
    return build(config_file, generator=generator or choose(), site_dir=target, site_url=site_url).site_dir


def _shown(summary: str, generator: Generator, seconds: float) -> str:
    return f"{summary}\nBuilt with {generator.name} {generator.version() or ''} in {seconds:.1f} s.".replace("  ", " ")


def _cmd_build(args: argparse.Namespace) -> int:
    generator = _generator(args)
    show_messages(generator)
    shown = [h for name in LOGGERS for h in logging.getLogger(name).handlers if h.get_name() == "rollwright"]
    for handler in shown:
        handler.addFilter(_below_warnings)  # the problems are said once, all together, when the build fails
    config_file = _config_path(args)
    try:
        site_dir = Path(args.site_dir) if args.site_dir else config_file.resolve().parent / "site"
        built = build(config_file, generator=generator, site_dir=site_dir, site_url=args.site_url)
    except BuildFailed as error:
        raise CommandError(error.message) from None
    finally:
        for handler in shown:
            handler.removeFilter(_below_warnings)
    print(_shown(built_summary(built.site_dir, built.site_url), generator, built.seconds))
    return 0


def _below_warnings(record: logging.LogRecord) -> bool:
    return record.levelno < logging.WARNING


def _cmd_pdf(args: argparse.Namespace) -> int:
    """Build the site with its print editions printed to PDF (each beside its print page)."""
    from rollwright.mkdocs.book.pdf import PdfError, find_chromium

    generator = _generator(args)
    show_messages(generator)
    try:
        chromium = find_chromium(args.chromium)
    except PdfError as error:
        raise CommandError(str(error)) from None
    config_file = _config_path(args)
    site_dir = Path(args.site_dir) if args.site_dir else config_file.resolve().parent / "site"
    try:
        built = build(config_file, generator=generator, site_dir=site_dir, site_url=args.site_url, pdf=True,
                      chromium=str(chromium))
    except BuildFailed as error:
        raise CommandError(error.message) from None
    for pdf in built.pdfs:
        numbered = "" if pdf["numbered"] else " (its contents without page numbers)"
        print(f"{built.site_dir / pdf['path']}: {pdf['pages']} pages, {pdf['bytes'] / 1e6:.1f} MB{numbered}")
    print(built_summary(built.site_dir, built.site_url))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from rollwright.site.devserver import serve_site

    generator = _generator(args)
    show_messages(generator)
    config_file = _config_path(args)
    try:
        serve_site(config_file, args.dev_addr, build=build, generator=generator)
    except (OSError, ValueError) as error:  # the address is taken, or not host:port
        raise CommandError(f"the site could not be served on {args.dev_addr}: {error}") from None
    return 0


def _add_generator(parser: argparse.ArgumentParser) -> None:
    names = [generator.name for generator in GENERATORS]
    parser.add_argument("-g", "--generator", choices=names, default=None,
                        help=f"what turns the pages into HTML: {', '.join(names)} (default: $ROLLWRIGHT_GENERATOR, "
                             f"else the first of them installed)")


def add_commands(sub: Any, site: argparse.ArgumentParser) -> None:
    """Add ``build`` and ``serve`` (and the scaffold's and the checks' commands) to the command line."""
    build_parser = sub.add_parser("build", parents=[site], help="build the site into a folder of static files")
    build_parser.add_argument("-d", "--site-dir", default=None, help="where to write it (default: site/)")
    build_parser.add_argument("--site-url", default=None, metavar="URL",
                              help="the address the site will be published at, e.g. https://me.github.io/my-srd/ "
                                   "(for canonical links and the sitemap; default: site_url in mkdocs.yml, else none)")
    _add_generator(build_parser)
    build_parser.set_defaults(handler=_cmd_build, uses_site=False)
    pdf_parser = sub.add_parser("pdf", parents=[site],
                                help="build the site and print each game's edition, and the whole site's, to PDF")
    pdf_parser.add_argument("-d", "--site-dir", default=None, help="where to write the site and its PDFs (default: site/)")
    pdf_parser.add_argument("--site-url", default=None, metavar="URL", help="as for build")
    pdf_parser.add_argument("--chromium", default=None, metavar="PATH",
                            help="the Chromium (or Chrome) to print with (default: chromium on the PATH, "
                                 "else /usr/bin/chromium)")
    _add_generator(pdf_parser)
    pdf_parser.set_defaults(handler=_cmd_pdf, uses_site=False)
    serve_parser = sub.add_parser("serve", parents=[site], help="serve the site while you edit it, reloading on change")
    serve_parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address to serve on")
    _add_generator(serve_parser)
    serve_parser.set_defaults(handler=_cmd_serve, uses_site=False)
    from rollwright.checks.command import add_check_command
    from rollwright.scaffold.new import add_new_command

    add_new_command(sub)
    add_check_command(sub, site)
