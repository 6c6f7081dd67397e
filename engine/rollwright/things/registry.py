"""Finding each game's things: ``things.toml`` (and the ``[kinds]`` of ``game.toml``) in its package folder,
or ``THINGS`` in a Python game's ``__init__.py``; read once, checked, and enumerated.

A game's package folder may hold::

    things.toml          [kinds.<id>] tables: fields, and entries inline or from a CSV file
    game.toml            may hold [kinds.<id>] tables too (a kind is declared in one place only)
    <anything>.csv       entries named by a kind's  csv = "melee-weapons.csv"

A Python game may instead set ``THINGS = {"<kind>": {...}}`` in its ``__init__.py``, the same tables as
a dict; errors then name that file and the key (no line).

>>> package_kinds("rollwright")
()
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import cache
from importlib.resources.abc import Traversable as Folder

from rollwright.errors import DeclarationError
from rollwright.things.model import Catalogue, Entry, Kind

THINGS_FILE = "things.toml"
MAX_FILE = 1_000_000
"""Largest ``things.toml`` read, in bytes (a kind's CSV file has its own cap)."""


def package_folder(package: str) -> Folder | None:
    """The folder of a package, found without importing it again (works while it is being imported, and for
    a package inside a zip file)."""
    from importlib.resources import files

    module = sys.modules.get(package)
    try:
        folder = files(module if module is not None else package)
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def _shown(folder: Folder, name: str) -> str:
    return f"{folder.name}/{name}"


def _read_text(path: Folder, shown: str, most: int) -> str:
    data = path.read_bytes()
    if len(data) > most:
        raise DeclarationError(f"the file is larger than {most:,} bytes; split it", file=shown, line=None, key="")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeclarationError("the file is not UTF-8 text (save it from the spreadsheet as CSV UTF-8)",
                               file=shown, line=None, key="") from None


def _csv_reader(folder: Folder, file: str):  # type: ignore[no-untyped-def]
    from rollwright.things.entries import MAX_CSV_BYTES, read_csv_text

    def read(kind: Kind, name: str, key: str) -> tuple[Entry, ...]:
        if "/" in name or "\\" in name or not name.endswith(".csv") or name.startswith("."):
            raise DeclarationError(f"a CSV file is named by its name beside {file.split('/')[-1]}, ending in "
                                   f".csv (got {name!r})", file=file, line=None, key=key)
        path = folder.joinpath(name)
        if not path.is_file():
            raise DeclarationError(f"no file {name!r} beside it; export the kind's sheet as CSV there",
                                   file=file, line=None, key=key)
        return read_csv_text(kind, _read_text(path, _shown(folder, name), MAX_CSV_BYTES), _shown(folder, name))

    return read


def _from_toml(folder: Folder, name: str, *, only_kinds: bool) -> tuple[Kind, ...]:
    from rollwright.data.loader import Reader
    from rollwright.data.toml_limits import check_toml
    from rollwright.things.declare import read_kinds

    path = folder.joinpath(name)
    if not path.is_file():
        return ()
    shown = _shown(folder, name)
    text = _read_text(path, shown, MAX_FILE)
    check_toml(text, shown)
    import re
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        raise DeclarationError(f"not valid TOML: {error}", file=shown, line=int(found.group(1)) if found else None,
                               key="") from None
    reader = Reader(text, shown)
    if not only_kinds:
        from rollwright.data.formula import suggest

        for name in data:
            if name != "kinds":
                raise reader.fail(name, f"unknown key {name!r}{suggest(name, ('kinds',))} ({THINGS_FILE} holds "
                                        f"[kinds.<id>] tables only)")
    return read_kinds(reader, text, data.get("kinds", {}), csv_reader=_csv_reader(folder, shown))


def _from_python(package: str, folder: Folder) -> tuple[Kind, ...]:
    from rollwright.data.loader import Reader
    from rollwright.things.declare import read_kinds

    module = sys.modules.get(package)
    declared = getattr(module, "THINGS", None) if module is not None else None
    if declared is None:
        return ()
    shown = _shown(folder, "__init__.py")
    return read_kinds(Reader("", shown), "", declared, csv_reader=_csv_reader(folder, shown))


@cache
def package_kinds(package: str) -> tuple[Kind, ...]:
    """Every kind a game package declares, checked (links between its kinds included); read once."""
    folder = package_folder(package)
    if folder is None:
        return ()
    found: list[Kind] = []
    for kinds in (_from_toml(folder, THINGS_FILE, only_kinds=False), _from_toml(folder, "game.toml", only_kinds=True),
                  _from_python(package, folder)):
        for kind in kinds:
            if any(k.id == kind.id for k in found):
                raise DeclarationError(f"the kind {kind.id!r} is declared twice; keep one declaration",
                                       file=kind.file, line=None, key=f"kinds.{kind.id}")
            found.append(kind)
    from rollwright.things.links import check_entry_links

    check_entry_links(tuple(found))
    return tuple(found)


def catalogue(game: str) -> Catalogue:
    """The things of the site's game ``game`` (its id): links to rule pages checked against its pages, computed
    fields worked out (:mod:`rollwright.things.computed`)."""
    return _catalogues()[game]


def all_catalogues() -> tuple[Catalogue, ...]:
    """Every game of the site with at least one kind, in the site's order."""
    return tuple(c for c in _catalogues().values() if c.kinds)


@cache
def _catalogues() -> dict[str, Catalogue]:
    from rollwright.kit.discovery import load, system_packages
    from rollwright.kit.system import package_system
    from rollwright.things.computed import fill
    from rollwright.things.links import check_page_links

    load("rules")  # a game's computed fields' functions live with its rules
    found: dict[str, Catalogue] = {}
    for package in system_packages():
        system = package_system(package)
        kinds = package_kinds(package)
        check_page_links(kinds, system)
        found[system.id] = Catalogue(system.id, tuple(fill(kind) for kind in kinds))
    return found


def forget() -> None:
    """Read every game's things again on the next call (a file was edited, or the site's games changed)."""
    package_kinds.cache_clear()
    _catalogues.cache_clear()


def walk() -> Iterator[tuple[Catalogue, Kind, Entry]]:
    """Every entry of every game, with its kind and catalogue, in order."""
    for one in all_catalogues():
        for kind in one.kinds:
            for entry in kind.entries:
                yield one, kind, entry
