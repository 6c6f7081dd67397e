"""Read back a PDF that Chromium printed: how many pages, and how much each one draws.

Chromium writes each page's content as one Flate-compressed stream, so the standard library is
enough to tell a page with text on it from a blank one.
"""

from __future__ import annotations

import re
import zlib


def page_text_ops(pdf: bytes) -> list[int]:
    """For each page in order, the number of text-showing operators (Tj/TJ) it draws (0: blank)."""
    objects = {int(m.group(1)): m.group(2) for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", pdf, re.S)}
    kids = re.search(rb"/Kids\s*\[(.*?)\]", pdf, re.S)
    assert kids, "no page tree in this PDF"
    counts = []
    for ref in re.findall(rb"(\d+) 0 R", kids.group(1)):
        contents = re.search(rb"/Contents\s+(\d+) 0 R", objects[int(ref)])
        assert contents, "a page without contents"
        stream = re.search(rb"stream\r?\n(.*?)endstream", objects[int(contents.group(1))], re.S)
        assert stream, "a page whose contents hold no stream"
        try:
            data = zlib.decompress(stream.group(1))
        except zlib.error:
            data = stream.group(1)
        counts.append(len(re.findall(rb"T[jJ]\b", data)))
    return counts
