"""A venv per generator, made once from the wheelhouse (offline) and kept in ``.cache/generator-venvs/``.

MkDocs is the site venv's own (``.venv``); properdocs gets Material and its dependencies but not MkDocs, and
Zensical gets nothing of MkDocs or Material, so each venv is what a designer with only that generator has.
Rollwright is installed in each from this checkout (editable). ``make test`` builds the wheelhouse
(``requirements-generators.txt``).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.siteserver import REPO_ROOT

VENVS = REPO_ROOT / ".cache" / "generator-venvs"
WHEELHOUSE = REPO_ROOT / ".cache" / "wheelhouse"
LOCK = REPO_ROOT / "requirements.lock"
MATERIAL_WITHOUT_MKDOCS = ["babel", "backrefs", "colorama", "jinja2", "markdown", "mkdocs-material-extensions",
                           "paginate", "pygments", "pymdown-extensions", "requests"]
PACKAGES: dict[str, tuple[list[str], list[str]]] = {
    "properdocs": (["properdocs", *MATERIAL_WITHOUT_MKDOCS], ["mkdocs-material"]),
    "zensical": (["zensical"], []),
}
"""Each generator's venv: what is installed with its dependencies, then what without them."""
OWN = ["zstandard", "hatchling"]
"""Rollwright's own needs besides a generator (hatchling: the editable install, offline)."""
NAMES = ("mkdocs", "properdocs", "zensical")


def _pip(python: Path, *args: str) -> None:
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--no-index", "--find-links", str(WHEELHOUSE), "-c", str(LOCK), *args],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def generator_python(name: str) -> Path:
    """The Python of a venv that has ``name`` (and no other generator) and Rollwright; made if missing."""
    if name == "mkdocs":
        return Path(sys.executable)
    with_deps, without = PACKAGES[name]
    key = hashlib.sha256("\0".join([*with_deps, *without, *OWN, LOCK.read_text(), sys.version]).encode()).hexdigest()
    venv = VENVS / f"{name}-{key[:12]}"
    python = venv / "bin" / "python"
    if not (venv / ".ready").is_file():
        assert (WHEELHOUSE / ".done").is_file(), "the wheelhouse is missing: run `make dev-deps` (make test does)"
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        _pip(python, *with_deps, *OWN)
        if without:
            _pip(python, "--no-deps", *without)
        _pip(python, "--no-deps", "--no-build-isolation", "-e", str(REPO_ROOT))
        (venv / ".ready").write_text("ok\n")
    return python


def rollwright_with(name: str, project: Path, *args: str, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    """``rollwright ARGS --generator NAME`` in ``project``, run by the venv that has only that generator."""
    from tests.support.fixture_site import ENV

    return subprocess.run([str(generator_python(name)), "-m", "rollwright", *args], cwd=project, capture_output=True,
                          text=True, env={**ENV, "ROLLWRIGHT_GENERATOR": name}, timeout=timeout)
