"""The ``rollwright`` command (also ``python -m rollwright``).

Engine commands, which need no site:

- ``roll NOTATION [--seed N] [--depth N] [--json]``: one seeded roll, every die shown.
- ``dist NOTATION [--depth N] [--json]``: the exact distribution.
- ``call NAME [JSON]`` / ``calls``: the ``rollwright.kit.api`` registry, answers as JSON.
- ``character validate FILE [--json]`` / ``character sheet FILE [--format text|markdown]``: a character
  file checked against its system's rules (exit 1 if it has errors), or its sheet; the system is
  found from the file's ``schema``.
- ``things [GAME [KIND]] [--format json|csv]``: a game's kinds of things, or one kind's entries
  (:mod:`rollwright.things_cli`).

Bad or capped input (argument errors too) exits with status 2 and one ``error: ...`` line
on stderr, never a traceback; JSON and character files are measured against the kit's input
limits (:mod:`rollwright.kit.limits`) before they are parsed. Text that cannot be encoded for the
terminal (a lone surrogate in a character's name) is printed with backslash escapes.
A notation that starts with '-' goes after ``--``: ``roll --seed 3 -- -d4+2``.

``call``, ``calls`` and ``character`` use the systems of the site in the working folder (its
``mkdocs.yml``, or the one ``--config-file`` names), else every installed system. The site
commands (``new``, ``build``, ``pdf``, ``serve``, ``check``) come from :mod:`rollwright.mkdocs.commands`,
which this module only names: the engine imports nothing of MkDocs.

>>> main(["dist", "d2", "--json"])
{"notation": "d2", "depth": 9, "outcomes": [[1, "1/2"], [2, "1/2"]], "mean": 1.5}
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import secrets
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

import rollwright
from rollwright.blame import describe
from rollwright.dice.notation import distribution, parse, to_text
from rollwright.dice.pools import DEFAULT_DEPTH
from rollwright.dice.rolling import DieRoll, RollReport, roll
from rollwright.errors import RollwrightError
from rollwright.kit.limits import MAX_TEXT, check_text, clip, load_json, whole_number

EXIT_INPUT = 2
"""Exit status for input the engine refuses (same as argparse's usage errors)."""

EXIT_BUG = 70
"""Exit status for a fault in the engine itself (sysexits' EX_SOFTWARE): one line, no traceback."""

TRACEBACK_ENV = "ROLLWRIGHT_TRACEBACK"
"""Set this environment variable to see the traceback of a fault in the engine."""

SITE_COMMANDS = "rollwright.mkdocs.commands"
"""Where the site commands live (``add_commands(subparsers)``); the engine names it, never imports it."""
SITE_PROJECT = "rollwright.mkdocs.project"


class InputError(RollwrightError):
    """Bad command-line input that is not dice notation (e.g. malformed JSON)."""

    kind = "input"


def _shown(text: str, limit: int = 60) -> str:
    """The user's input, quoted on one line and cut short if long."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error raises InputError (one line, exit 2) instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise InputError(f"{clip(message, 300)} (see: {self.prog} --help)")


def _whole(text: str) -> int:
    """argparse type for ``--seed`` and ``--depth``: a whole number, its length capped before converting."""
    try:
        return whole_number(text, "")
    except (RollwrightError, ValueError) as err:
        detail = err.message if isinstance(err, RollwrightError) else "expected a whole number such as 7"
        raise argparse.ArgumentTypeError(f"{detail} (got {_shown(text)})") from None


def _dump(data: Any) -> None:
    print(json.dumps(data, indent=2))


# --- roll ----------------------------------------------------------------
def _die_text(die: DieRoll) -> str:
    text = "+".join(str(face) for face in die.faces)
    if die.sign < 0:
        text = f"-{text}" if len(die.faces) == 1 else f"-({text})"
    if die.capped:
        text += " (cap)"
    return text if die.kept else f"[{text}]"


def format_roll(report: RollReport, seed_was_random: bool = False) -> str:
    """Human-readable roll: one line per term, then the total and how to replay it."""
    lines = [f"{report.notation}   (explosion cap {report.depth})"]
    width = max(len(term.text) for term in report.terms)
    for index, term in enumerate(report.terms):
        sign = "-" if term.sign < 0 else ("+" if index else " ")
        dice = ", ".join(_die_text(die) for die in term.dice) if term.dice else str(term.value)
        lines.append(f"  {sign} {term.text:<{width}}  {dice}  = {term.value}")
    lines.append(f"total: {report.total}")
    if any(not die.kept for term in report.terms for die in term.dice):
        lines.append("[x] = dropped die")
    origin = "random seed" if seed_was_random else "seed"
    lines.append(f"{origin} {report.seed}; repeat with --seed {report.seed}")
    return "\n".join(lines)


def _cmd_roll(args: argparse.Namespace) -> int:
    seed_was_random = args.seed is None
    seed = secrets.randbelow(2**32) if seed_was_random else args.seed
    report = roll(args.notation, seed=seed, depth=args.depth)
    if args.json:
        _dump(report.to_dict())
    else:
        print(format_roll(report, seed_was_random))
    return 0


# --- dist ----------------------------------------------------------------
def _cmd_dist(args: argparse.Namespace) -> int:
    if args.json:  # the same report as the registry's dice.dist: one contract, one place
        from rollwright.kit.calls.dice import distribution_report

        print(json.dumps(distribution_report(args.notation, args.depth)))
        return 0
    expr = parse(args.notation)
    dist = distribution(expr, depth=args.depth)
    probabilities = dist.probabilities()
    print(f"{to_text(expr)}   (explosion cap {args.depth})")
    print(f"{'value':>7}  {'probability':>11}  {'at least':>9}")
    remaining = Fraction(1)
    for value, p in probabilities:
        print(f"{value:>7}  {float(p) * 100:>10.4f}%  {float(remaining) * 100:>8.4f}%")
        remaining -= p
    print(f"mean {float(dist.mean()):.4f}   stdev {dist.stdev():.4f}")
    return 0


# --- call / calls --------------------------------------------------------
def _cmd_call(args: argparse.Namespace) -> int:
    try:
        params = load_json(args.params, "parameters")
    except json.JSONDecodeError as err:
        raise InputError(
            f"parameters are not valid JSON ({err.msg} at position {err.pos + 1} in {_shown(args.params)})"
        ) from None
    if not isinstance(params, dict):
        raise InputError(f"parameters must be a JSON object such as '{{\"trait\": 7}}', not {_shown(args.params)}")
    _dump(_api().call(args.name, params))
    return 0


def _cmd_calls(args: argparse.Namespace) -> int:
    _dump(_api().describe())
    return 0


def _use_site(args: argparse.Namespace) -> None:
    """Name the systems of the site in the working folder (or ``--config-file``) to the engine, if there is one."""
    config = getattr(args, "config_file", None)
    try:
        project = importlib.import_module(SITE_PROJECT)
    except ModuleNotFoundError:
        if config:
            raise InputError("--config-file needs Rollwright's MkDocs side, which is not installed") from None
        return  # the engine alone: every installed system
    path = project.find_config() if config is None else Path(config)
    if path is None:
        return
    if not path.is_file():
        raise InputError(f"no site configuration at {_shown(str(path))}")
    try:
        project.use_site(path)
    except ValueError as err:
        raise InputError(str(err)) from None


def _api() -> Any:
    """``rollwright.kit.api``, imported only when needed, so roll and dist work without it."""
    try:
        from rollwright.kit import api
    except ModuleNotFoundError as err:
        if err.name != "rollwright.kit.api":
            raise
        raise InputError("the call registry (rollwright.kit.api) is not available in this build") from None
    return api


# --- character -----------------------------------------------------------
def _character_file(path: str) -> Any:
    """The JSON in a character file, or InputError naming the file and what is wrong."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_TEXT + 1)  # a larger file is refused without reading the rest
    except OSError as err:
        raise InputError(f"cannot read {_shown(path)}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise InputError(f"{_shown(path)} is not UTF-8 text") from None
    check_text(text, _shown(path), whole=False)
    try:
        return load_json(text, _shown(path))
    except json.JSONDecodeError as err:
        raise InputError(f"{_shown(path)} is not valid JSON ({err.msg} at line {err.lineno}, "
                         f"column {err.colno})") from None


def _cmd_character(args: argparse.Namespace) -> int:
    """Validate a character file, or print its sheet, through its system's builder contract."""
    from rollwright.kit.characters import contract_call, system_for_document

    document = _character_file(args.file)
    system = system_for_document(document)
    api = _api()
    if args.action == "sheet":
        fmt = "markdown" if args.format == "markdown" else "text"
        sys.stdout.write(api.call(contract_call(system, "sheet"), {"character": document, "format": fmt})["sheet"])
        return 0
    result = api.call(contract_call(system, "check"), {"character": document})
    if args.json:
        _dump({key: result[key] for key in ("valid", "migrated_from", "messages", "spending", "character")
               if key in result})
    else:
        errors = sum(m["severity"] == "error" for m in result["messages"])
        warnings = len(result["messages"]) - errors
        name = result["character"].get("name") or "unnamed character"
        print(f"{args.file}: {name}: {'valid' if result['valid'] else 'not valid'} "
              f"({errors} error{'' if errors == 1 else 's'}, {warnings} warning{'' if warnings == 1 else 's'})")
        for m in result["messages"]:
            print(f"  {m['severity']}: {m['text']} [{m['code']}; rule: {m['rule']}, {m['href']}]")
    return 0 if result["valid"] else 1


# --- wiring --------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argparse parser for all the subcommands."""
    parser = _Parser(
        prog="rollwright",
        description="Rollwright: interactive rules references for tabletop RPGs, from one exact rules engine.",
        epilog="A notation that starts with '-' goes last, after '--': roll --seed 3 -- -d4+2",
    )
    parser.add_argument("--version", action="version", version=f"rollwright {rollwright.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    site = _Parser(add_help=False)
    site.add_argument("-f", "--config-file", metavar="MKDOCS_YML", default=None,
                      help="the site whose systems to use (default: ./mkdocs.yml if there is one)")
    site.set_defaults(uses_site=True)

    roll_parser = sub.add_parser("roll", help="roll dice once, showing every die")
    roll_parser.add_argument("notation", metavar="NOTATION", help="dice notation, e.g. '2d10+d4', '10k5', 'od20', 'd8!'")
    roll_parser.add_argument("--seed", type=_whole, default=None, help="seed to repeat a roll (default: random, printed)")
    roll_parser.add_argument("--depth", type=_whole, default=DEFAULT_DEPTH, help=f"explosion cap (default {DEFAULT_DEPTH})")
    roll_parser.add_argument("--json", action="store_true", help="print the roll as JSON")
    roll_parser.set_defaults(handler=_cmd_roll)

    dist_parser = sub.add_parser("dist", help="exact distribution of a dice expression")
    dist_parser.add_argument("notation", metavar="NOTATION", help="dice notation, e.g. '2d6', '3d10+d6'")
    dist_parser.add_argument("--depth", type=_whole, default=DEFAULT_DEPTH, help=f"explosion cap (default {DEFAULT_DEPTH})")
    dist_parser.add_argument("--json", action="store_true", help="print exact fractions as JSON")
    dist_parser.set_defaults(handler=_cmd_dist)

    call_parser = sub.add_parser("call", parents=[site], help="call a named engine function with JSON parameters")
    call_parser.add_argument("name", metavar="NAME", help="registry name, e.g. 'dice.dist'")
    call_parser.add_argument("params", metavar="JSON", nargs="?", default="{}", help="parameters as a JSON object")
    call_parser.set_defaults(handler=_cmd_call)

    calls_parser = sub.add_parser("calls", parents=[site], help="list the registry's calls and their parameters")
    calls_parser.set_defaults(handler=_cmd_calls)

    char_parser = sub.add_parser("character", parents=[site], help="check a character file or print its sheet")
    char_sub = char_parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    validate_parser = char_sub.add_parser("validate", help="check a character against its system's rules "
                                          "(exit 1 if it has errors)")
    validate_parser.add_argument("file", metavar="FILE", help="a character JSON file saved by the builder")
    validate_parser.add_argument("--json", action="store_true", help="print the check result as JSON")
    validate_parser.set_defaults(handler=_cmd_character)
    sheet_parser = char_sub.add_parser("sheet", help="print a character sheet")
    sheet_parser.add_argument("file", metavar="FILE", help="a character JSON file saved by the builder")
    sheet_parser.add_argument("--format", choices=("text", "markdown"), default="text", help="sheet format")
    sheet_parser.set_defaults(handler=_cmd_character)
    from rollwright.things_cli import add_parser as add_things

    add_things(sub, site)
    try:
        commands = importlib.import_module(SITE_COMMANDS)
    except ModuleNotFoundError as err:
        if err.name not in (SITE_COMMANDS, "rollwright.mkdocs", "mkdocs"):
            raise
    else:
        commands.add_commands(sub, site)
    return parser


def error_line(err: RollwrightError, notation: str | None = None) -> str:
    """One line naming the fault, e.g. ``error: ... at position 3 in '2d+1'``.

    >>> from rollwright.errors import NotationError
    >>> error_line(NotationError("unexpected ')'", position=3), "2d6)")
    "error: unexpected ')' at position 4 in '2d6)'"
    """
    message = "\n  ".join(line[:len(line) - len(line.lstrip())] + " ".join(line.split())
                           for line in str(err).splitlines() if line.strip())
    if notation is not None and getattr(err, "position", None) is not None:
        message += f" in {_shown(notation)}"
    return f"error: {message}"


def _escape_unencodable_output() -> None:
    """Print what the terminal's encoding cannot hold (a lone surrogate) as backslash escapes."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) in ("strict", "surrogateescape"):
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _escape_unencodable_output()
    args: argparse.Namespace | None = None
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "uses_site", False):
            _use_site(args)
        return int(args.handler(args))
    except RollwrightError as err:
        print(error_line(err, getattr(args, "notation", None)), file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # quiet exit flush
        return 0
    except Exception as err:  # a fault: the game's own code (say where), else Rollwright's (report it)
        if os.environ.get(TRACEBACK_ENV):
            raise
        print(f"error: {clip(describe(err, root=Path.cwd()), 1000)} (set {TRACEBACK_ENV}=1 for the traceback)",
              file=sys.stderr)
        return EXIT_BUG
