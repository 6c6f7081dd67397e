"""The engine wheel built by macros/site_assets.py (the hook that ships the browser runtime)."""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def _load_hook():
    """macros/site_assets.py by path: it is an mkdocs hook file, not part of the macros package."""
    spec = importlib.util.spec_from_file_location("rollwright_site_assets", REPO_ROOT / "macros" / "site_assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site_assets = _load_hook()


@pytest.fixture(scope="module")
def wheel() -> tuple[str, bytes]:
    return site_assets.build_engine_wheel(REPO_ROOT)


def _engine_version() -> str:
    return site_assets.engine_version(REPO_ROOT)


def test_wheel_is_named_as_a_pure_python_wheel(wheel):
    filename, _ = wheel
    assert filename == f"rollwright_engine-{_engine_version()}-py3-none-any.whl"


def test_wheel_metadata_and_tag(wheel):
    _, data = wheel
    dist_info = f"rollwright_engine-{_engine_version()}.dist-info"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        wheel_info = archive.read(f"{dist_info}/WHEEL").decode()
        metadata = archive.read(f"{dist_info}/METADATA").decode()
    assert "Wheel-Version: 1.0" in wheel_info.splitlines()
    assert "Root-Is-Purelib: true" in wheel_info.splitlines()
    assert "Tag: py3-none-any" in wheel_info.splitlines()
    assert f"Generator: hatchling {_pinned_backend()}" in wheel_info.splitlines()  # the pinned PEP 517 backend
    assert any(line.startswith("Metadata-Version: 2.") for line in metadata.splitlines())
    assert "Name: rollwright-engine" in metadata.splitlines()
    assert f"Version: {_engine_version()}" in metadata.splitlines()


def test_wheel_holds_the_package_and_bytecode_only_for_pyodide(wheel):
    _, data = wheel
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        magic = {archive.read(n)[:4] for n in names if n.endswith(".pyc")}
        flags = {int.from_bytes(archive.read(n)[4:8], "little") for n in names if n.endswith(".pyc")}
    assert "engine/__init__.py" in names
    assert "engine/kit/api.py" in names
    sources = {p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "engine").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert sources <= set(names), f"missing from the wheel: {sorted(sources - set(names))}"
    # One bytecode file per source, for Pyodide's CPython only (none from this machine's Python),
    # in the unchecked-hash form (flags = 0b01) that imports without a timestamp check.
    compiled = sorted(n for n in names if n.endswith(".pyc"))
    assert len(compiled) == len(sources)
    assert all(".cpython-314.pyc" in n and "/__pycache__/" in n for n in compiled), compiled[:3]
    assert len(magic) == 1 and flags == {0b01}
    assert not [n for n in names if n.endswith(".pyo")]


def test_record_lists_every_file_with_a_correct_hash(wheel):
    _, data = wheel
    dist_info = f"rollwright_engine-{_engine_version()}.dist-info"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        rows = list(csv.reader(io.StringIO(archive.read(f"{dist_info}/RECORD").decode())))
        recorded = {row[0]: row for row in rows}
        assert set(recorded) == set(names)
        assert recorded[f"{dist_info}/RECORD"] == [f"{dist_info}/RECORD", "", ""]
        for name in names:
            if name == f"{dist_info}/RECORD":
                continue
            content = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            assert recorded[name][1] == f"sha256={digest}", name
            assert recorded[name][2] == str(len(content)), name


def _pinned_backend() -> str:
    """hatchling's exact version, pinned alike in pyproject.toml's build-system and in requirements.txt."""
    import tomllib

    requires = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    pins = [r.split("==")[1] for r in requires if r.startswith("hatchling==")]
    assert len(pins) == 1, requires
    assert f"hatchling=={pins[0]}" in (REPO_ROOT / "requirements.txt").read_text().splitlines()
    assert f"hatchling=={pins[0]}" in (REPO_ROOT / "requirements.lock").read_text().splitlines()
    return pins[0]


def test_wheel_is_reproducible_with_source_date_epoch(wheel, monkeypatch):
    """Built again from scratch (no cache), the same sources give the same bytes; the zip's
    timestamps follow SOURCE_DATE_EPOCH (default 1980-01-01, the earliest a zip can hold)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert site_assets.build_engine_wheel(REPO_ROOT, cache=False) == wheel
    with zipfile.ZipFile(io.BytesIO(wheel[1])) as archive:
        infos = archive.infolist()
    assert infos[-1].filename.endswith(".dist-info/RECORD")
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14T22:13:20Z
    first = site_assets.build_engine_wheel(REPO_ROOT, cache=False)
    assert site_assets.build_engine_wheel(REPO_ROOT, cache=False) == first
    with zipfile.ZipFile(io.BytesIO(first[1])) as archive:
        assert {i.date_time for i in archive.infolist()} == {(2023, 11, 14, 22, 13, 20)}
        assert archive.namelist() == zipfile.ZipFile(io.BytesIO(wheel[1])).namelist()


def test_site_path_is_content_addressed(wheel):
    filename, data = wheel
    path = site_assets.wheel_site_path(filename, data)
    assert path == f"assets/engine/{hashlib.sha256(data).hexdigest()[:12]}/{filename}"


def test_engine_imports_from_the_wheel_alone(wheel, tmp_path):
    """A fresh interpreter with only the wheel on sys.path (zipimport) can run a call."""
    filename, data = wheel
    wheel_path = tmp_path / filename
    wheel_path.write_bytes(data)
    probe = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(wheel_path)!r})\n"
        "import engine, rollwright.kit.api\n"
        "out = json.loads(rollwright.kit.api.call_json('dice.dist', '{\"notation\": \"d6\"}'))\n"
        "print(json.dumps({'file': engine.__file__, 'version': engine.__version__, 'ok': out['ok']}))\n"
    )
    # -I: isolated (no PYTHONPATH, no user site, no script or cwd on sys.path); cwd is outside the repo.
    done = subprocess.run([sys.executable, "-I", "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["file"].startswith(str(wheel_path))
    assert report["version"] == _engine_version()
    assert report["ok"] is True


def test_pyodide_pin_is_checked(tmp_path):
    """A node_modules/pyodide that differs from package.json's exact pin fails the build clearly."""
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    (tmp_path / "node_modules" / "pyodide" / "package.json").write_text(json.dumps({"version": "0.1.0"}))
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    with pytest.raises(Exception, match=r"0\.1\.0 but package\.json pins 314\.0\.7: run `make deps`"):
        site_assets.pyodide_dir(tmp_path)
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "^0.1.0"}}))
    with pytest.raises(Exception, match="must be an exact version"):
        site_assets.pyodide_dir(tmp_path)


def test_missing_node_modules_says_run_make_deps(tmp_path):
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    with pytest.raises(Exception, match="run `make deps`"):
        site_assets.pyodide_dir(tmp_path)


def test_installed_pyodide_matches_the_pin():
    package_dir, version = site_assets.pyodide_dir(REPO_ROOT)
    pin = json.loads((REPO_ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert version == pin
    for name in site_assets.PYODIDE_CORE_FILES:
        assert (package_dir / name).is_file()


def test_site_url_is_set_so_instant_navigation_works():
    """Material's instant navigation only follows links listed in sitemap.xml, and reads
    those as absolute URLs: with an empty site_url the sitemap is empty and every click
    is a full page load, so Python would boot again on every page."""
    from mkdocs.config import load_config

    config = load_config(config_file=str(REPO_ROOT / "mkdocs.yml"))
    assert "navigation.instant" in config.theme["features"]
    assert config.site_url, (
        "mkdocs.yml has no site_url, so sitemap.xml lists no pages and Material's instant navigation is "
        "off; set it (e.g. site_url: !ENV [ROLLWRIGHT_SITE_URL, \"http://127.0.0.1:8000/\"])")
