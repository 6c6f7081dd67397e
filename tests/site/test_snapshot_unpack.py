"""The browser's unpacking of a packed snapshot (runtime/snapshot.js) agrees with the build's
packing (macros/snapshot.py) byte for byte, and refuses a damaged one."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.mkdocs.snapshot import pack

HELPER = Path(__file__).with_name("unpack_snapshot.mjs")
PAGE = 64


def _unpack_in_node(cases: list[tuple[bytes, int]]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the site build uses it too); install it with `make deps`")
    request = [{"packed": base64.b64encode(packed).decode(), "rawBytes": size} for packed, size in cases]
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
