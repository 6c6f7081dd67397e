"""The site's small standard library: only the files of Pyodide's ``python_stdlib.zip`` that its
boot and this site's engine import (about 0.9 MB of its 2.5 MB).

The memory snapshot's maker lists them (``stdlib_files.py``). The browser's normal boot (the
fallback path, and the path a slow connection takes, see ``runtime/connection.js``) installs this
zip in place of the whole one; should a call ever import a module that is not in it, the worker
downloads the whole zip and runs the call again (``runtime/worker.js``).

>>> import io, zipfile
>>> whole = io.BytesIO()
>>> with zipfile.ZipFile(whole, "w") as archive:
...     archive.writestr("json/__init__.py", "x = 1"); archive.writestr("tkinter/__init__.py", "y = 2")
>>> lean = trim(whole.getvalue(), ["json/__init__.py"])
>>> zipfile.ZipFile(io.BytesIO(lean)).namelist()
['json/__init__.py']
>>> trim(whole.getvalue(), ["missing.py"])
Traceback (most recent call last):
...
rollwright.mkdocs.lean_stdlib.LeanStdlibError: python_stdlib.zip has no missing.py (the snapshot's maker listed it)
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass

FILENAME = "python_stdlib.zip"


class LeanStdlibError(RuntimeError):
    """The listed files do not match Pyodide's standard library; the message says which."""


def trim(whole: bytes, files: Iterable[str]) -> bytes:
    """A zip of ``files`` taken from the zip ``whole``, in its order, byte for byte the same for the same input."""
    wanted = set(files)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(whole)) as source, \
            zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        present = set(source.namelist())
        missing = sorted(wanted - present)
        if missing:
            raise LeanStdlibError(f"{FILENAME} has no {missing[0]} (the snapshot's maker listed it)")
        for info in source.infolist():
            if info.filename in wanted:
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.compress_type, copy.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
                target.writestr(copy, source.read(info.filename))
    return out.getvalue()


@dataclass(frozen=True)
class LeanStdlib:
    """The small standard library as shipped, next to the snapshot it was listed with."""

    data: bytes
    folder: str

    @property
    def site_path(self) -> str:
        """Where it lies in the site (the snapshot's content-addressed folder)."""
        return f"{self.folder}/{FILENAME}"

    def config(self) -> dict[str, object]:
        """Its entry in the page config's snapshot entry (``runtime/config.js``)."""
        return {"url": self.site_path, "bytes": len(self.data), "sha256": hashlib.sha256(self.data).hexdigest()}
