"""The browser's zstd decoding (runtime/zstd.js and its vendored wasm) against the build's compression
(macros/snapshot.py ``compress``): the same bytes, however the download arrives, and a clear refusal
of anything else. Plus where the wasm comes from: byte for byte the pinned npm package's."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.mkdocs.snapshot import WARM_UP_BYTES, SnapshotError, compress, decompress

REPO = Path(__file__).resolve().parents[2]
HELPER = Path(__file__).with_name("decode_zstd.mjs")
VENDORED = REPO / "site-overrides/assets/rollwright/runtime/zstd-decoder.wasm"
PACKAGE = REPO / "node_modules/zstddec"


def _decode_in_node(cases: list[dict]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the site build uses it too); install it with `make deps`")
    request = [case | {"data": base64.b64encode(case["data"]).decode()} for case in cases]
    done = subprocess.run([node, str(HELPER)], input=json.dumps(request), capture_output=True, text=True,
                          check=True, timeout=120)
    return json.loads(done.stdout)


def _memory(size: int, seed: int = 7) -> bytes:
    """Something like a packed snapshot: runs of zeros, repeats and noise."""
    rng = random.Random(seed)
    parts, total = [], 0
    while total < size:
        kind = rng.random()
        part = (bytes(rng.randrange(64, 4096)) if kind < 0.3
                else bytes(rng.randrange(256) for _ in range(rng.randrange(8, 200))) * rng.randrange(1, 30)
                if kind < 0.8 else rng.randbytes(rng.randrange(16, 2048)))
        parts.append(part)
        total += len(part)
    return b"".join(parts)[:size]


def _case(data: bytes, frames, chunk: int) -> dict:
    return {"data": data, "frames": [list(frame) for frame in frames], "bytes": len(data),
            "packedBytes": sum(size for _, size in frames), "chunk": chunk}


def test_the_vendored_decoder_is_the_pinned_packages() -> None:
    version = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    assert version == json.loads((REPO / "package.json").read_text(encoding="utf-8"))["devDependencies"]["zstddec"]
    source = (PACKAGE / "dist/zstddec.mjs").read_text(encoding="utf-8")
    embedded = re.search(r'wasm\s*=\s*"([A-Za-z0-9+/=]+)"', source)
    assert embedded, "zstddec's dist no longer embeds its wasm as base64: extract it anew"
    assert VENDORED.read_bytes() == base64.b64decode(embedded.group(1))


@pytest.mark.parametrize("size", [1, 1000, WARM_UP_BYTES, WARM_UP_BYTES + 1, 3 * WARM_UP_BYTES + 12345])
def test_decoded_in_the_browser_as_built(size: int) -> None:
    packed = _memory(size, seed=size)
    shipped, frames = compress(packed, level=3)
    assert len(frames) == (1 if size <= WARM_UP_BYTES else 2)
    assert decompress(shipped) == packed
    want = {"sha256": hashlib.sha256(packed).hexdigest(), "bytes": len(packed)}
    # the whole download at once, in network-sized pieces, and in pieces that split every frame boundary oddly
    answers = _decode_in_node([_case(shipped, frames, chunk) for chunk in (len(shipped), 65536, 4099)])
    assert answers == [want] * 3


def test_refuses_what_the_build_did_not_write() -> None:
    packed = _memory(WARM_UP_BYTES + 5000)
    shipped, frames = compress(packed, level=3)
    flipped = bytearray(shipped)
    flipped[frames[0][0] + len(flipped[frames[0][0]:]) // 2] ^= 0x5A  # inside the second frame
    cases = {
        "a corrupt frame": _case(bytes(flipped), frames, 65536),
        "cut short": _case(shipped[:-100], frames, 65536) | {"bytes": len(shipped)},
        "longer than recorded": _case(shipped + b"\0" * 10, frames, 65536) | {"bytes": len(shipped)},
        "another size recorded": _case(shipped, [frames[0], (frames[1][0], frames[1][1] + 1)], 65536)
        | {"bytes": len(shipped)},
        "a table that does not add up": _case(shipped, frames, 65536) | {"packedBytes": len(packed) + 1},
        "no table": _case(shipped, [], 65536) | {"bytes": len(shipped), "packedBytes": len(packed)},
        "not zstd at all": _case(bytes(len(shipped)), frames, 65536),
    }
    answers = dict(zip(cases, _decode_in_node(list(cases.values()))))
    messages = {name: answer.get("error", "") for name, answer in answers.items()}
    assert "corrupt" in messages["a corrupt frame"] or "not a zstd frame" in messages["a corrupt frame"], messages
    assert "stopped after" in messages["cut short"]
    assert "longer than" in messages["longer than recorded"]
    assert "holds" in messages["another size recorded"]
    assert "do not add up" in messages["a table that does not add up"]
    assert "no zstd frame table" in messages["no table"]
    assert "not a zstd frame" in messages["not zstd at all"]


def test_python_refuses_a_damaged_download() -> None:
    shipped, _ = compress(_memory(10_000), level=3)
    with pytest.raises(SnapshotError, match="cut short"):
        decompress(shipped[:-20])
    damaged = bytearray(shipped)
    damaged[len(damaged) // 2] ^= 0xFF
    with pytest.raises(SnapshotError, match="not zstd frames"):
        decompress(bytes(damaged))
