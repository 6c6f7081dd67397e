"""``rollwright check [-f mkdocs.yml] [--system ID] [--no-parity]``: the generic checks, on the command line.

Prints one line per check per system, then each failure with what to do. Exit status 0 when every
check passes (a skipped one says why), 1 when one fails, 2 when the site cannot be used at all (no
``mkdocs.yml``, a system it does not have); added to ``rollwright`` by :mod:`rollwright.mkdocs.commands`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.mkdocs.project import SiteError, find_config

EXIT_FAILED = 1


class CheckInputError(RollwrightError):
    """The site cannot be checked at all; the message says why and what to do."""

    kind = "command"


def _cmd_check(args: argparse.Namespace) -> int:
    from rollwright.checks.runner import SiteChecks

    path = Path(args.config_file) if args.config_file else find_config()
    if path is None or not path.is_file():
        raise CheckInputError(f"no site here: {path or 'mkdocs.yml'} is missing (run this in your site's folder, "
                              "or name its mkdocs.yml with -f)")
    try:
        checks = SiteChecks(path, systems=args.system or None, built=Path(args.built) if args.built else None)
    except (SiteError, ModuleNotFoundError, TypeError) as error:
        raise CheckInputError(str(error)) from None
    with checks:
        names = ", ".join(p.system.id for p in checks.packages) or "no systems"
        print(f"Checking {names} ({path}): building the site, then every check...", file=sys.stderr, flush=True)
        report = checks.report(parity=not args.no_parity)
    print(report.text())
    return 0 if report.ok else EXIT_FAILED


def add_check_command(sub: Any, site: argparse.ArgumentParser) -> None:
    """Add ``check`` to the command line (``site`` is the parser of ``-f/--config-file``)."""
    parser = sub.add_parser("check", parents=[site], help="run the generic checks on every system of the site "
                            "(exit 0: all pass, 1: one fails)")
    parser.add_argument("--system", metavar="ID", action="append", default=[],
                        help="check only this system (by its id; may be repeated)")
    parser.add_argument("--no-parity", action="store_true",
                        help="leave out the parity check (Pyodide under Node against CPython), the slowest")
    parser.add_argument("--built", metavar="DIR", default=None,
                        help="check the site already built in DIR instead of building it")
    parser.set_defaults(handler=_cmd_check, uses_site=False)
