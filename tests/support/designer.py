"""A designer's steps, run as commands: ``rollwright new``, ``rollwright build``, and Rollwright's wheel
installed in a fresh venv outside this checkout. Shared by tests/scaffold/ and bench/designer.py.

Every command runs in a subprocess, in the project's folder. ``node=False`` hides Node.js from the
PATH (only the Python environment's own ``bin/`` is left), as on a machine without it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = ROOT / ".cache" / "wheelhouse"
"""The site's Python packages as wheels (``make dev-deps``), so a fresh venv installs without the network."""
SOURCE_DATE_EPOCH = "315532800"


def command_env(bin_dir: Path, *, node: bool = True) -> dict[str, str]:
    """The environment of a designer's shell: ``bin_dir`` first on the PATH, nothing of this checkout
    on ``PYTHONPATH``; without ``node``, the PATH is ``bin_dir`` alone."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME") and not key.startswith("PIP_")}
    env["PATH"] = os.pathsep.join([str(bin_dir), env.get("PATH", "")]) if node else str(bin_dir)
    env["NO_MKDOCS_2_WARNING"] = "1"
    env["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    return env


def run(args: Sequence[str | Path], cwd: Path, env: dict[str, str], timeout: int = 900) -> subprocess.CompletedProcess[str]:
    """Run a command; its output is kept, and a failure is the caller's to judge."""
    return subprocess.run([str(arg) for arg in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def checked(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    """``done``, or AssertionError with the command's output when it failed."""
    assert done.returncode == 0, f"{' '.join(done.args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


class Python:
    """One Python environment and its ``rollwright`` command: this checkout's ``.venv`` or a fresh venv."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.python = bin_dir / "python"

    def rollwright(self, *args: str | Path, cwd: Path, node: bool = True,
                   timeout: int = 900) -> subprocess.CompletedProcess[str]:
        return run([self.bin / "rollwright", *args], cwd, command_env(self.bin, node=node), timeout)

    def new(self, parent: Path, folder: str, game: str, *, python: bool = False) -> Path:
        """``rollwright new parent/folder --game GAME`` (``--python``: the game as a Python package); the project."""
        checked(self.rollwright("new", folder, "--game", game, *(["--python"] if python else []), cwd=parent))
        return parent / folder

    def build(self, project: Path, site: Path, site_url: str = "", node: bool = True) -> subprocess.CompletedProcess[str]:
        args: list[str | Path] = ["build", "-d", site] + (["--site-url", site_url] if site_url else [])
        return checked(self.rollwright(*args, cwd=project, node=node))

    def call(self, project: Path, name: str, params: dict[str, object]) -> dict[str, object]:
        """An engine call's answer, through the project's systems."""
        done = checked(self.rollwright("call", name, json.dumps(params), cwd=project))
        return dict(json.loads(done.stdout))

    def top_level_names(self) -> set[str]:
        """Every top-level module name this environment can import (isolated: no working folder)."""
        script = "import json, pkgutil; print(json.dumps(sorted({m.name for m in pkgutil.iter_modules()})))"
        done = checked(run([self.python, "-I", "-c", script], self.bin, command_env(self.bin)))
        return set(json.loads(done.stdout))


CHECKOUT = Python(Path(sys.executable).parent)
"""This checkout's ``.venv`` (Rollwright installed editable from it)."""


def build_wheel(out: Path) -> Path:
    """Rollwright's wheel, built from this checkout as ``make dist`` does."""
    env = command_env(Path(sys.executable).parent)
    checked(run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", out], ROOT, env))
    (wheel,) = out.glob("rollwright-*.whl")
    return wheel


def wheel_requirements(wheel: Path) -> list[str]:
    """The wheel's pinned dependencies (its ``Requires-Dist`` lines)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(name).decode("utf-8")
    return [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]


def fresh_venv(folder: Path) -> Python:
    """A new venv (with pip, nothing else) from the interpreter this checkout's venv is made from."""
    base = getattr(sys, "_base_executable", sys.executable)
    checked(run([base, "-m", "venv", folder], folder.parent, command_env(Path(base).parent)))
    return Python(folder / "bin")


def pip_install(python: Python, *args: str | Path, compile: bool = True) -> subprocess.CompletedProcess[str]:
    """``pip install`` from the wheelhouse only: no index, no network, no pip configuration.

    ``compile=False`` skips writing bytecode for what is installed (quicker; Python compiles on import)."""
    if not WHEELHOUSE.is_dir():
        raise AssertionError(f"{WHEELHOUSE} is missing: run `make dev-deps` (it fills the wheelhouse)")
    env = {**command_env(python.bin), "PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return checked(run([python.python, "-m", "pip", "install", "--quiet", "--no-index", "--find-links", WHEELHOUSE,
                        *([] if compile else ["--no-compile"]), *args], python.bin, env))


def copy_without_caches(project: Path, target: Path) -> Path:
    """A copy of a project without what its builds left (site, caches)."""
    shutil.copytree(project, target, ignore=shutil.ignore_patterns("site", ".cache", "__pycache__"))
    return target
