"""``rollwright new DIR [--game NAME]``: write a ready project for a game into a new folder.

The project is the template (:mod:`rollwright.scaffold.render`) renamed for the game, its
``requirements.txt`` pinned to the running Rollwright. The folder must be new or empty (a fresh
clone's ``.git`` alone counts as empty); nothing that is there is ever overwritten.

>>> import tempfile
>>> target = Path(tempfile.mkdtemp()) / "lanternfall"
>>> written = write_project(target, game_names("Lanternfall"), "0.2.0")
>>> sorted(str(path.relative_to(target)) for path in written if path.parent == target)
['.gitignore', 'README.md', 'conftest.py', 'mkdocs.yml', 'pytest.ini', 'requirements.txt']
>>> (target / "lanternfall" / "worked_examples.toml").is_file(), (target / "docs" / "lanternfall").is_dir()
(True, True)
>>> write_project(target, game_names("Lanternfall"), "0.2.0")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rollwright.scaffold.new.ProjectError: ... is not empty (.github, .gitignore, README.md, ...): rollwright new writes only into a new or empty folder
"""

from __future__ import annotations

import argparse
import shlex
import shutil
from pathlib import Path
from typing import Any

import rollwright
from rollwright.errors import RollwrightError
from rollwright.scaffold.names import GameNames, game_names
from rollwright.scaffold.render import project_files

ALLOWED_IN_TARGET = frozenset({".git"})
"""What may already be in the folder: a repository cloned empty from GitHub, say."""


class ProjectError(RollwrightError):
    """The project cannot be written there; the message says why."""

    kind = "project"


def _check_target(target: Path) -> None:
    if target.exists() and not target.is_dir():
        raise ProjectError(f"{target} is a file, not a folder: give rollwright new a folder to create")
    if target.is_dir():
        present = sorted(entry.name for entry in target.iterdir() if entry.name not in ALLOWED_IN_TARGET)
        if present:
            shown = ", ".join(present[:3]) + (", ..." if len(present) > 3 else "")
            raise ProjectError(f"{target} is not empty ({shown}): rollwright new writes only into a new or empty "
                               "folder")


def write_project(target: Path, names: GameNames, version: str, *, python: bool = False) -> list[Path]:
    """Write the project for ``names`` into ``target`` (new or empty); returns the files written.

    The game is declared as data (``game.toml``) unless ``python`` asks for the Python package."""
    _check_target(target)
    files = project_files(names, version, python=python)
    created_root = not target.exists()
    written: list[Path] = []
    try:
        for item in files:
            path = target / item.path
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "x", encoding="utf-8", newline="\n") as handle:
                handle.write(item.text)
            written.append(path)
    except OSError as error:
        if created_root:
            shutil.rmtree(target, ignore_errors=True)
        else:
            for entry in target.iterdir():
                if entry.name in ALLOWED_IN_TARGET:
                    continue
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
        raise ProjectError(f"could not write the project into {target}: {error.strerror or error}") from None
    return written


def default_game(target: Path) -> str:
    """A game's name from its folder's: ``ashes-of-the-deep`` -> ``Ashes Of The Deep``.

    >>> default_game(Path("srd/lanternfall")), default_game(Path("my_game"))
    ('Lanternfall', 'My Game')
    """
    words = target.resolve().name.replace("-", " ").replace("_", " ").split()
    return " ".join(word if not word.islower() else word.capitalize() for word in words)


def next_steps(target: Path, names: GameNames, count: int, *, python: bool = False) -> str:
    """What ``rollwright new`` prints once the project is written."""
    try:
        shown = target.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        shown = target.resolve()
    folder = shlex.quote(str(shown))
    return "\n".join([
        f"Wrote {count} files in {folder}/ for {names.title}:",
        (f"  the game's code in {names.package}/ (its calls are named {names.id}.*)," if python else
         f"  the game's rules as data in {names.package}/game.toml (its calls are named {names.id}.*),"),
        f"  its pages in docs/{names.id}/, the site in mkdocs.yml, the publishing workflow in .github/.",
        "",
        "Next:",
        f"  cd {folder}",
        "  rollwright serve    # write with the site open at http://127.0.0.1:8000",
        "  rollwright check    # the checks every Rollwright game must pass",
        "",
        "README.md says how to publish it (GitHub Pages, or any static host) and how to upgrade.",
    ])


def _cmd_new(args: argparse.Namespace) -> int:
    target = Path(args.directory)
    names = game_names(args.game if args.game is not None else default_game(target))
    written = write_project(target, names, rollwright.__version__, python=args.python)
    print(next_steps(target, names, len(written), python=args.python))
    return 0


def add_new_command(sub: Any) -> None:
    """Add ``new`` to the ``rollwright`` command line."""
    parser = sub.add_parser("new", help="start a project for your own game in a new folder")
    parser.add_argument("directory", metavar="DIR", help="the folder to create (new, or empty)")
    parser.add_argument("--game", metavar="NAME", default=None,
                        help="the game's name, e.g. \"Lanternfall\" (default: from DIR's name)")
    parser.add_argument("--python", action="store_true",
                        help="write the game as a Python package instead of a game.toml (for rules data cannot say)")
    parser.set_defaults(handler=_cmd_new, uses_site=False)
