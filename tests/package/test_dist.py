"""`make dist`: the rollwright wheel and sdist, built by the pinned backend, reproducible, one import name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import rollwright

ROOT = Path(__file__).resolve().parents[2]
VERSION = rollwright.__version__


def _build(out: Path, epoch: str = "315532800") -> tuple[Path, Path]:
    done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", str(out)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "SOURCE_DATE_EPOCH": epoch})
    assert done.returncode == 0, done.stderr[-3000:]
    return out / f"rollwright-{VERSION}-py3-none-any.whl", out / f"rollwright-{VERSION}.tar.gz"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _build(tmp_path_factory.mktemp("dist"))


def test_the_backend_is_the_pinned_one() -> None:
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    (pin,) = [r for r in requires if r.startswith("hatchling==")]
    assert pin in (ROOT / "requirements.txt").read_text().splitlines()
    assert pin in (ROOT / "requirements.lock").read_text().splitlines()


def test_the_wheel_installs_one_import_name_and_everything_a_site_needs(dist: tuple[Path, Path]) -> None:
    wheel, _ = dist
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"rollwright", f"rollwright-{VERSION}.dist-info"}
    pin = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    for needed in ("rollwright/kit/api.py", "rollwright/cli.py", "rollwright/mkdocs/plugin.py", "rollwright/py.typed",
                   "rollwright/mkdocs/make_snapshot.mjs", "rollwright/mkdocs/compile_pyc.py", "rollwright/site/reload.js",
                   "rollwright/mkdocs/theme/main.html", "rollwright/mkdocs/theme/assets/rollwright/rollwright.js",
                   "rollwright/mkdocs/pyodide/pyodide.asm.wasm", "rollwright/mkdocs/pyodide/python_stdlib.zip",
                   "rollwright/scaffold/template/mkdocs.yml",
                   f"rollwright-{VERSION}.dist-info/licenses/LICENSE",
                   f"rollwright-{VERSION}.dist-info/licenses/THIRD_PARTY.md"):
        assert needed in names, needed
    packaged = json.loads(zipfile.ZipFile(wheel).read("rollwright/mkdocs/pyodide/package.json"))
    assert packaged["version"] == pin
    assert f"Pyodide {pin}" in (ROOT / "THIRD_PARTY.md").read_text()
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or "/systems/" in n]
    entry_points = zipfile.ZipFile(wheel).read(f"rollwright-{VERSION}.dist-info/entry_points.txt").decode()
    assert "rollwright = rollwright.mkdocs.plugin:RollwrightPlugin" in entry_points
    assert "rollwright = rollwright.cli:main" in entry_points


def test_the_sdist_holds_the_package_sources_not_the_flagship(dist: tuple[Path, Path]) -> None:
    _, sdist = dist
    names = tarfile.open(sdist).getnames()
    top = f"rollwright-{VERSION}"
    for needed in ("engine/rollwright/__init__.py", "macros/rollwright/mkdocs/plugin.py", "site-overrides/main.html",
                   "hatch_build.py", "package.json", "package-lock.json", "LICENSE", "CHANGELOG.md", "pyproject.toml"):
        assert f"{top}/{needed}" in names, needed
    assert not [n for n in names if n.startswith((f"{top}/engine/systems", f"{top}/docs/", f"{top}/tests/"))]


def test_dist_is_reproducible(dist: tuple[Path, Path], tmp_path: Path) -> None:
    again = _build(tmp_path / "again")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in dist]
    assert {i.date_time for i in zipfile.ZipFile(again[0]).infolist()} == {(1980, 1, 1, 0, 0, 0)}
