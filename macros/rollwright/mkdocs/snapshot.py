"""The build-time Pyodide memory snapshot that lets the browser skip booting Python.

``build_snapshot`` runs ``macros/make_snapshot.mjs`` under Node with the pinned Pyodide:
it installs the engine wheel, imports the entry module and every engine module, and saves
the interpreter's memory. The browser worker restores that memory instead of booting
Python and importing the engine (``site-overrides/assets/rollwright/runtime/snapshot.js``).

The snapshot is cached by content under ``.cache/snapshot/`` (the wheel, the Pyodide
files it depends on, the script and the entry module make the key), packed (:func:`pack`:
its all-zero pages left out, about 40% of Python's memory), gzipped, shipped at a
content-addressed path, and described in the page config by :meth:`Snapshot.config`.
A snapshot only restores into the exact Pyodide build that made it, so the config records
the Pyodide version and the worker falls back to a normal boot on any mismatch.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).with_name("make_snapshot.mjs")
FORMAT = "2"  # bump to invalidate every cached snapshot
FILENAME = "engine.snapshot.gz"
GZIP_LEVEL = 6  # level 9 saves ~1% for ~7x the time on every engine edit
NODE_TIMEOUT_S = 300
# The files of the Pyodide package that end up in (or must match) the snapshot's memory.
PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


MAGIC = b"RWS1"
PAGE = 4096
_HEADER = struct.Struct("<4sIII")  # magic, page size, unpacked size, page count


class SnapshotError(RuntimeError):
    """Making the snapshot failed; the message says why."""


def pack(raw: bytes, page: int = PAGE) -> bytes:
    """The snapshot without its all-zero pages: header, one bit per page, then the other pages.

    Read back by ``unpack`` here and in ``runtime/snapshot.js``.

    >>> data = bytes(10) + b"x" + bytes(8192)
    >>> unpack(pack(data, page=8)) == data and len(pack(data, page=8)) < len(data)
    True
    """
    count = -(-len(raw) // page)
    bitmap = bytearray(-(-count // 8))
    pages = []
    for index in range(count):
        chunk = raw[index * page:(index + 1) * page]
        if chunk.count(0) != len(chunk):
            bitmap[index // 8] |= 1 << (index % 8)
            pages.append(chunk)
    return _HEADER.pack(MAGIC, page, len(raw), count) + bytes(bitmap) + b"".join(pages)


def unpack(packed: bytes) -> bytes:
    """The whole snapshot from ``pack``'s output (zero pages filled back in)."""
    magic, page, size, count = _HEADER.unpack_from(packed)
    if magic != MAGIC:
        raise SnapshotError("not a packed Rollwright snapshot")
    offset = _HEADER.size + -(-count // 8)
    out = bytearray(size)
    for index in range(count):
        if packed[_HEADER.size + index // 8] >> (index % 8) & 1:
            length = min(page, size - index * page)
            out[index * page:index * page + length] = packed[offset:offset + length]
            offset += length
    if offset != len(packed):
        raise SnapshotError(f"the packed snapshot has {len(packed) - offset} bytes too many")
    return bytes(out)


@dataclass(frozen=True)
class Snapshot:
    """A gzipped memory snapshot and what the browser needs to check it."""

    gz: bytes
    raw_bytes: int
    packed_bytes: int
    pyodide: str
    python: str
    entry_module: str
    modules: tuple[str, ...]

    @property
    def sha256(self) -> str:
        """SHA-256 of the gzipped bytes (what the site ships)."""
        return hashlib.sha256(self.gz).hexdigest()

    @property
    def site_path(self) -> str:
        """Content-addressed path inside the site."""
        return f"assets/snapshot/{self.sha256[:16]}/{FILENAME}"

    def config(self) -> dict[str, object]:
        """The page-config entry read by ``runtime/config.js``."""
        return {"url": self.site_path, "sha256": self.sha256, "bytes": len(self.gz), "rawBytes": self.raw_bytes,
                "packedBytes": self.packed_bytes, "pyodide": self.pyodide, "python": self.python,
                "entryModule": self.entry_module}


def cache_key(wheel: bytes, entry_module: str, pyodide_dir: Path, pyodide_version: str) -> str:
    """Hex key naming one snapshot: same inputs, same key."""
    digest = hashlib.sha256(f"{FORMAT}\0{pyodide_version}\0{entry_module}\0".encode())
    digest.update(hashlib.sha256(SCRIPT.read_bytes()).digest())
    digest.update(hashlib.sha256(wheel).digest())
    for name in PYODIDE_INPUTS:
        digest.update(name.encode() + b"\0" + hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    return digest.hexdigest()[:24]


def _make(wheel: bytes, entry_module: str) -> tuple[bytes, dict]:
    """Run the Node script; returns (raw snapshot, its report)."""
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("making the Pyodide snapshot needs Node.js (`make deps` installs the npm side)")
    with tempfile.TemporaryDirectory(prefix="rollwright-snapshot-") as scratch:
        work = Path(scratch)
        (work / "engine.whl").write_bytes(wheel)
        request = {"wheel": str(work / "engine.whl"), "entryModule": entry_module}
        (work / "request.json").write_text(json.dumps(request), encoding="utf-8")
        done = subprocess.run([node, str(SCRIPT), str(work / "request.json"), str(work / "snapshot.bin"),
                               str(work / "answer.json")], capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
        if done.returncode != 0:
            raise SnapshotError(f"making the Pyodide snapshot failed: {done.stderr.strip()[-2000:]}")
        return (work / "snapshot.bin").read_bytes(), json.loads((work / "answer.json").read_text(encoding="utf-8"))


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)


def build_snapshot(wheel: bytes, entry_module: str, pyodide_dir: Path, pyodide_version: str,
                   cache_dir: Path) -> Snapshot:
    """The snapshot for this wheel and Pyodide: from ``cache_dir`` if made before, else made now."""
    key = cache_key(wheel, entry_module, pyodide_dir, pyodide_version)
    data_path, meta_path = cache_dir / f"{key}.gz", cache_dir / f"{key}.json"
    if data_path.is_file() and meta_path.is_file():
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        return Snapshot(gz=data_path.read_bytes(), raw_bytes=meta["bytes"], packed_bytes=meta["packedBytes"],
                        pyodide=meta["pyodide"], python=meta["python"], entry_module=entry_module,
                        modules=tuple(meta["modules"]))
    raw, meta = _make(wheel, entry_module)
    if meta["pyodide"] != pyodide_version or meta["bytes"] != len(raw):
        raise SnapshotError(f"the snapshot script reported Pyodide {meta['pyodide']} and {meta['bytes']} bytes; "
                            f"expected Pyodide {pyodide_version} and {len(raw)} bytes")
    packed = pack(raw)
    meta["packedBytes"] = len(packed)
    gz = gzip.compress(packed, compresslevel=GZIP_LEVEL, mtime=0)
    cache_dir.mkdir(parents=True, exist_ok=True)
    _write_atomically(data_path, gz)
    _write_atomically(meta_path, json.dumps(meta).encode("utf-8"))
    for stale in cache_dir.iterdir():
        if stale.is_file() and stale.stem != key and not stale.name.startswith("."):
            stale.unlink(missing_ok=True)
    return Snapshot(gz=gz, raw_bytes=len(raw), packed_bytes=len(packed), pyodide=meta["pyodide"],
                    python=meta["python"], entry_module=entry_module, modules=tuple(meta["modules"]))
