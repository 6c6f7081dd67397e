"""The build's Pyodide memory snapshot (macros/snapshot.py): shipped, described and cached."""

from __future__ import annotations

import gzip
import hashlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import engine
from rollwright.mkdocs import snapshot as snapshot_module
from tests.support.site_build import page
from tests.site.test_assets import REPO_ROOT, site_assets


def _config(site: Path) -> dict:
    html = page(site, "facade/basic-rules")
    match = re.search(r'<script type="application/json" id="rw-config">(.*?)</script>', html)
    assert match, "the page has no runtime config"
    return json.loads(match.group(1))


def test_config_names_the_entry_module_and_the_snapshot(site: Path) -> None:
    config = _config(site)
    _, version = site_assets.pyodide_dir(REPO_ROOT)
    assert config["entryModule"] == site_assets.ENTRY_MODULE
    info = config["snapshot"]
    assert info["pyodide"] == version and info["entryModule"] == site_assets.ENTRY_MODULE
    assert info["python"].startswith("3.")
    assert re.fullmatch(r"assets/snapshot/[0-9a-f]{16}/engine\.snapshot\.gz", info["url"])
    assert info["url"].split("/")[2] == info["sha256"][:16]


def test_snapshot_is_shipped_gzipped_as_described(site: Path) -> None:
    info = _config(site)["snapshot"]
    data = (site / info["url"]).read_bytes()
    assert len(data) == info["bytes"] and hashlib.sha256(data).hexdigest() == info["sha256"]
    packed = gzip.decompress(data)
    assert len(packed) == info["packedBytes"]
    raw = snapshot_module.unpack(packed)
    assert len(raw) == info["rawBytes"]
    assert len(raw) > 16 * 2**20  # Python's whole memory, not a stub
    assert len(packed) < 0.8 * len(raw)  # its zero pages are left out
    assert len(list(site.glob("assets/snapshot/*/*"))) == 1


def test_snapshot_holds_every_engine_module() -> None:
    """Restored without the wheel's files, so nothing of the engine may be left to import later."""
    _, data = site_assets.build_engine_wheel(REPO_ROOT)
    made = site_assets.engine_snapshot(REPO_ROOT, data)
    expected = {"engine"} | {m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
                             if not m.name.endswith(".__main__")}
    assert set(made.modules) == expected
    assert site_assets.ENTRY_MODULE in made.modules


def test_snapshot_is_cached_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, data = site_assets.build_engine_wheel(REPO_ROOT)
    package_dir, version = site_assets.pyodide_dir(REPO_ROOT)
    made = site_assets.engine_snapshot(REPO_ROOT, data)  # cached by the site build already
    cache = REPO_ROOT / ".cache" / "snapshot"
    key = snapshot_module.cache_key(data, site_assets.ENTRY_MODULE, package_dir, version)
    assert (cache / f"{key}.gz").read_bytes() == made.gz

    def no_node(*_args: object) -> None:
        raise AssertionError("a cached snapshot was made again")

    monkeypatch.setattr(snapshot_module, "_make", no_node)
    assert site_assets.engine_snapshot(REPO_ROOT, data) == made
    # Other inputs, other key: a changed wheel, entry module or Pyodide makes a new snapshot.
    assert snapshot_module.cache_key(data + b"x", site_assets.ENTRY_MODULE, package_dir, version) != key
    assert snapshot_module.cache_key(data, "engine.other", package_dir, version) != key
    assert snapshot_module.cache_key(data, site_assets.ENTRY_MODULE, package_dir, "0.0.1") != key


def test_config_names_the_pyodide_the_site_ships(site: Path) -> None:
    """The worker compares the snapshot's Pyodide with this before downloading it."""
    config = _config(site)
    assert config["pyodide"] == f"assets/pyodide/{config['pyodideVersion']}/"
    assert config["snapshot"]["pyodide"] == config["pyodideVersion"]
