"""The service worker of a build (rollwright/mkdocs/offline.py): `sw.js` lists every file with its hash."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from rollwright.mkdocs.offline import CHECKS, LOGIC, OFFLINE_PAGE, SERVICE_WORKER, TABS, build_manifest, write_service_worker
from rollwright.mkdocs.project import site_systems
from rollwright.mkdocs.site_assets import SiteAssets
from tests.site.test_snapshot import _config


def _manifest(site: Path) -> dict:
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    match = re.search(r"^self\.ROLLWRIGHT_BUILD = (\{.*\});$", text, re.MULTILINE)
    assert match, text[:300]
    assert f'importScripts("{TABS}", "{CHECKS}", "{LOGIC}");' in text
    return json.loads(match.group(1))


def _file_of(key: str, info: dict) -> str:
    """The file behind a manifest key (a page is keyed by its URL)."""
    return (key + "index.html") if info["role"] == "page" else key


def test_service_worker_lists_every_file_of_the_build(site: Path) -> None:
    manifest = _manifest(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {SERVICE_WORKER}
    # The answers at build time are listed by folder (thousands of small files, named by their hash).
    answers = {f for f in files if f.startswith("assets/rollwright/answers/")}
    assert {f.rsplit("/", 1)[0] + "/" for f in answers} == set(manifest["answers"])
    listed = manifest["files"]
    assert {_file_of(key, info) for key, info in listed.items()} == files - answers
    for key, info in listed.items():
        if info["sha256"] is None:
            assert key == "sitemap.xml"
            continue
        path = site / _file_of(key, info)
        assert hashlib.sha256(path.read_bytes()).hexdigest() == info["sha256"], key
        assert path.stat().st_size == info["bytes"], key
    lazy = frozenset(k for k, v in listed.items() if v["role"] == "lazy")
    inflated = frozenset(k for k, v in listed.items() if "raw" in v)
    python = frozenset(k for k, v in listed.items() if v.get("python"))  # Python's own files (issue 42)
    assert manifest == build_manifest(site, lazy, inflated, python)


def test_roles_put_the_snapshot_path_up_front_and_the_fallback_files_on_demand(site: Path) -> None:
    config = _config(site)
    listed = _manifest(site)["files"]
    pyodide = config["pyodide"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        assert listed[pyodide + name]["role"] == "precache", name
    snapshot = listed[config["snapshot"]["url"]]
    assert snapshot["role"] == "precache"
    assert snapshot["raw"]["bytes"] == config["snapshot"]["packedBytes"]  # kept decompressed by the service worker
    assert [k for k, v in listed.items() if "raw" in v] == [config["snapshot"]["url"]]
    assert listed[LOGIC]["role"] == "precache"
    assert listed["assets/rollwright/rollwright.js"]["role"] == "precache"
    assert listed[pyodide + "python_stdlib.zip"]["role"] == "lazy"
    assert listed[config["engineWheel"]]["role"] == "lazy"
    assert listed["dice/"]["role"] == "page" and listed[""]["role"] == "page"
    assert config["serviceWorker"] == SERVICE_WORKER


def test_build_id_follows_the_files(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "a.js").write_text("1")
    first = write_service_worker(tmp_path)
    assert write_service_worker(tmp_path) == first  # sw.js itself is not listed
    (tmp_path / "assets" / "a.js").write_text("2")
    second = write_service_worker(tmp_path)
    assert second["build"] != first["build"]
    assert f"build {second['build']}" in (tmp_path / SERVICE_WORKER).read_text()


def test_mkdocs_serve_registers_no_service_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """A live-reloading site would be served stale pages from the cache."""
    # Only the page config is asked for: no making of the wheel and snapshot may be left running on a thread
    # after the test, writing into the flagship's cache while later tests read it.
    monkeypatch.setattr(SiteAssets, "_start_making", lambda self: None)
    root = Path(__file__).resolve().parents[2]
    systems = site_systems(root / "mkdocs.yml")
    assert SiteAssets(root, systems, serving=True).prepare()["serviceWorker"] is None
    assert SiteAssets(root, systems, serving=False).prepare()["serviceWorker"] == SERVICE_WORKER


def test_the_offline_page_has_the_sites_look_and_is_kept_up_front(site: Path) -> None:
    """The page a reader offline gets for a page never kept: the theme's header, a link home that works
    at any address (from the site's root), and a sentence that is true; cached at install."""
    html = (site / OFFLINE_PAGE).read_text(encoding="utf-8")
    assert 'class="md-header' in html and "<h1>You are offline</h1>" in html
    assert re.search(r'<a href="/" data-rw-offline-home>the home page</a>', html)
    assert "no copy of this page yet" in html
    listed = _manifest(site)["files"]
    assert listed[OFFLINE_PAGE]["role"] == "precache" and listed[TABS]["role"] == "precache"
