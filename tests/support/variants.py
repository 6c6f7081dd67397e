"""Variants of a built site for the snapshot and offline tests (and the bench): the same site
with its snapshot missing or damaged, or with a page changed as a new build would change it.

A variant is a folder of hard links to the built site's files; a file to be changed is
replaced, never edited in place, so the original site stays as it was. After a change the
service worker (`sw.js`) is written again, as a real build would write it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from rollwright.mkdocs.offline import SERVICE_WORKER, write_service_worker
from rollwright.mkdocs.snapshot import SnapshotError, compress, decompress, heap_offset, pack, unpack
from rollwright.mkdocs.wasm_data import data_segments

CONFIG_RE = re.compile(r'(<script type="application/json" id="rw-config">)(.*?)(</script>)', re.DOTALL)


def runtime_config(site_dir: Path, page: str = "") -> dict:
    """The page config (`config.extra.rollwright`) of one page of a built site."""
    match = CONFIG_RE.search((site_dir / page / "index.html").read_text(encoding="utf-8"))
    if not match:
        raise AssertionError(f"{page} has no runtime config")
    return json.loads(match.group(2))


def copy_site(site_dir: Path, target: Path) -> Path:
    """A variant folder of hard links to every file of ``site_dir``."""
    shutil.copytree(site_dir, target, copy_function=os.link)
    return target


def replace_file(path: Path, data: bytes) -> None:
    """Give ``path`` new bytes without touching the file it is linked to."""
    path.unlink(missing_ok=True)
    path.write_bytes(data)


def _inflatable(path: Path) -> bool:
    try:
        decompress(path.read_bytes())
    except (OSError, SnapshotError):  # deleted, or damaged on purpose
        return False
    return True


def rewrite_service_worker(site_dir: Path) -> dict:
    """Write ``sw.js`` again after a change, with the same files on demand and inflated; returns its manifest."""
    text = (site_dir / SERVICE_WORKER).read_text(encoding="utf-8")
    files = json.loads(re.search(r"^self\.ROLLWRIGHT_BUILD = (\{.*\});$", text, re.MULTILINE).group(1))["files"]
    lazy = frozenset(path for path, info in files.items() if info["role"] == "lazy")
    inflate = frozenset(path for path, info in files.items() if "raw" in info and _inflatable(site_dir / path))
    (site_dir / SERVICE_WORKER).unlink()
    return write_service_worker(site_dir, lazy, inflate)


def snapshot_path(site_dir: Path) -> Path:
    """Where the built site keeps its compressed memory snapshot."""
    return site_dir / runtime_config(site_dir)["snapshot"]["url"]


def without_snapshot(site_dir: Path, target: Path) -> Path:
    """The site with its snapshot deleted (the worker gets a 404)."""
    copy_site(site_dir, target)
    snapshot_path(target).unlink()
    rewrite_service_worker(target)
    return target


def _without_pyodide_file(target: Path, name: str) -> Path:
    """Delete one of Pyodide's files from a copied site, and list the site's files again."""
    for path in target.glob(f"assets/pyodide/*/{name}"):
        path.unlink()
    rewrite_service_worker(target)
    return target


def without_python_stdlib(site_dir: Path, target: Path) -> Path:
    """The site with neither its snapshot nor a ``python_stdlib.zip`` (Pyodide's whole one, the site's small
    one beside the snapshot): Python cannot start at all."""
    without_snapshot(site_dir, target)
    for path in target.glob("assets/snapshot/*/python_stdlib.zip"):
        path.unlink()
    return _without_pyodide_file(target, "python_stdlib.zip")


def without_pyodide_wasm(site_dir: Path, target: Path) -> Path:
    """The site without Pyodide's ``pyodide.asm.wasm`` (which the worker compiles early): no path can start."""
    return _without_pyodide_file(copy_site(site_dir, target), "pyodide.asm.wasm")


def with_corrupt_snapshot(site_dir: Path, target: Path) -> Path:
    """The site with bytes in the middle of its compressed snapshot overwritten (zstd's checksum fails)."""
    copy_site(site_dir, target)
    path = snapshot_path(target)
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(64)
    replace_file(path, bytes(data))
    rewrite_service_worker(target)
    return target


def with_foreign_snapshot(site_dir: Path, target: Path) -> Path:
    """The site with a snapshot whose header names another Pyodide build (restore refuses it)."""
    copy_site(site_dir, target)
    path = snapshot_path(target)
    wasm = next(target.glob("assets/pyodide/*/pyodide.asm.wasm")).read_bytes()
    segments = data_segments(wasm)  # the site's snapshot is packed against its wasm's data
    raw = bytearray(unpack(decompress(path.read_bytes()), segments))
    raw[16:48] = bytes(b ^ 0xFF for b in raw[16:48])  # the build id Pyodide checks on restore
    base = heap_offset(bytes(raw))
    repacked = pack(bytes(raw), segments=segments, base=base) if segments and base else pack(bytes(raw))
    shipped, frames = compress(repacked, level=1)
    replace_file(path, shipped)
    set_snapshot_config(target, frames=[list(frame) for frame in frames], bytes=len(shipped))
    rewrite_service_worker(target)
    return target


def set_snapshot_config(site_dir: Path, **entries: object) -> None:
    """Change the snapshot's entry in every page's config (as a build with that snapshot would write it)."""
    def change(text: str) -> str:
        def edit(match: re.Match) -> str:
            config = json.loads(match.group(2))
            config["snapshot"].update(entries)
            return match.group(1) + json.dumps(config) + match.group(3)
        return CONFIG_RE.sub(edit, text)
    edit_pages(site_dir, change)


def edit_pages(site_dir: Path, change) -> None:  # noqa: ANN001 - change: (str) -> str
    """Apply ``change`` to the text of every HTML page of the site."""
    for page in site_dir.rglob("*.html"):
        replace_file(page, change(page.read_text(encoding="utf-8")).encode("utf-8"))


def for_another_pyodide(site_dir: Path, target: Path) -> Path:
    """The site whose pages say the snapshot was made with another Pyodide version."""
    copy_site(site_dir, target)

    def relabel(html: str) -> str:
        def swap(match: re.Match) -> str:
            config = json.loads(match.group(2))
            config["snapshot"]["pyodide"] = "0.0.1"
            return match.group(1) + json.dumps(config) + match.group(3)
        return CONFIG_RE.sub(swap, html)

    edit_pages(target, relabel)
    rewrite_service_worker(target)
    return target


def build_release(project: Path, page: str, target: Path, site_url: str, marker: str) -> Path:
    """A real new build (``mkdocs build --strict``) of a site project whose docs page ``page`` ends with ``marker``.

    The new project is a copy of ``project`` (its links kept: a copied template shares its caches).
    """
    from tests.support.siteserver import build_site

    copy = target / "project"
    shutil.copytree(project, copy, symlinks=True, ignore=shutil.ignore_patterns("site", "__pycache__"))
    source = copy / "docs" / page
    source.write_text(source.read_text(encoding="utf-8") + f"\n\n{marker}\n", encoding="utf-8")
    build_site(target / "site", site_url, config_file=copy / "mkdocs.yml")
    return target / "site"
