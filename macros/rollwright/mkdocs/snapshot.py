"""The build-time Pyodide memory snapshot that lets the browser skip booting Python.

``build_snapshot`` runs ``make_snapshot.mjs`` under Node with the pinned Pyodide: it
installs the site's browser wheel, imports the entry module and every module of the engine
and of the site's systems, and saves
the interpreter's memory. The browser worker restores that memory instead of booting
Python and importing the engine (``site-overrides/assets/rollwright/runtime/snapshot.js``).

The snapshot is cached by content under the site's ``.cache/snapshot/`` (the wheel, the Pyodide
files it depends on, the script and the entry module make the key), packed (:func:`pack`:
the bytes the wasm itself writes at start XORed out, then its all-zero pages left out), compressed with
zstd (:func:`compress`; the browser decodes it with a small vendored wasm, ``runtime/zstd.js``), shipped at a
content-addressed path, and described in the page config by :meth:`Snapshot.config`.
A snapshot only restores into the exact Pyodide build that made it, so the config records
the Pyodide version and the worker falls back to a normal boot on any mismatch.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import zstandard

from rollwright.mkdocs.resources import Pyodide
from rollwright.mkdocs.wasm_data import Segments, checksum, data_segments, fits, total_bytes, xor_segments

SCRIPT = Path(__file__).with_name("make_snapshot.mjs")
FORMAT = "5"  # bump to invalidate every cached snapshot
FILENAME = "engine.snapshot.zst"
# zstd levels (flagship, 14.3 MB packed; gzip level 6 gave 5.55 MB in 0.5 s): a build takes level 19
# (4.05 MB, 6-8 s, once per engine change: the result is cached); `serve` takes level 3 (5.18 MB, 0.06 s),
# so that an edit to a game's rules reloads at once.
BUILD_LEVEL = 19
SERVE_LEVEL = 3
WARM_UP_BYTES = 512 * 1024  # the first frame (see compress)
NODE_TIMEOUT_S = 300
# The files of the Pyodide package that end up in (or must match) the snapshot's memory.
PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


MAGIC = b"RWS1"  # zero pages left out
MAGIC_DELTA = b"RWS2"  # the same, after the wasm's own data was XORed out (see wasm_data.py)
PAGE = 4096
_HEADER = struct.Struct("<4sIII")  # magic, page size, unpacked size, page count
_DELTA = struct.Struct("<III")  # RWS2 only: where the wasm memory starts, the data's byte count, its CRC-32


class SnapshotError(RuntimeError):
    """Making the snapshot failed; the message says why."""


def heap_offset(raw: bytes) -> int | None:
    """Where the wasm memory starts in Pyodide's snapshot (its header gives its own length), or None."""
    if len(raw) < 8:
        return None
    offset = struct.unpack_from("<I", raw, 4)[0]
    return offset if 16 <= offset < len(raw) and offset % 16 == 0 else None


def pack(raw: bytes, page: int = PAGE, segments: Segments | None = None, base: int = 0) -> bytes:
    """The snapshot without its all-zero pages: header, one bit per page, then the other pages.

    With ``segments`` (the wasm's data, see wasm_data.py) placed at ``base``, they are XORed out
    first: the bytes still equal to what the wasm writes as it starts become zeros. Read back by
    ``unpack`` here and in ``runtime/snapshot.js``.

    >>> data = bytes(10) + b"x" + bytes(8192)
    >>> unpack(pack(data, page=8)) == data and len(pack(data, page=8)) < len(data)
    True
    >>> image = b"wasm data" + bytes(7)
    >>> packed = pack(image, page=8, segments=((0, b"wasm data"),))
    >>> len(packed) < len(pack(image, page=8)) and unpack(packed, ((0, b"wasm data"),)) == image
    True
    """
    header = _HEADER.pack(MAGIC, page, len(raw), -(-len(raw) // page))
    if segments is not None:
        if not fits(len(raw), base, segments):
            raise SnapshotError("the wasm's data does not fit inside the snapshot")
        delta = bytearray(raw)
        xor_segments(delta, base, segments)
        raw = bytes(delta)
        header = MAGIC_DELTA + header[4:] + _DELTA.pack(base, total_bytes(segments), checksum(segments))
    count = -(-len(raw) // page)
    bitmap = bytearray(-(-count // 8))
    pages = []
    for index in range(count):
        chunk = raw[index * page:(index + 1) * page]
        if chunk.count(0) != len(chunk):
            bitmap[index // 8] |= 1 << (index % 8)
            pages.append(chunk)
    return header + bytes(bitmap) + b"".join(pages)


def unpack(packed: bytes, segments: Segments | None = None) -> bytes:
    """The whole snapshot from ``pack``'s output (zero pages filled back in, the wasm's data XORed back)."""
    magic, page, size, count = _HEADER.unpack_from(packed)
    start = _HEADER.size
    if magic == MAGIC_DELTA:
        base, data_bytes, crc = _DELTA.unpack_from(packed, start)
        start += _DELTA.size
        if segments is None or total_bytes(segments) != data_bytes or checksum(segments) != crc:
            raise SnapshotError("this snapshot needs the data of the wasm that made it")
    elif magic != MAGIC:
        raise SnapshotError("not a packed Rollwright snapshot")
    offset = start + -(-count // 8)
    out = bytearray(size)
    for index in range(count):
        if packed[start + index // 8] >> (index % 8) & 1:
            length = min(page, size - index * page)
            out[index * page:index * page + length] = packed[offset:offset + length]
            offset += length
    if offset != len(packed):
        raise SnapshotError(f"the packed snapshot has {len(packed) - offset} bytes too many")
    if magic == MAGIC_DELTA and segments is not None:  # checked above: it is never None here
        xor_segments(out, base, segments)
    return bytes(out)


@dataclass(frozen=True)
class Snapshot:
    """A compressed memory snapshot and what the browser needs to check it."""

    compressed: bytes
    raw_bytes: int
    packed_bytes: int
    pyodide: str
    python: str
    entry_module: str
    modules: tuple[str, ...]
    stdlib_files: tuple[str, ...] = ()  # the standard-library files its imports read (lean_stdlib.py)
    frames: tuple[tuple[int, int], ...] = ()  # its zstd frames: (compressed bytes, packed bytes) each

    @property
    def sha256(self) -> str:
        """SHA-256 of the compressed bytes (what the site ships)."""
        return hashlib.sha256(self.compressed).hexdigest()

    @property
    def site_path(self) -> str:
        """Content-addressed path inside the site."""
        return f"assets/snapshot/{self.sha256[:16]}/{FILENAME}"

    def config(self) -> dict[str, object]:
        """The page-config entry read by ``runtime/config.js``."""
        return {"url": self.site_path, "sha256": self.sha256, "bytes": len(self.compressed),
                "frames": [list(frame) for frame in self.frames], "rawBytes": self.raw_bytes,
                "packedBytes": self.packed_bytes, "pyodide": self.pyodide, "python": self.python,
                "entryModule": self.entry_module}


def cache_key(wheel: bytes, entry_module: str, runtime: Pyodide) -> str:
    """Hex key naming one snapshot: same inputs, same key."""
    digest = hashlib.sha256(f"{FORMAT}\0{runtime.version}\0{entry_module}\0".encode())
    digest.update(hashlib.sha256(SCRIPT.read_bytes()).digest())
    digest.update(hashlib.sha256(wheel).digest())
    for name in PYODIDE_INPUTS:
        digest.update(name.encode() + b"\0" + hashlib.sha256((runtime.folder / name).read_bytes()).digest())
    return digest.hexdigest()[:24]


def _make(wheel: bytes, entry_module: str, runtime: Pyodide) -> tuple[bytes, dict]:
    """Run the Node script; returns (raw snapshot, its report)."""
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("making the Pyodide snapshot needs Node.js 20+ on the PATH")
    with tempfile.TemporaryDirectory(prefix="rollwright-snapshot-") as scratch:
        work = Path(scratch)
        (work / "site.whl").write_bytes(wheel)
        request = {"indexURL": f"{runtime.folder}/", "wheel": str(work / "site.whl"), "entryModule": entry_module}
        (work / "request.json").write_text(json.dumps(request), encoding="utf-8")
        done = subprocess.run([node, str(SCRIPT), str(work / "request.json"), str(work / "snapshot.bin"),
                               str(work / "answer.json")], capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
        if done.returncode != 0:
            raise SnapshotError(f"making the Pyodide snapshot failed: {done.stderr.strip()[-2000:]}")
        return (work / "snapshot.bin").read_bytes(), json.loads((work / "answer.json").read_text(encoding="utf-8"))


def pack_for(raw: bytes, runtime: Pyodide) -> bytes:
    """``pack`` with the wasm's own data XORed out when its data segments and the snapshot's header allow."""
    segments = data_segments((runtime.folder / "pyodide.asm.wasm").read_bytes())
    base = heap_offset(raw)
    if segments is None or base is None or not fits(len(raw), base, segments):
        return pack(raw)
    return pack(raw, segments=segments, base=base)


def compress(packed: bytes, level: int = BUILD_LEVEL) -> tuple[bytes, tuple[tuple[int, int], ...]]:
    """The shipped form of a packed snapshot, and its frames as (compressed bytes, packed bytes).

    Two zstd frames, each with its size and checksum: the first ``WARM_UP_BYTES`` alone, then the rest.
    The browser decodes the small one as soon as it has arrived; by the end of the download its
    WebAssembly engine has compiled the decoder's hot code for speed (a single long call would run
    start to end in the baseline code: about twice as slow). The split costs about 4 KB.

    >>> shipped, frames = compress(bytes(range(256)) * 4096, level=3)
    >>> [packed for _, packed in frames], sum(size for size, _ in frames) == len(shipped)
    ([524288, 524288], True)
    >>> decompress(shipped) == bytes(range(256)) * 4096
    True
    """
    options = zstandard.ZstdCompressor(level=level, write_checksum=True, write_content_size=True, threads=-1)
    parts = [packed[:WARM_UP_BYTES], packed[WARM_UP_BYTES:]] if len(packed) > WARM_UP_BYTES else [packed]
    frames = [options.compress(part) for part in parts]
    return b"".join(frames), tuple((len(frame), len(part)) for frame, part in zip(frames, parts))


def decompress(shipped: bytes) -> bytes:
    """A shipped snapshot's packed bytes, every frame's checksum checked; ``SnapshotError`` if it is not one."""
    out, rest = [], shipped
    try:
        while rest:
            frame = zstandard.ZstdDecompressor().decompressobj()
            out.append(frame.decompress(rest))
            if not frame.eof:
                raise SnapshotError("the memory snapshot's last zstd frame is cut short")
            rest = frame.unused_data
    except zstandard.ZstdError as error:
        raise SnapshotError(f"the memory snapshot is not zstd frames Rollwright wrote ({error})") from error
    return b"".join(out)


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)


def _cached_meta(packed_path: Path, meta_path: Path) -> dict[str, Any] | None:
    """The cached snapshot's description, or None when it must be made again: missing, or describing another
    making than the packed file beside it (two makings of the same key are not byte-identical, and one that
    was stopped between its files leaves a packed file its description and compressed forms do not match)."""
    if not (packed_path.is_file() and meta_path.is_file()):
        return None
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    if not isinstance(meta, dict) or meta.get("packedSha256") != hashlib.sha256(packed_path.read_bytes()).hexdigest():
        return None
    return meta


def build_snapshot(wheel: bytes, entry_module: str, runtime: Pyodide, cache_dir: Path,
                   level: int = BUILD_LEVEL) -> Snapshot:
    """The snapshot for this wheel and Pyodide: from ``cache_dir`` if made before, else made now.

    ``level``: zstd's (``SERVE_LEVEL`` while serving, where a rules edit must reload at once). The cache
    keeps the packed snapshot (``<key>.packed``, what Node made, the slow part) and each level's compressed
    form (``<key>.L<level>.zst``), so going from ``serve`` to ``build`` only compresses again.
    """
    key = cache_key(wheel, entry_module, runtime)
    packed_path, meta_path = cache_dir / f"{key}.packed", cache_dir / f"{key}.json"
    shipped_path = cache_dir / f"{key}.L{level}.zst"
    meta = _cached_meta(packed_path, meta_path)
    packed = None
    if meta is None:
        raw, meta = _make(wheel, entry_module, runtime)
        if meta["pyodide"] != runtime.version or meta["bytes"] != len(raw):
            raise SnapshotError(f"the snapshot script reported Pyodide {meta['pyodide']} and {meta['bytes']} bytes; "
                                f"expected Pyodide {runtime.version} and {len(raw)} bytes")
        packed = pack_for(raw, runtime)
        meta["packedBytes"], meta["frames"] = len(packed), {}
        meta["packedSha256"] = hashlib.sha256(packed).hexdigest()
        cache_dir.mkdir(parents=True, exist_ok=True)
        _write_atomically(packed_path, packed)
        for stale in cache_dir.iterdir():
            if stale.is_file() and stale.name.split(".")[0] != key and not stale.name.startswith("."):
                stale.unlink(missing_ok=True)
    frames = meta["frames"].get(str(level))
    if frames is not None and shipped_path.is_file():
        shipped = shipped_path.read_bytes()
    else:
        shipped, frames = compress(packed_path.read_bytes() if packed is None else packed, level)
        meta["frames"][str(level)] = frames
        _write_atomically(shipped_path, shipped)
        _write_atomically(meta_path, json.dumps(meta).encode("utf-8"))  # only when it has something new
    return Snapshot(compressed=shipped, raw_bytes=meta["bytes"], packed_bytes=meta["packedBytes"],
                    pyodide=meta["pyodide"], python=meta["python"], entry_module=entry_module,
                    modules=tuple(meta["modules"]), stdlib_files=tuple(meta.get("stdlib", ())),
                    frames=tuple(tuple(frame) for frame in frames))
