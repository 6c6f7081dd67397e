"""The build's Pyodide memory snapshot (rollwright/mkdocs/snapshot.py): shipped, described and cached."""

from __future__ import annotations

import hashlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

from rollwright.mkdocs import snapshot as snapshot_module
from rollwright.mkdocs.bundle import ENGINE_PARTS, ENTRY_MODULE
from rollwright.mkdocs.project import site_systems
from rollwright.mkdocs.resources import pyodide
from rollwright.mkdocs.site_assets import SiteAssets
from rollwright.mkdocs.wasm_data import data_segments
from tests.support.site_build import page

REPO_ROOT = Path(__file__).resolve().parents[2]


def _assets() -> SiteAssets:
    assets = SiteAssets(REPO_ROOT, site_systems(REPO_ROOT / "mkdocs.yml"), serving=False)
    assets.prepare()
    assets.finish()
    return assets


def _config(site: Path) -> dict:
    html = page(site, "")
    match = re.search(r'<script type="application/json" id="rw-config">(.*?)</script>', html)
    assert match, "the page has no runtime config"
    return json.loads(match.group(1))


def test_config_names_the_entry_module_and_the_snapshot(site: Path) -> None:
    config = _config(site)
    assert config["entryModule"] == ENTRY_MODULE
    info = config["snapshot"]
    assert info["pyodide"] == pyodide().version and info["entryModule"] == ENTRY_MODULE
    assert info["python"].startswith("3.")
    assert re.fullmatch(r"assets/snapshot/[0-9a-f]{16}/engine\.snapshot\.zst", info["url"])
    assert info["url"].split("/")[2] == info["sha256"][:16]


def test_snapshot_is_shipped_as_zstd_frames_as_described(site: Path) -> None:
    info = _config(site)["snapshot"]
    data = (site / info["url"]).read_bytes()
    assert len(data) == info["bytes"] and hashlib.sha256(data).hexdigest() == info["sha256"]
    packed = snapshot_module.decompress(data)
    assert len(packed) == info["packedBytes"]
    # a small first frame (the browser decodes it while the rest downloads), then the rest
    assert [decoded for _, decoded in info["frames"]] == [snapshot_module.WARM_UP_BYTES,
                                                          len(packed) - snapshot_module.WARM_UP_BYTES]
    assert sum(shipped for shipped, _ in info["frames"]) == len(data)
    assert snapshot_module.decompress(data[:info["frames"][0][0]]) == packed[:snapshot_module.WARM_UP_BYTES]
    assert packed[:4] == snapshot_module.MAGIC_DELTA  # packed against the wasm's own data
    segments = data_segments((site / config_pyodide(site) / "pyodide.asm.wasm").read_bytes())
    raw = snapshot_module.unpack(packed, segments)
    assert len(raw) == info["rawBytes"]
    assert len(raw) > 16 * 2**20  # Python's whole memory, not a stub
    assert len(packed) < 0.6 * len(raw)  # its zero pages and the wasm's unchanged data are left out
    with pytest.raises(snapshot_module.SnapshotError, match="needs the data of the wasm"):
        snapshot_module.unpack(packed)
    assert len(list(site.glob("assets/snapshot/*/*.zst"))) == 1  # one snapshot (beside it, its small stdlib)


def config_pyodide(site: Path) -> str:
    """The site's Pyodide folder, as the page config names it."""
    return _config(site)["pyodide"]


def test_snapshot_holds_every_engine_and_system_module() -> None:
    """Restored without the wheel's files, so nothing of the engine or a system may be left to import later."""
    assets = _assets()
    assert assets.snapshot is not None and assets.bundle is not None
    expected = {ENTRY_MODULE}
    for package in assets.bundle.packages:
        top = __import__(package)
        expected |= {package} | {m.name for m in pkgutil.walk_packages(top.__path__, f"{package}.")
                                 if not m.name.endswith(".__main__")}
    shipped = tuple(f"rollwright.{part.removesuffix('.py')}" for part in ENGINE_PARTS)  # not the CLI, MkDocs side...
    expected = {name for name in expected if not name.startswith("rollwright.")
                or name in shipped or name.startswith(tuple(f"{part}." for part in shipped))}
    assert set(assets.snapshot.modules) == expected


def test_snapshot_is_cached_by_content(monkeypatch: pytest.MonkeyPatch) -> None:
    assets = _assets()  # cached by the site build already
    assert assets.snapshot is not None and assets.bundle is not None
    data, made, runtime = assets.bundle.data, assets.snapshot, pyodide()
    key = snapshot_module.cache_key(data, ENTRY_MODULE, runtime)
    assert (assets.cache / "snapshot" / f"{key}.L{snapshot_module.BUILD_LEVEL}.zst").read_bytes() == made.compressed

    def no_node(*_args: object) -> None:
        raise AssertionError("a cached snapshot was made again")

    monkeypatch.setattr(snapshot_module, "_make", no_node)
    assert _assets().snapshot == made
    # Other inputs, other key: a changed wheel, entry module or Pyodide makes a new snapshot.
    assert snapshot_module.cache_key(data + b"x", ENTRY_MODULE, runtime) != key
    assert snapshot_module.cache_key(data, "other_entry", runtime) != key
    assert snapshot_module.cache_key(data, ENTRY_MODULE, type(runtime)(runtime.folder, "0.0.1")) != key


def test_config_names_the_pyodide_the_site_ships(site: Path) -> None:
    """The worker compares the snapshot's Pyodide with this before downloading it."""
    config = _config(site)
    assert config["pyodide"] == f"assets/pyodide/{config['pyodideVersion']}/"
    assert config["snapshot"]["pyodide"] == config["pyodideVersion"]


def test_the_small_standard_library_holds_what_a_normal_boot_imports(site: Path) -> None:
    """Listed by the snapshot's maker, shipped beside it: what Pyodide's boot and the engine import, and no more."""
    import zipfile

    info = _config(site)["snapshot"]
    small = info["stdlib"]
    assert small["url"] == info["url"].rsplit("/", 1)[0] + "/python_stdlib.zip"
    data = (site / small["url"]).read_bytes()
    assert len(data) == small["bytes"] and hashlib.sha256(data).hexdigest() == small["sha256"]
    names = set(zipfile.ZipFile(site / small["url"]).namelist())
    whole = site / config_pyodide(site) / "python_stdlib.zip"
    assert {"json/__init__.py", "fractions.py", "encodings/__init__.py", "tomllib/__init__.py"} <= names
    assert not names & {"colorsys.py", "tkinter/__init__.py", "sqlite3/__init__.py"}
    assert names < set(zipfile.ZipFile(whole).namelist())
    assert len(data) < 0.5 * whole.stat().st_size


def test_serve_and_build_share_what_node_made(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`serve` ships a faster compression of the same packed snapshot: switching from one command to the
    other compresses again but never makes the snapshot again (the slow part)."""
    assets = _assets()
    assert assets.snapshot is not None and assets.bundle is not None
    key = snapshot_module.cache_key(assets.bundle.data, ENTRY_MODULE, pyodide())
    for path in (assets.cache / "snapshot").glob(f"{key}.*"):
        (tmp_path / path.name).write_bytes(path.read_bytes())

    def no_node(*_args: object) -> None:
        raise AssertionError("the snapshot was made again")

    monkeypatch.setattr(snapshot_module, "_make", no_node)
    built = snapshot_module.build_snapshot(assets.bundle.data, ENTRY_MODULE, pyodide(), tmp_path)
    served = snapshot_module.build_snapshot(assets.bundle.data, ENTRY_MODULE, pyodide(), tmp_path,
                                            snapshot_module.SERVE_LEVEL)
    assert built == assets.snapshot
    assert served.compressed != built.compressed and len(served.compressed) > len(built.compressed)
    assert snapshot_module.decompress(served.compressed) == snapshot_module.decompress(built.compressed)
    assert served.config()["frames"] != built.config()["frames"]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        [f"{key}.json", f"{key}.packed", f"{key}.L{snapshot_module.BUILD_LEVEL}.zst",
         f"{key}.L{snapshot_module.SERVE_LEVEL}.zst"])
