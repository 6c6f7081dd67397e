"""Where the files Rollwright ships with itself are: the theme and the pinned Pyodide runtime.

Installed from the wheel, both sit inside this package (``rollwright/mkdocs/theme/`` and
``rollwright/mkdocs/pyodide/``). In a source checkout of Rollwright they are the repository's
``site-overrides/`` and ``node_modules/pyodide/`` (installed by ``make deps``, pinned in
``package.json``); nothing else differs between the two.

>>> theme_dir().joinpath("main.html").is_file()
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from rollwright.site.errors import SiteBuildError

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[2]
"""The repository root when this file runs from a source checkout (``macros/rollwright/mkdocs/``)."""

PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Everything ``loadPyodide`` fetches before it resolves (the loader, the emscripten module, the
wasm binary, the standard library and the lock file), plus ``package.json`` for the version."""

_EXACT_VERSION = re.compile(r"^\d+(\.\d+)*([a-z]+\d*)?$")


def theme_dir() -> Path:
    """The template overrides and browser runtime (the MkDocs ``custom_dir`` the plugin adds)."""
    packaged = HERE / "theme"
    if packaged.is_dir():
        return packaged
    checkout = CHECKOUT / "site-overrides"
    if (checkout / "main.html").is_file():
        return checkout
    raise SiteBuildError(f"Rollwright's theme is missing (looked in {packaged} and {checkout}); reinstall rollwright")


@dataclass(frozen=True)
class Pyodide:
    """The pinned Pyodide runtime this Rollwright ships: its folder and version."""

    folder: Path
    version: str


def pyodide() -> Pyodide:
    """The packaged Pyodide, or in a checkout ``node_modules/pyodide`` checked against ``package.json``'s pin."""
    packaged = HERE / "pyodide"
    if packaged.is_dir():
        return _checked(packaged, pin=None, fix="reinstall rollwright")
    pins = json.loads((CHECKOUT / "package.json").read_text(encoding="utf-8"))
    pin = {**pins.get("devDependencies", {}), **pins.get("dependencies", {})}.get("pyodide")
    if pin is None or not _EXACT_VERSION.match(str(pin)):
        raise SiteBuildError(f"package.json must pin pyodide to an exact version like \"314.0.7\" (got {pin!r})")
    return _checked(CHECKOUT / "node_modules" / "pyodide", pin=str(pin), fix="run `make deps`")


def _checked(folder: Path, pin: str | None, fix: str) -> Pyodide:
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise SiteBuildError(f"Pyodide is not installed ({manifest} is missing): {fix}")
    version = str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    if pin is not None and version != pin:
        raise SiteBuildError(f"{folder} is Pyodide {version} but package.json pins {pin}: {fix}")
    missing = [name for name in PYODIDE_CORE_FILES if not (folder / name).is_file()]
    if missing:
        raise SiteBuildError(f"{folder} lacks {', '.join(missing)}: {fix}")
    return Pyodide(folder, version)
