"""The browser's Python: the site's wheel (rollwright.mkdocs.bundle) holds the engine and exactly its systems."""

from __future__ import annotations

import base64
import csv
import hashlib
import ast
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import rollwright
from rollwright.mkdocs import bundle as bundle_module
from rollwright.mkdocs.bytecode import pyodide_bytecode
from rollwright.mkdocs.project import site_systems
from rollwright.mkdocs.resources import pyodide

REPO_ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = site_systems(REPO_ROOT / "mkdocs.yml")
DIST_INFO = f"rollwright_site-{rollwright.__version__}.dist-info"


def _build() -> bundle_module.Bundle:
    sources = bundle_module.source_files(SYSTEMS)
    return bundle_module.build_bundle(SYSTEMS, pyodide_bytecode(sources, pyodide(), REPO_ROOT / ".cache" / "rollwright" / "pyc"))


@pytest.fixture(scope="module")
def wheel() -> bundle_module.Bundle:
    return _build()


def test_wheel_is_named_as_a_pure_python_wheel(wheel):
    assert wheel.filename == f"rollwright_site-{rollwright.__version__}-py3-none-any.whl"
    assert wheel.packages == ("rollwright", *(s.module for s in SYSTEMS))


def test_wheel_metadata_and_tag(wheel):
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        assert archive.testzip() is None
        wheel_info = archive.read(f"{DIST_INFO}/WHEEL").decode().splitlines()
        metadata = archive.read(f"{DIST_INFO}/METADATA").decode().splitlines()
    assert {"Wheel-Version: 1.0", "Root-Is-Purelib: true", "Tag: py3-none-any"} <= set(wheel_info)
    assert "Name: rollwright_site" in metadata and f"Version: {rollwright.__version__}" in metadata


def test_wheel_holds_the_engine_the_systems_and_bytecode_for_pyodide_only(wheel):
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        names = archive.namelist()
        magic = {archive.read(n)[:4] for n in names if n.endswith(".pyc")}
        flags = {int.from_bytes(archive.read(n)[4:8], "little") for n in names if n.endswith(".pyc")}
    engine = REPO_ROOT / "engine" / "rollwright"
    expected = {f"rollwright/{p.relative_to(engine).as_posix()}" for p in engine.rglob("*.py")
                if "__pycache__" not in p.parts and p.relative_to(engine).parts[0] not in ("cli.py", "__main__.py", "blame.py",
                                                                                       "things_cli.py")}
    for system in SYSTEMS:
        expected |= {f"{system.module}/{p.relative_to(system.folder).as_posix()}" for p in system.folder.rglob("*.py")
                     if "__pycache__" not in p.parts}
    sources = {n for n in names if n.endswith(".py")}
    assert sources == expected | {"rollwright_site.py"}
    assert not [n for n in names if n.startswith("rollwright/mkdocs/") or n.endswith(("worked_examples.toml", "parity_calls.toml"))]
    # One bytecode file per source, for Pyodide's CPython only (none from this machine's Python),
    # in the unchecked-hash form (flags = 0b01) that imports without a timestamp check.
    compiled = sorted(n for n in names if n.endswith(".pyc"))
    assert len(compiled) == len(sources)
    assert all(".cpython-314.pyc" in n and "/__pycache__/" in n or n.startswith("__pycache__/") for n in compiled)
    assert len(magic) == 1 and flags == {0b01}


def test_the_bytecode_leaves_out_docstrings_and_nothing_else(wheel):
    """Docstrings are dropped from the browser's bytecode (less memory in the snapshot); code stays."""
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        source = archive.read("rollwright/dice/notation/__init__.py")
        pyc = archive.read("rollwright/dice/notation/__pycache__/__init__.cpython-314.pyc")
    tree = ast.parse(source)
    docstring = ast.get_docstring(tree, clean=False)
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and ast.get_docstring(node))
    assert docstring and docstring.encode()[:60] not in pyc
    assert ast.get_docstring(function, clean=False).encode()[:40] not in pyc
    assert function.name.encode() in pyc  # the function itself is there


def test_the_command_line_is_not_what_the_browser_needs():
    """The engine part the browser gets is enough for every call: nothing in it imports the rest."""
    for part in bundle_module.ENGINE_PARTS:
        assert (REPO_ROOT / "engine" / "rollwright" / part).exists()
    shipped = {p for p in (REPO_ROOT / "engine" / "rollwright").iterdir() if p.name != "__pycache__"}
    left_out = sorted(p.name for p in shipped if p.name not in bundle_module.ENGINE_PARTS)
    assert left_out == ["__main__.py", "blame.py", "cli.py", "py.typed", "things_cli.py"]  # blame: whose fault, for
    # the build and CLI; things_cli: `rollwright things`, whose argparse the snapshot has no room for


def test_record_lists_every_file_with_a_correct_hash(wheel):
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        names = archive.namelist()
        rows = list(csv.reader(io.StringIO(archive.read(f"{DIST_INFO}/RECORD").decode())))
        recorded = {row[0]: row for row in rows}
        assert set(recorded) == set(names)
        assert recorded[f"{DIST_INFO}/RECORD"] == [f"{DIST_INFO}/RECORD", "", ""]
        for name in names:
            if name == f"{DIST_INFO}/RECORD":
                continue
            content = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            assert recorded[name][1:] == [f"sha256={digest}", str(len(content))], name


def test_wheel_is_reproducible_with_source_date_epoch(wheel, monkeypatch):
    """Built again, the same sources give the same bytes; the zip's timestamps follow SOURCE_DATE_EPOCH
    (default 1980-01-01, the earliest a zip can hold)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert _build() == wheel
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        infos = archive.infolist()
    assert infos[-1].filename.endswith(".dist-info/RECORD")
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14T22:13:20Z
    first = _build()
    assert _build() == first
    with zipfile.ZipFile(io.BytesIO(first.data)) as archive:
        assert {i.date_time for i in archive.infolist()} == {(2023, 11, 14, 22, 13, 20)}
        assert archive.namelist() == zipfile.ZipFile(io.BytesIO(wheel.data)).namelist()


def test_site_path_is_content_addressed(wheel):
    assert wheel.site_path == f"assets/engine/{hashlib.sha256(wheel.data).hexdigest()[:12]}/{wheel.filename}"


def test_engine_imports_from_the_wheel_alone(wheel, tmp_path):
    """A fresh interpreter with only the wheel on sys.path (zipimport) runs a call through the entry module."""
    wheel_path = tmp_path / wheel.filename
    wheel_path.write_bytes(wheel.data)
    probe = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(wheel_path)!r})\n"
        "import rollwright, rollwright_site\n"
        "out = json.loads(rollwright_site.call_json('dice.dist', '{\"notation\": \"d6\"}'))\n"
        "from rollwright.kit.system import all_systems\n"
        "print(json.dumps({'file': rollwright.__file__, 'version': rollwright_site.__version__, 'ok': out['ok'],\n"
        "                  'systems': sorted(all_systems())}))\n"
    )
    # -I: isolated (no PYTHONPATH, no user site, no script or cwd on sys.path); cwd is outside the repo.
    done = subprocess.run([sys.executable, "-I", "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["file"].startswith(str(wheel_path))
    assert report["version"] == rollwright.__version__
    assert report["ok"] is True
    assert report["systems"] == sorted(__import__(s.module).SYSTEM.id for s in SYSTEMS)


def test_installed_pyodide_matches_the_pin():
    runtime = pyodide()
    assert runtime.version == json.loads((REPO_ROOT / "package.json").read_text())["dependencies"]["pyodide"]
