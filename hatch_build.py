"""Hatchling build hook: ship the theme and the pinned Pyodide runtime inside the rollwright wheel.

The theme overrides and the browser runtime (``site-overrides/``) go to ``rollwright/mkdocs/theme/``.
A site built from an installed Rollwright serves Pyodide from the site itself, so the wheel
carries the files ``loadPyodide`` fetches (``rollwright/mkdocs/pyodide/``), taken from
``node_modules/pyodide`` (``npm ci`` installs it, pinned in ``package.json``). The version must
be the pinned one exactly. An editable install gets neither: a source checkout reads
``site-overrides/`` and ``node_modules/pyodide`` where they are (``rollwright/mkdocs/resources.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
TARGET = "rollwright/mkdocs/pyodide"
THEME = ("site-overrides", "rollwright/mkdocs/theme")


class PyodideRuntimeHook(BuildHookInterface):
    """Adds the theme and ``node_modules/pyodide``'s runtime files to the wheel, after checking the pin."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Force-include the theme and each runtime file (regular wheels only)."""
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        build_data["force_include"][str(root / THEME[0])] = THEME[1]
        folder = root / "node_modules" / "pyodide"
        pins = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"]
        if not (folder / "package.json").is_file():
            raise FileNotFoundError(f"{folder} is missing: run `npm ci` (Pyodide {pins['pyodide']} is pinned in "
                                    "package.json) before building the wheel")
        installed = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        if installed != pins["pyodide"]:
            raise ValueError(f"node_modules/pyodide is {installed} but package.json pins {pins['pyodide']}: run `npm ci`")
        for name in RUNTIME_FILES:
            build_data["force_include"][str(folder / name)] = f"{TARGET}/{name}"
