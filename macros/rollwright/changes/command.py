"""``rollwright diff OLD NEW [--format text|markdown|json] [--output FILE] [--no-cache]``.

OLD and NEW are folders (a site's root with its ``mkdocs.yml``, or one game's folder) or git revisions of
the repository the command runs in (``v0.1``, ``HEAD~3``, ``main``); see :mod:`.versions`. Exit status 0
whether or not anything changed (the report says), 2 for a version that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rollwright.changes import report
from rollwright.changes.compare import compare
from rollwright.changes.versions import resolve, snapshots


def changes(old: str, new: str, base: Path, *, use_cache: bool = True) -> dict[str, Any]:
    """The comparison of two versions named as on the command line, from ``base``."""
    versions = [resolve(old, base), resolve(new, base)]
    before, after = snapshots(versions, base, use_cache=use_cache)
    return compare(before, after, old, new)


def render(found: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(found, indent=1, ensure_ascii=False) + "\n"
    return report.markdown(found) if fmt == "markdown" else report.text(found)


def run(args: argparse.Namespace) -> int:
    found = changes(args.old, args.new, Path.cwd(), use_cache=not args.no_cache)
    out = render(found, args.format)
    if args.output:
        Path(args.output).write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    return 0


def add_diff_command(sub: Any) -> None:
    parser = sub.add_parser("diff", help="what changed between two versions of the site's games (folders or git revisions)")
    parser.add_argument("old", metavar="OLD", help="the older version: a folder, or a git revision (a tag, a commit)")
    parser.add_argument("new", metavar="NEW", help="the newer version: a folder (e.g. '.'), or a git revision")
    parser.add_argument("--format", choices=("text", "markdown", "json"), default="text", help="how to print it")
    parser.add_argument("-o", "--output", default=None, metavar="FILE", help="write it to FILE instead")
    parser.add_argument("--no-cache", action="store_true", help="evaluate both versions again, ignoring saved snapshots")
    parser.set_defaults(handler=run, uses_site=False)
