"""Read back what the contents' page numbers need from a PDF Chromium printed: on which page each
named destination (an id that a link of the page points at) lies, and how many pages there are.

Standard library only, so a designer who installed nothing but Rollwright gets numbered contents.
Chromium's PDF writer (Skia) writes a classic cross-reference table and plain (uncompressed)
dictionaries for the catalog, the page tree and the destinations; only the pages' drawings are
compressed. Anything else (another writer, object streams) is :class:`PdfReadError`, and the caller
prints the contents without numbers rather than guessing.

>>> pdf = _sample()
>>> destinations(pdf), page_count(pdf)
({'a': 1, 'b--x': 2}, 2)
"""

from __future__ import annotations

import re

_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_REF = re.compile(rb"(\d+) 0 R")
_NAME_DEST = re.compile(rb"/((?:[^\s/\[\]<>()#%{}]|#[0-9A-Fa-f]{2})+)\s*\[\s*(\d+) 0 R")


class PdfReadError(ValueError):
    """The PDF is not laid out as Chromium writes it; the message says what was missing."""


class _Objects:
    """The objects of a PDF by number, each read when first asked for (only the catalog, the page tree and
    the destinations are): its text up to its stream or its end."""

    def __init__(self, pdf: bytes) -> None:
        found = _XREF.search(pdf[-64:])
        if found is None:
            raise PdfReadError("no startxref at the end of the file")
        start = int(found.group(1))
        if not pdf.startswith(b"xref", start):
            raise PdfReadError("no classic cross-reference table (a compressed one is not read here)")
        header = re.match(rb"xref\s+(\d+)\s+(\d+)\s+", pdf[start:start + 64])
        if header is None:
            raise PdfReadError("an unreadable cross-reference table")
        first, count = int(header.group(1)), int(header.group(2))
        table = pdf[start + header.end():start + header.end() + 20 * count]
        self.offsets = {number: int(entry.group(1)) for number, entry in enumerate(_ENTRY.finditer(table), start=first)
                        if entry.group(3) == b"n"}
        ends = sorted(self.offsets.values()) + [start]
        self.ends = {offset: ends[i + 1] for i, offset in enumerate(ends[:-1])}  # each object runs to the next
        self.pdf = pdf
        trailer = re.search(rb"trailer\s*<<(.*?)>>", pdf[start:], re.S)
        root = _value(trailer.group(1), b"Root") if trailer else None
        if root is None:
            raise PdfReadError("no catalog")
        self.root = int(root.split()[0])

    def __contains__(self, number: int) -> bool:
        return number in self.offsets

    def __getitem__(self, number: int) -> bytes:
        offset = self.offsets[number]
        text = self.pdf[offset:self.ends[offset]]
        cut = min(i for i in (text.find(b"endobj"), text.find(b"stream"), len(text)) if i >= 0)
        return text[:cut]


def _value(text: bytes, key: bytes) -> bytes | None:
    found = re.search(rb"/" + key + rb"\s*(\d+ 0 R|\[[^\]]*\])", text)
    return found.group(1) if found else None


def _catalog(objects: _Objects) -> bytes:
    if objects.root not in objects or not re.search(rb"/Type\s*/Catalog\b", objects[objects.root]):
        raise PdfReadError("no catalog")
    return objects[objects.root]


def _pages(objects: _Objects, node: int, seen: set[int]) -> list[int]:
    if node in seen or node not in objects:
        raise PdfReadError(f"a broken page tree at object {node}")
    seen.add(node)
    text = objects[node]
    if re.search(rb"/Type\s*/Pages\b", text):
        kids = _value(text, b"Kids")
        if kids is None:
            raise PdfReadError(f"a page-tree node without kids (object {node})")
        return [page for kid in _REF.findall(kids) for page in _pages(objects, int(kid), seen)]
    return [node]


def _page_order(pdf: bytes) -> tuple[_Objects, list[int]]:
    objects = _Objects(pdf)
    root = _value(_catalog(objects), b"Pages")
    if root is None:
        raise PdfReadError("a catalog without pages")
    return objects, _pages(objects, int(root.split()[0]), set())


def page_count(pdf: bytes) -> int:
    """How many pages the PDF has."""
    return len(_page_order(pdf)[1])


def _name(raw: bytes) -> str:
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), raw).decode("utf-8", "replace")


def destinations(pdf: bytes) -> dict[str, int]:
    """Each named destination with the number of its page, from 1."""
    objects, pages = _page_order(pdf)
    number = {page: index for index, page in enumerate(pages, start=1)}
    dests = _value(_catalog(objects), b"Dests")
    if dests is None:
        return {}  # no link inside the document
    text = objects[int(dests.split()[0])] if int(dests.split()[0]) in objects else b""
    return {_name(m.group(1)): number[int(m.group(2))] for m in _NAME_DEST.finditer(text) if int(m.group(2)) in number}


def _sample() -> bytes:
    """A two-page PDF laid out as Chromium writes one (for the examples)."""
    bodies = [b"<</Type /Catalog\n/Pages 2 0 R\n/Dests 5 0 R>>", b"<</Type /Pages\n/Count 2\n/Kids [3 0 R 4 0 R]>>",
              b"<</Type /Page\n/Parent 2 0 R>>", b"<</Type /Page\n/Parent 2 0 R>>",
              b"<</a [3 0 R /XYZ 6 826 0]\n/b#2D#2Dx [4 0 R /XYZ 6 649 0]>>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(bodies, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<</Size %d\n/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF" % (len(bodies) + 1, xref)
    return bytes(out)
