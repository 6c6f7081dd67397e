"""A print edition as a PDF, printed by headless Chromium (Debian's package; nothing is downloaded).

Chromium draws the page numbers in the footer from the edition's CSS (``@page`` margin boxes) and
the PDF's outline (bookmarks) from its headings (``--generate-pdf-document-outline``, which needs
the tagged PDF headless Chromium writes by default). Chromium cannot number the table of contents
itself (it has no ``target-counter()`` in print), so the edition is printed twice: the first PDF
says on which page each entry's target starts (its named destinations, read with
:mod:`.pdf_reader`), those numbers are written into a copy of the page, and the copy is printed.
The contents keep the same room for the numbers either way, so nothing moves between the two
(checked: if a number did move, the copy is printed again, at most three times).

Chromium opens the page from a file with every host name unresolvable, so nothing is fetched from
anywhere. The edition's page has no scripts (:mod:`.page`): the PDF is what a reader without
JavaScript sees. (``--blink-settings=scriptEnabled=false`` is not used: with it, headless Chromium
writes no PDF at all.)

>>> fill_numbers('<span class="rw-print-toc__page" data-rw-page-of="a"></span>', {"a": 7})
'<span class="rw-print-toc__page" data-rw-page-of="a">7</span>'
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from rollwright.mkdocs.book.options import BookError
from rollwright.mkdocs.book.pdf_reader import PdfReadError, destinations, page_count

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")
"""The flags the tests drive Chromium with (tests/support/siteserver.py's CHROMIUM_ARGS)."""
PRINT_FLAGS = ("--no-pdf-header-footer", "--generate-pdf-document-outline", "--host-resolver-rules=MAP * ~NOTFOUND",
               "--disable-extensions")
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
"""What a Chromium is called on the PATH (Debian's, Ubuntu's, Google's Chrome: the same flags work)."""
DEBIAN = Path("/usr/bin/chromium")
TIMEOUT = 600
_NUMBER = re.compile(r'(<span class="rw-print-toc__page" data-rw-page-of="([^"]*)">)(</span>)')

log = logging.getLogger("mkdocs.plugins.rollwright")


class PdfError(BookError):
    """The PDF could not be made; the message says why and what to do."""


def find_chromium(given: str | None = None) -> Path:
    """The Chromium to print with: ``given``, else ``chromium`` on the PATH, else Debian's."""
    if given:
        path = Path(given).expanduser()
        if path.is_file() and os.access(path, os.X_OK):
            return path
        raise PdfError(f"no Chromium at {given}: pass the path of a Chromium (or Chrome) program to --chromium")
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    if DEBIAN.is_file():
        return DEBIAN
    raise PdfError("the PDFs are printed by Chromium, and none was found (looked for `chromium`, "
                   "`chromium-browser` and `google-chrome` on the PATH): install Debian's package "
                   "(apt-get install chromium) or pass "
                   "--chromium PATH. The print editions need no Chromium: open a site's print/ page in any "
                   "browser and use its Print command to save it as PDF.")


def print_once(chromium: Path, page: Path, pdf: Path, *, timeout: int = TIMEOUT) -> None:
    """Print one HTML file to ``pdf`` with headless Chromium."""
    pdf.parent.mkdir(parents=True, exist_ok=True)
    pdf.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="rollwright-chromium-") as profile:
        command = [str(chromium), *CHROMIUM_FLAGS, *PRINT_FLAGS, f"--user-data-dir={profile}",
                   f"--print-to-pdf={pdf}", page.resolve().as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=profile)
        except subprocess.TimeoutExpired:
            raise PdfError(f"Chromium did not finish printing {page} within {timeout} s") from None
        except OSError as error:
            raise PdfError(f"Chromium ({chromium}) could not be started: {error}") from None
    if done.returncode != 0 or not pdf.is_file() or pdf.read_bytes()[:5] != b"%PDF-":
        noise = ("dbus", "Fontconfig", "sandbox")
        said = [line for line in done.stderr.splitlines() if line.strip() and not any(n in line for n in noise)]
        raise PdfError(f"Chromium could not print {page} (exit status {done.returncode})"
                       + (f": {said[-1].strip()}" if said else ""))


def fill_numbers(html: str, pages: dict[str, int]) -> str:
    """The contents' page numbers written in (an entry whose target was not found stays empty)."""
    return _NUMBER.sub(lambda m: f"{m.group(1)}{pages.get(m.group(2), '')}{m.group(3)}", html)


def write_pdf(chromium: Path, page: Path, pdf: Path) -> dict[str, Any]:
    """Print an edition's page to ``pdf``, its contents numbered; ``{"pages", "bytes", "numbered"}``."""
    print_once(chromium, page, pdf)
    source = page.read_text(encoding="utf-8")
    wanted = {m.group(2) for m in _NUMBER.finditer(source)}
    starts = _destinations(pdf)
    numbered = starts is not None
    if starts is not None and wanted:
        copy = page.with_name(".rw-print-numbered.html")
        try:
            for _ in range(3):  # the numbers take room kept for them: the second print normally agrees
                copy.write_text(fill_numbers(source, starts), encoding="utf-8")
                print_once(chromium, copy, pdf)
                again = _destinations(pdf) or {}
                if all(again.get(key) == starts.get(key) for key in wanted):
                    break
                starts = again
            else:
                log.warning(f"{pdf.name}: some page numbers in its contents may be off by a page")
        finally:
            copy.unlink(missing_ok=True)
    return {"pages": page_count(pdf.read_bytes()), "bytes": pdf.stat().st_size, "numbered": numbered}


def _destinations(pdf: Path) -> dict[str, int] | None:
    """Where each link target of the PDF lies (None, with a warning, if the PDF cannot be read)."""
    try:
        return destinations(pdf.read_bytes())
    except PdfReadError as error:
        log.warning(f"{pdf.name}: its contents are printed without page numbers: the PDF could not be read ({error})")
        return None
