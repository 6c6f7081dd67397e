"""Which systems a site has, from its ``mkdocs.yml``: folders of the site, or installed packages.

The plugin's ``systems`` option lists them in order; each entry is either

* a folder of the site, relative to ``mkdocs.yml`` (``lanternfall``, ``games/lanternfall``):
  a Python package imported by its folder's name, with the folder's parent put on ``sys.path``;
* the name of an installed system package (entry point group ``rollwright.systems``).

Without the option the site has every installed system. Whatever the source, the browser
bundle and the memory snapshot are built from exactly these systems.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "pips").mkdir(), (root / "pips" / "__init__.py").write_text("")
>>> [s.module for s in resolve(["pips"], root)]
['pips']
>>> resolve(["pipz"], root)
Traceback (most recent call last):
...
rollwright.mkdocs.systems.SystemConfigError: systems: 'pipz' is neither a folder next to mkdocs.yml nor an installed system (installed: none); did you mean 'pips'?
>>> sys.path.remove(str(root))  # the folder's parent was put on sys.path: leave none behind for later tests
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path

from rollwright.kit.discovery import ENTRY_POINT_GROUP, valid_module_name


BUILD_MODULES = frozenset({"rollwright", "mkdocs", "properdocs", "zensical", "material", "mkdocs_macros", "markdown",
                           "pymdownx", "jinja2",
                           "markupsafe", "yaml", "pygments"})
"""Modules every Rollwright build imports besides the standard library: no game's package may take their names."""


def reserved_name(module: str) -> str | None:
    """Why a game's package may not be named ``module`` (a module the build imports has that name), or None.

    >>> reserved_name("lanternfall") is None
    True
    >>> reserved_name("random"), reserved_name("mkdocs")
    ("Python's standard library has a module named 'random'", "every Rollwright build imports 'mkdocs'")
    """
    if module in sys.stdlib_module_names:
        return f"Python's standard library has a module named {module!r}"
    if module in BUILD_MODULES:
        return f"every Rollwright build imports {module!r}"
    return None


class SystemConfigError(ValueError):
    """The site's ``systems`` option names something that is not a usable system; says what to do."""


@dataclass(frozen=True)
class SiteSystem:
    """One system of a site: its import name, its package folder, and where it came from."""

    module: str
    folder: Path
    origin: str
    example: bool = False
    """An example game (``examples:``): in the registry, the wheel and the snapshot, not among the site's games."""


def _installed() -> dict[str, str]:
    """Installed systems: entry point name -> module."""
    return {point.name: point.value.partition(":")[0].strip()
            for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name)}


def _package_folder(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def _is_game(folder: Path) -> bool:
    return (folder / "__init__.py").is_file() or (folder / "game.toml").is_file()


def _from_folder(entry: str, folder: Path, key: str = "systems") -> SiteSystem:
    module = folder.name
    if not _is_game(folder):
        raise SystemConfigError(f"{key}: {entry!r} is a folder but holds no game: add {entry}/game.toml "
                                "declaring it as data, or a Python package ({entry}/__init__.py with SYSTEM = System(...))")
    if not valid_module_name(module) or "." in module:
        raise SystemConfigError(f"{key}: the folder name {module!r} cannot be a Python package name; use letters, "
                                f"digits and '_' (for example {module.replace('-', '_')!r})")
    problem = reserved_name(module)
    if problem is not None:
        raise SystemConfigError(f"{key}: a package named {module!r} would hide a module the build needs ({problem}); "
                                "rename the folder (for example to the game's name)")
    parent = str(folder.parent)
    if parent not in sys.path:
        sys.path.insert(0, parent)
        importlib.invalidate_caches()
    found = _package_folder(module)
    if found != folder:
        raise SystemConfigError(f"{key}: the folder {entry!r} would be imported as {module!r}, but Python finds "
                                f"another {module!r} first ({found}); rename the folder")
    return SiteSystem(module, folder, f"the site's folder {entry}", example=key == "examples")


def _from_installed(entry: str, installed: dict[str, str], site_root: Path) -> SiteSystem:
    module = installed.get(entry, entry)
    folder = _package_folder(module) if valid_module_name(module) else None
    if folder is None:
        names = sorted(installed)
        local = [p.name for p in site_root.iterdir()
                 if (p / "__init__.py").is_file() or (p / "game.toml").is_file()] if site_root.is_dir() else []
        close = difflib.get_close_matches(entry, names + local, 1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise SystemConfigError(f"systems: {entry!r} is neither a folder next to mkdocs.yml nor an installed system "
                                f"(installed: {', '.join(names) or 'none'}){hint}")
    return SiteSystem(module, folder, f"the installed package {module}")


def resolve(entries: Sequence[str], site_root: Path) -> list[SiteSystem]:
    """The site's systems, in order, importable once this returns; raises SystemConfigError naming the entry."""
    installed = _installed()
    if not entries:
        return [_from_installed(name, installed, site_root) for name in installed]
    found: list[SiteSystem] = []
    for entry in entries:
        text = str(entry).strip().rstrip("/")
        folder = (site_root / text).resolve()
        if folder.is_dir():
            found.append(_from_folder(text, folder))
        elif "/" in text or "\\" in text:
            raise SystemConfigError(f"systems: there is no folder {text!r} next to mkdocs.yml ({site_root})")
        else:
            found.append(_from_installed(text, installed, site_root))
    modules = [system.module for system in found]
    repeated = sorted({m for m in modules if modules.count(m) > 1})
    if repeated:
        raise SystemConfigError(f"systems: {', '.join(repeated)} is named twice")
    return found


def resolve_examples(entries: Sequence[str], site_root: Path, systems: Sequence[SiteSystem] = ()) -> list[SiteSystem]:
    """The site's example games (``examples:``), in order: each entry is a game's folder (a ``game.toml``, or a
    package), or a folder of such folders (each of its sub-folders that holds a game, by name); SystemConfigError
    naming the entry otherwise.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> for name in ("gallery/coin", "gallery/dart", "gallery/notes"):
    ...     (root / name).mkdir(parents=True)
    >>> for name in ("coin", "dart"):
    ...     _ = (root / "gallery" / name / "game.toml").write_text("")
    >>> [(s.module, s.example) for s in resolve_examples(["gallery"], root)]
    [('coin', True), ('dart', True)]
    >>> resolve_examples(["gallery/notes"], root)
    Traceback (most recent call last):
    ...
    rollwright.mkdocs.systems.SystemConfigError: examples: 'gallery/notes' holds no game: give each example a folder of its own with its game.toml (gallery/notes/<name>/game.toml), or a Python package
    """
    found: list[SiteSystem] = []
    for entry in entries:
        text = str(entry).strip().rstrip("/")
        folder = (site_root / text).resolve()
        if not folder.is_dir():
            raise SystemConfigError(f"examples: there is no folder {text!r} next to mkdocs.yml ({site_root}); an example "
                                    "is a folder of the site holding a game.toml, or a folder of such folders")
        if _is_game(folder):
            found.append(_from_folder(text, folder, "examples"))
            continue
        games = [sub for sub in sorted(folder.iterdir()) if sub.is_dir() and _is_game(sub)]
        if not games:
            raise SystemConfigError(f"examples: {text!r} holds no game: give each example a folder of its own with its "
                                    f"game.toml ({text}/<name>/game.toml), or a Python package")
        found += [_from_folder(f"{text}/{sub.name}", sub, "examples") for sub in games]
    modules = [system.module for system in [*systems, *found]]
    repeated = sorted({m for m in modules if modules.count(m) > 1})
    if repeated:
        raise SystemConfigError(f"examples: {', '.join(repeated)} is named twice (a game's folder name is its "
                                "package's name, so each must differ from the others and from the systems')")
    return found
