"""Reading a game's ``game.toml`` into :mod:`rollwright.data.model` values, or a DeclarationError that
names the file, the line, the key and what to do.

Only what the file says is read; a key the format does not know is an error with the
closest known key suggested, so a typo never passes silently.

>>> game = load_text('''
... [game]
... id = "flip"
... title = "Flip"
... pitch = "Roll 2d6 plus a stat."
... source = "a test"
... pages = [{ path = "flip/index.md", title = "Flip" }]
... [inputs.stat]
... label = "Stat"
... min = -1
... max = 3
... [checks.move]
... roll = "2d6 + {stat}"
... bands = [
...   { key = "hit", name = "Hit", from = 10 },
...   { key = "partial", name = "Partial hit", from = 7, to = 9 },
...   { key = "miss", name = "Miss", to = 6, succeeds = false },
... ]
... ''', "flip/game.toml")
>>> game.id, game.checks["move"].inputs, [o.key for o in game.checks["move"].outcomes()]
('flip', ('stat',), ['hit', 'partial', 'miss'])
>>> load_text('[checks.move]\\nroll = "2d6"\\nbandz = []\\n', "flip/game.toml", system_id="flip")
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: flip/game.toml, line 3, checks.move.bandz: unknown key 'bandz'; did you mean 'bands'?
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rollwright.data.formula import Node, parse, suggest
from rollwright.data.model import (
    Band, Budget, CharacterSpec, Check, Derived, Extra, Field, Game, Input, Levels, Rule, TableSpec, Template,
)
from rollwright.data.parts import TableReader
from rollwright.data.toml_limits import check_toml
from rollwright.errors import DeclarationError, FormulaError, RollwrightError

EXAMPLE = """
[inputs.stat]
label = "Stat"
min = -1
max = 3

[checks.move]
roll = "2d6 + {stat}"
modes = { advantage = "3d6kh2 + {stat}" }
bands = [
  { key = "hit", name = "Hit", from = 10 },
  { key = "partial", name = "Partial hit", from = 7, to = 9 },
  { key = "miss", name = "Miss", to = 6, succeeds = false },
]
"""
"""A small declaration the modules' examples share: a 2d6+stat move with three bands and advantage."""

GAME_FILE = "game.toml"
"""The name of a game's declaration file, in its package folder."""
MAX_FILE = 200_000
"""Largest declaration file read, in bytes."""

GAME_KEYS = ("id", "title", "pitch", "source", "docs", "pages", "licence", "attribution", "errata_page")
TOP_KEYS = ("game", "ladders", "inputs", "checks", "tables", "character", "kinds", "quick_reference")
"""``kinds`` is read by :mod:`rollwright.things` (a game's things), not here."""


class Reader:
    """Reads one file's values; every error it raises names the file, the line and the key."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file

    def fail(self, key: str, message: str) -> DeclarationError:
        from rollwright.data.toml_lines import locate

        return DeclarationError(message, file=self.file, line=locate(self.text, key), key=key)

    def table(self, value: Any, key: str, known: tuple[str, ...], required: tuple[str, ...] = ()) -> TableReader:
        if not isinstance(value, Mapping):
            raise self.fail(key, f"expected a table of keys (such as {known[0]} = ...), got {_kind(value)}")
        for name in value:
            if name not in known:
                raise self.fail(f"{key}.{name}", f"unknown key {name!r}{_close(name, known)}")
        for name in required:
            if name not in value:
                raise self.fail(key, f"missing the key {name!r} (the keys here are: {', '.join(known)})")
        return TableReader(self, value, key)

    def formula(self, text: Any, key: str) -> Node:
        try:
            return parse(text)
        except FormulaError as error:
            raise self.fail(key, f"{error}; fix the formula") from None

    def template(self, text: Any, key: str) -> Template:
        """Dice notation with ``{formula}`` parts; ``{{`` and ``}}`` are the braces of dice notation itself.

        >>> [p if isinstance(p, str) else "formula" for p in Reader("", "x").template("{{{n}d10!}}>=8", "k").parts]
        ['{', 'formula', 'd10!}>=8']
        """
        if isinstance(text, int) and not isinstance(text, bool):
            text = str(text)
        if not isinstance(text, str) or not text.strip():
            raise self.fail(key, f"expected dice notation such as \"2d6 + {{stat}}\", got {_kind(text)}")
        parts: list[str | Node] = []
        literal = ""
        at = 0
        while at < len(text):
            pair = text[at:at + 2]
            if pair in ("{{", "}}"):
                literal += pair[0]
                at += 2
            elif text[at] == "}":
                raise self.fail(key, f"a '}}' with no '{{' before it in {text!r} (braces of dice notation "
                                     f"are written '{{{{' and '}}}}')")
            elif text[at] == "{":
                end = text.find("}", at)
                if end < 0:
                    raise self.fail(key, f"a '{{' with no '}}' after it in {text!r}; write a formula as {{stat}}")
                if literal:
                    parts.append(literal)
                    literal = ""
                parts.append(self.formula(text[at + 1:end], key))
                at = end + 1
            else:
                literal += text[at]
                at += 1
        if literal:
            parts.append(literal)
        return Template(text, tuple(parts))


def _kind(value: Any) -> str:
    from rollwright.kit.fields import kind_of

    return kind_of(value)


def _close(name: str, known: tuple[str, ...]) -> str:
    hint = suggest(name, known)
    return hint if "did you mean" in hint else f"; the keys here are: {', '.join(known)}"


def load_text(text: str, file: str, *, system_id: str | None = None, system: object | None = None) -> Game:
    """Read a declaration from its text; ``file`` names it in errors; ``system_id`` is the game's id when
    the file has no ``[game]`` (a game whose ``__init__.py`` declares it in Python)."""
    reader = Reader(text, file)
    check_toml(text, file)  # size and nesting first: tomllib recurses into nested values
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        line = int(found.group(1)) if found else None
        raise DeclarationError(f"not valid TOML: {error}", file=file, line=line, key="") from None
    top = reader.table(data, "(top)", TOP_KEYS)
    declared = None
    if "game" in data:
        if system is not None:
            raise reader.fail("game", "the game is declared twice: in its __init__.py (SYSTEM) and here; "
                              "keep one of them")
        declared = _system(reader, data["game"])
        system_id = getattr(declared, "id")
    elif system is not None:
        declared = system
        system_id = getattr(system, "id", system_id)
    if system_id is None:
        raise reader.fail("game", "the file declares no [game] table (id, title, pitch, source, pages)")
    from rollwright.data.parts import read_checks, read_character, read_inputs, read_ladders, read_tables

    ladders = read_ladders(reader, top.get("ladders", {}))
    inputs = read_inputs(reader, top.get("inputs", {}))
    checks = read_checks(reader, top.get("checks", {}), inputs, ladders)
    tables = read_tables(reader, top.get("tables", {}), checks, inputs)
    character = read_character(reader, data.get("character"), system_id, ladders)
    from rollwright.data.quick import read_quick_reference

    quick = read_quick_reference(reader, data.get("quick_reference"), checks, inputs, tables)
    docs = getattr(declared, "docs", system_id)
    errata_page = data.get("game", {}).get("errata_page", f"{docs}/index.md") if isinstance(
        data.get("game"), Mapping) else f"{docs}/index.md"
    return Game(file, system_id, declared, ladders, inputs, checks, tables, character, errata_page,
                declares_system="game" in data, quick_reference=quick)


def _system(reader: Reader, value: Any) -> object:
    from rollwright.kit.system import Page, System

    game = reader.table(value, "game", GAME_KEYS, required=("id", "title", "pitch", "source", "pages"))
    pages = []
    raw_pages = game.get("pages")
    if not isinstance(raw_pages, list) or not raw_pages:
        raise reader.fail("game.pages", "list the game's pages, e.g. [{ path = \"mygame/index.md\", "
                          "title = \"My game\" }]")
    for index, page in enumerate(raw_pages):
        one = reader.table(page, f"game.pages.{index}", ("path", "title"), required=("path", "title"))
        pages.append(Page(one.text("path"), one.text("title")))
    game_id = game.text("id")
    try:
        return System(id=game_id, title=game.text("title"), pitch=game.text("pitch"), source=game.text("source"),
                      docs=game.text("docs", game_id), pages=tuple(pages),
                      licence=game.text("licence", "") or None, attribution=game.text("attribution", ""),
                      character_schema=None, declared_in=reader.file)
    except ValueError as error:
        raise reader.fail("game.id", str(error)) from None


def load_file(path: Path, *, system_id: str | None = None, system: object | None = None) -> Game:
    """Read ``path`` (a ``game.toml``); errors name it by its folder and name, e.g. ``flip/game.toml``."""
    shown = f"{path.parent.name}/{path.name}"
    if path.stat().st_size > MAX_FILE:
        raise DeclarationError(f"the file is larger than {MAX_FILE:,} bytes", file=shown, line=None, key="")
    try:
        return load_text(path.read_text(encoding="utf-8"), shown, system_id=system_id, system=system)
    except UnicodeDecodeError:
        raise DeclarationError("the file is not UTF-8 text", file=shown, line=None, key="") from None


def with_character(game: Game) -> object | None:
    """The game's System with its builder's schema filled in (a System from [game] has none until here)."""
    import dataclasses

    if game.system is None or game.character is None:
        return game.system
    return dataclasses.replace(game.system, character_schema=game.character.schema)  # type: ignore[type-var]


__all__ = ["GAME_FILE", "Reader", "RollwrightError", "load_file", "load_text", "with_character", "Band", "Budget",
           "CharacterSpec", "Check", "Derived", "Extra", "Field", "Input", "Levels", "Rule", "TableSpec"]
