"""``rollwright things [GAME [KIND]] [--format json|csv]``: a game's things on the command line.

Without a kind it lists the games' kinds (id, entries, title); with one it prints the kind as JSON (the
same document the site writes to ``things/<game>/<kind>.json``) or CSV. It lives beside ``cli.py``, outside
``things/``, so that the browser's wheel (which ships ``things/``) carries no ``argparse``.
"""

from __future__ import annotations

import argparse

from rollwright.errors import RollwrightError


class ThingsError(RollwrightError):
    """A game or kind the site does not have."""

    kind = "input"


def add_parser(sub: argparse._SubParsersAction, site: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("things", parents=[site], help="list a game's kinds of things, or print one as JSON or CSV")
    parser.add_argument("game", metavar="GAME", nargs="?", help="a game's id, e.g. 'lanternfall'")
    parser.add_argument("kind", metavar="KIND", nargs="?", help="a kind's id, e.g. 'melee-weapons'")
    parser.add_argument("--format", choices=("json", "csv"), default="json", help="how to print a kind")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rollwright.data.formula import suggest
    from rollwright.kit.system import all_systems
    from rollwright.things.export import dumps, game_json, kind_csv, kind_json
    from rollwright.things.registry import all_catalogues, catalogue

    systems = all_systems()
    if args.game is None:
        for one in all_catalogues():
            for kind in one.kinds:
                print(f"{one.game}\t{kind.id}\t{len(kind.entries)}\t{kind.title}")
        return 0
    if args.game not in systems:
        raise ThingsError(f"no game {args.game!r}{suggest(args.game, tuple(systems))}")
    found = catalogue(args.game)
    if args.kind is None:
        for kind in found.kinds:
            print(f"{kind.id}\t{len(kind.entries)}\t{kind.title}")
        return 0
    try:
        kind = found.kind(args.kind)
    except KeyError:
        raise ThingsError(f"the game {args.game!r} has no kind {args.kind!r}"
                          f"{suggest(args.kind, tuple(k.id for k in found.kinds))}") from None
    if args.format == "csv":
        print(kind_csv(kind), end="")
    else:
        print(dumps(kind_json(args.game, game_json(systems[args.game]), kind)), end="")
    return 0
