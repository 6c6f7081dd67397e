"""Hatchling build hook: ship Pyodide's bytecode in the engine wheel, next to the sources.

The site build (``macros/site_assets.py``) compiles ``engine/`` for Pyodide's CPython under
Node and points ``ROLLWRIGHT_PYODIDE_BYTECODE`` at a folder that mirrors the package
(``engine/**/__pycache__/*.cpython-3XX.pyc``). Every file there is added to the wheel at the
same path. Hatchling never collects ``__pycache__`` folders by itself, hence the explicit,
file-by-file ``force_include``. Without the variable the wheel holds the sources only.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BYTECODE_ENV = "ROLLWRIGHT_PYODIDE_BYTECODE"


class PyodideBytecodeHook(BuildHookInterface):
    """Adds the prebuilt Pyodide ``.pyc`` files named by ``ROLLWRIGHT_PYODIDE_BYTECODE``."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Force-include every bytecode file, sorted, at its package-relative path."""
        folder = os.environ.get(BYTECODE_ENV)
        if not folder or self.target_name != "wheel":
            return
        root = Path(folder)
        if not root.is_dir():
            raise FileNotFoundError(f"{BYTECODE_ENV}={folder} is not a folder")
        for path in sorted(p for p in root.rglob("*.pyc") if p.is_file()):
            build_data["force_include"][str(path)] = path.relative_to(root).as_posix()
