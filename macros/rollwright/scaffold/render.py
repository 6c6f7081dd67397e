"""Render the template (the Pips site) as a project for another game: every 'Pips' and 'pips' renamed.

The template stays a working site, so it carries no placeholders: "Pips" is the title, and each
lower-case ``pips`` is either the system id or the Python package, told apart by where it stands
(:data:`RULES`, first match wins):

========================================  ==========  ===========================================
where                                     becomes     e.g.
========================================  ==========  ===========================================
``Pips``                                  title       ``site_name: Pips``, ``title="Pips"``
after ``from`` / ``import``               package     ``from pips.rules.hits import chance``
before or after ``_``                     package     ``pips_chance``, ``tests/test_pips.py``
a list item alone (``- pips``)            package     ``systems:`` in ``mkdocs.yml``
a path ``pips/...`` not to a page         package     ``pips/worked_examples.toml``, ``pips/``
anything else                             id          ``pips.odds``, ``pips-odds``, ``pips/index.md``
========================================  ==========  ===========================================

A path to a page (it holds ``.md`` or ``#``) is under ``docs/``, whose folder is named by the id.

>>> from rollwright.scaffold.names import game_names
>>> names = game_names("Ashes of the Deep")
>>> rename("from pips.calls import odds  # pips.odds, widget pips-odds", names)
'from ashes_of_the_deep.calls import odds  # ashes-of-the-deep.odds, widget ashes-of-the-deep-odds'
>>> rename('{{ pips_chance(3) }} [rules](pips/index.md) in pips/rules/hits.py', names)
'{{ ashes_of_the_deep_chance(3) }} [rules](ashes-of-the-deep/index.md) in ashes_of_the_deep/rules/hits.py'
>>> rename("systems:\\n  - pips   # the package\\nnav:\\n  - Pips:\\n    - pips/index.md", names)
'systems:\\n  - ashes_of_the_deep   # the package\\nnav:\\n  - Ashes of the Deep:\\n    - ashes-of-the-deep/index.md'
>>> rename("docs/pips/builder.md, tests/test_pips.py, Pips's rules", names)
"docs/ashes-of-the-deep/builder.md, tests/test_ashes_of_the_deep.py, Ashes of the Deep's rules"
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import PurePosixPath

from rollwright.scaffold.names import GameNames

TEMPLATE_TITLE = "Pips"
TEMPLATE_NAME = "pips"
RULES: tuple[tuple[str, str], ...] = (
    ("title", r"\bPips\b"),
    ("package", r"(?<=\bfrom )pips\b|(?<=\bimport )pips\b"),
    ("package", r"(?<![\w-])pips(?=_)|(?<=_)pips\b"),
    ("package", r"(?<=- )pips(?=[ \t]*(?:#|$))"),
    ("package", r"(?<![\w/.-])pips(?=/)(?![^\s`'\"()]*(?:\.md|#))"),
    ("id", r"\bpips\b"),
)
"""(which name, where it stands), in the order they are tried: see the module's table."""
_PATTERN = re.compile("|".join(f"(?P<r{index}>{pattern})" for index, (_, pattern) in enumerate(RULES)), re.MULTILINE)

SKIPPED = frozenset({"__pycache__", ".cache", "site", ".venv", ".pytest_cache", ".mypy_cache"})
"""What a build or a test run leaves in the template folder of a source checkout: never copied."""
REQUIREMENT = re.compile(r"(?m)^rollwright==\S+$")


def rename(text: str, names: GameNames) -> str:
    """``text`` with every name of the template's game replaced by ``names``' (see the module's table)."""
    wanted = {"title": names.title, "package": names.package, "id": names.id}

    def replace(match: re.Match[str]) -> str:
        index = int(next(key for key, value in match.groupdict().items() if value is not None)[1:])
        return wanted[RULES[index][0]]

    return _PATTERN.sub(replace, text)


@dataclass(frozen=True)
class ProjectFile:
    """One file of the new project: its path (POSIX, relative) and its text."""

    path: str
    text: str


def template() -> Traversable:
    """The template folder, from the installed package or the source checkout alike."""
    return files("rollwright.scaffold").joinpath("template")


def _walk(folder: Traversable, prefix: PurePosixPath) -> Iterator[tuple[PurePosixPath, Traversable]]:
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name in SKIPPED or entry.name.endswith(".pyc"):
            continue
        if entry.is_dir():
            yield from _walk(entry, prefix / entry.name)
        else:
            yield prefix / entry.name, entry


PYTHON_GAME_ROW = ("| `pips/` | the game's code: `rules/`, `calls/`, `widgets/`, `tables/`, `macros.py`, the character "
                   "in `character.py` |")
DATA_GAME_ROW = ("| `pips/game.toml` | the game, declared as data: its inputs, checks, tables and character (the "
                 "designer's guide lists every key) |")
"""The README's line on the game's folder, as the template writes it for a game in Python, and for one as data."""


def data_overlay() -> Traversable:
    """The files a game declared as data has in place of the template's Python (``template-data``)."""
    return files("rollwright.scaffold").joinpath("template-data")


def project_files(names: GameNames, version: str, *, python: bool = False) -> list[ProjectFile]:
    """Every file of a new project for the game ``names``, its requirement pinned to ``version``.

    By default the game is declared as data (its folder holds a ``game.toml``); ``python`` gives
    the same game written in Python instead.
    """
    chosen = dict(_walk(template(), PurePosixPath()))
    if not python:
        chosen = {path: entry for path, entry in chosen.items() if path.parts[0] != TEMPLATE_NAME}
        chosen.update(_walk(data_overlay(), PurePosixPath()))
    rendered = []
    for path, entry in sorted(chosen.items()):
        text = entry.read_text(encoding="utf-8")
        if not python and path == PurePosixPath("README.md"):
            text = text.replace(PYTHON_GAME_ROW, DATA_GAME_ROW)
        text = rename(text, names)
        if path.name == "requirements.txt":
            text = REQUIREMENT.sub(f"rollwright=={version}", text)
        rendered.append(ProjectFile(rename(str(path), names), text))
    return rendered
