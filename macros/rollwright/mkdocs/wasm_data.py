"""What a WebAssembly module writes into its memory as it starts: its active data segments.

A Pyodide memory snapshot begins with the static data of ``pyodide.asm.wasm`` (Python's type
objects, its frozen modules, C string tables: about 3 MB), and after booting most of it is still
byte for byte what the wasm put there. The reader downloads that wasm anyway, so the snapshot
need not carry those bytes twice: ``snapshot.pack`` XORs each segment into the image (equal bytes
become zeros, which pack away or compress to almost nothing) and the browser XORs them back
(``runtime/wasm-data.js``) from the wasm it has already fetched.

Only the plain form is read: active segments placed at a constant address in memory 0. A module
with any other kind of active segment gives ``None`` and the snapshot is packed without this step.

>>> module = bytes.fromhex("0061736d01000000") + bytes([11, 9, 1, 0, 0x41, 8, 0x0b, 3]) + b"abc"
>>> data_segments(module)
((8, b'abc'),)
>>> image = bytearray(b"........abc.")
>>> xor_segments(image, 0, data_segments(module)); bytes(image)
b'........\\x00\\x00\\x00.'
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

Segments = tuple[tuple[int, bytes], ...]

_MAGIC = b"\0asm"
_DATA_SECTION = 11
_I32_CONST, _END = 0x41, 0x0B


def _leb(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """A LEB128 number at ``at``, and the position after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def data_segments(wasm: bytes) -> Segments | None:
    """The module's active data segments as (address, bytes), or None if any is not in the plain form."""
    if wasm[:4] != _MAGIC:
        return None
    at, segments = 8, []
    try:
        while at < len(wasm):
            section, size_at = wasm[at], at + 1
            size, body = _leb(wasm, size_at)
            if section == _DATA_SECTION:
                count, cursor = _leb(wasm, body)
                for _ in range(count):
                    flags, cursor = _leb(wasm, cursor)
                    if flags == 1:  # passive: written only when the code asks
                        length, cursor = _leb(wasm, cursor)
                        cursor += length
                        continue
                    if flags != 0 or wasm[cursor] != _I32_CONST:
                        return None
                    address, cursor = _leb(wasm, cursor + 1, signed=True)
                    if wasm[cursor] != _END or address < 0:
                        return None
                    length, cursor = _leb(wasm, cursor + 1)
                    segments.append((address, bytes(wasm[cursor:cursor + length])))
                    cursor += length
            at = body + size
    except IndexError:
        return None
    return tuple(segments)


def xor_segments(image: bytearray, base: int, segments: Segments) -> None:
    """XOR each segment into ``image`` at ``base`` + its address (doing it twice undoes it)."""
    for address, data in segments:
        start = base + address
        here = int.from_bytes(image[start:start + len(data)], "little")
        image[start:start + len(data)] = (here ^ int.from_bytes(data, "little")).to_bytes(len(data), "little")


def fits(image_size: int, base: int, segments: Sequence[tuple[int, bytes]]) -> bool:
    """Whether every segment lies inside an image of ``image_size`` bytes whose memory starts at ``base``."""
    return all(base + address + len(data) <= image_size for address, data in segments)


def checksum(segments: Segments) -> int:
    """CRC-32 of the segments' bytes in order (the browser checks the wasm it has is the same one).

    >>> checksum(((0, b"abc"), (9, b"d"))) == zlib.crc32(b"abcd")
    True
    """
    crc = 0
    for _, data in segments:
        crc = zlib.crc32(data, crc)
    return crc


def total_bytes(segments: Segments) -> int:
    """How many bytes the segments hold."""
    return sum(len(data) for _, data in segments)
