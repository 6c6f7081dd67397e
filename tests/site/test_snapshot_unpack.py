"""The browser's unpacking of a packed snapshot (runtime/snapshot.js) agrees with the build's
packing (macros/snapshot.py) byte for byte, and refuses a damaged one."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.mkdocs.snapshot import SnapshotError, pack, unpack

HELPER = Path(__file__).with_name("unpack_snapshot.mjs")
PAGE = 64


def _unpack_in_node(cases: list[tuple[bytes, int]] | list[tuple[bytes, int, bytes | None]]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the site build uses it too); install it with `make deps`")
    request = [{"packed": base64.b64encode(case[0]).decode(), "rawBytes": case[1]}
               | ({"wasm": base64.b64encode(case[2]).decode()} if len(case) > 2 and case[2] else {})
               for case in cases]
    done = subprocess.run([node, str(HELPER)], input=json.dumps(request), capture_output=True, text=True,
                          check=True, timeout=60)
    return json.loads(done.stdout)


def _image(pages: str, tail: int = 0) -> bytes:
    """A memory image from a page map: "x" a page with data, "." a page of zeros; `tail` cuts the last page short."""
    rng = random.Random(pages)
    data = b"".join(bytes(rng.randrange(1, 256) for _ in range(PAGE)) if mark == "x" else bytes(PAGE)
                    for mark in pages)
    return data[:len(data) - tail]


IMAGES = {
    "every page has data": _image("xxxxxxxxxx"),
    "runs of data between zeros": _image("xx..xxx.x...xxxx.x"),
    "all zeros": _image("........"),
    "a short last page with data": _image("..xx.x", tail=10),
    "a short last page of zeros": _image("xx.x..", tail=10),
    "one page": _image("x"),
    "more pages than one bitmap byte": _image("x.xx....xxxxxxxxx.x.x..xxx"),
}


def test_unpack_matches_the_build_byte_for_byte() -> None:
    answers = _unpack_in_node([(pack(raw, page=PAGE), len(raw)) for raw in IMAGES.values()])
    for (name, raw), answer in zip(IMAGES.items(), answers):
        assert answer == {"sha256": hashlib.sha256(raw).hexdigest()}, name


def test_unpack_refuses_a_damaged_snapshot() -> None:
    raw = IMAGES["runs of data between zeros"]
    packed = pack(raw, page=PAGE)
    cases = {
        "cut short": (packed[:-1], len(raw), "cut short"),
        "bytes to spare": (packed + b"\0", len(raw), "bytes to spare"),
        "another size": (packed, len(raw) + 1, "does not match"),
        "not packed": (b"GZIP" + packed[4:], len(raw), "not in Rollwright's packed form"),
    }
    answers = _unpack_in_node([(data, size) for data, size, _ in cases.values()])
    for (name, (_, _, words)), answer in zip(cases.items(), answers):
        assert answer.get("error", "").startswith("SnapshotUnusable: "), (name, answer)
        assert words in answer["error"], (name, answer)


def _wasm(segments: list[tuple[int, bytes]], passive: bytes = b"") -> bytes:
    """A minimal wasm module holding only a data section: active segments at constant addresses."""
    def uleb(n: int) -> bytes:
        out = bytearray()
        while True:
            byte, n = n & 0x7F, n >> 7
            out.append(byte | (0x80 if n else 0))
            if not n:
                return bytes(out)

    def sleb(n: int) -> bytes:
        out = bytearray()
        while True:
            byte, n = n & 0x7F, n >> 7
            done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
            out.append(byte | (0 if done else 0x80))
            if done:
                return bytes(out)

    body = uleb(len(segments) + bool(passive))
    body += (b"\x01" + uleb(len(passive)) + passive) if passive else b""
    for address, data in segments:
        body += b"\x00\x41" + sleb(address) + b"\x0b" + uleb(len(data)) + data
    return b"\0asm\x01\0\0\0" + b"\x0b" + uleb(len(body)) + body


SEGMENTS = [(3, bytes(range(1, 70))), (200, b"static data " * 20)]
WASM = _wasm(SEGMENTS, passive=b"written later")


def _booted(base: int) -> bytes:
    """A memory image as after boot: the wasm's data at `base` + its address, a few bytes changed since."""
    image = bytearray(_image("x.x.xx..xxxx"))
    for address, data in SEGMENTS:
        image[base + address:base + address + len(data)] = data
    image[base + 10] ^= 0x55  # Python changed a byte of its static data while booting
    return bytes(image)


def test_the_wasm_data_is_read_alike_in_python_and_javascript() -> None:
    from rollwright.mkdocs.wasm_data import data_segments

    assert data_segments(WASM) == tuple(SEGMENTS)
    raw = _booted(base=32)
    packed = pack(raw, page=PAGE, segments=data_segments(WASM), base=32)
    assert len(gzip.compress(packed)) < len(gzip.compress(pack(raw, page=PAGE)))
    assert unpack(packed, data_segments(WASM)) == raw
    assert _unpack_in_node([(packed, len(raw), WASM)]) == [{"sha256": hashlib.sha256(raw).hexdigest()}]


def test_a_delta_snapshot_is_refused_without_its_own_wasm() -> None:
    from rollwright.mkdocs.wasm_data import data_segments

    raw = _booted(base=32)
    packed = pack(raw, page=PAGE, segments=data_segments(WASM), base=32)
    other = _wasm([(3, bytes(69)), SEGMENTS[1]])
    answers = _unpack_in_node([(packed, len(raw), None), (packed, len(raw), other),
                               (packed, len(raw), b"not a wasm module")])
    assert [a.get("error", "") for a in answers] == [
        "SnapshotUnusable: the memory snapshot needs Pyodide's wasm, which could not be read",
        "SnapshotUnusable: the memory snapshot was made against another wasm than the one downloaded",
        "SnapshotUnusable: the memory snapshot was made against another wasm than the one downloaded",
    ]
    with pytest.raises(SnapshotError, match="needs the data of the wasm"):
        unpack(packed, data_segments(other))


def test_the_pinned_pyodide_wasm_is_in_the_plain_form() -> None:
    """The build packs against the real wasm's data: every active segment at a constant address."""
    from rollwright.mkdocs.resources import pyodide
    from rollwright.mkdocs.wasm_data import data_segments, total_bytes

    segments = data_segments((pyodide().folder / "pyodide.asm.wasm").read_bytes())
    assert segments is not None and total_bytes(segments) > 1_000_000
    assert all(address >= 0 for address, _ in segments)
