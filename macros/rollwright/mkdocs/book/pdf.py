"""A print edition as a PDF, printed by headless Chromium (Debian's package; nothing is downloaded).

Chromium draws the page numbers in the footer from the edition's CSS (``@page`` margin boxes) and
the PDF's outline from its headings (``--generate-pdf-document-outline``). It cannot number the
table of contents itself (no ``target-counter()``), so the edition is printed twice: the first PDF
says on which page each entry's target starts (its named destinations, read with pypdf, the
``rollwright[pdf]`` extra), those numbers are written into a copy of the page, and the copy is
printed. The contents keep the same room for the numbers either way, so nothing moves between the
two. Without pypdf the PDF is printed once, its contents without numbers.

Chromium opens the page from a file, with JavaScript off and every host name unresolvable, so
the PDF is what a reader without JavaScript sees and nothing is fetched from anywhere.

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

from mkdocs.exceptions import PluginError

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")
"""The flags the tests drive Chromium with (tests/support/siteserver.py's CHROMIUM_ARGS)."""
PRINT_FLAGS = ("--no-pdf-header-footer", "--generate-pdf-document-outline", "--blink-settings=scriptEnabled=false",
               "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-extensions")
NAMES = ("chromium", "chromium-browser")
DEBIAN = Path("/usr/bin/chromium")
TIMEOUT = 600
_NUMBER = re.compile(r'(<span class="rw-print-toc__page" data-rw-page-of="([^"]*)">)(</span>)')

log = logging.getLogger("mkdocs.plugins.rollwright")


class PdfError(PluginError):
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
    raise PdfError("the PDFs are printed by Chromium, and none was found (looked for `chromium` and "
                   "`chromium-browser` on the PATH): install Debian's package (apt-get install chromium) or pass "
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


def _reader(pdf: Path) -> Any:
    try:
        from pypdf import PdfReader
    except ImportError:
        return None
    return PdfReader(str(pdf))


def destinations(pdf: Path) -> dict[str, int] | None:
    """Each named destination (an id a link points at) with its page, from 1; None without pypdf."""
    reader = _reader(pdf)
    if reader is None:
        return None
    return {str(name).lstrip("/"): reader.get_destination_page_number(dest) + 1
            for name, dest in reader.named_destinations.items()}


def outline(pdf: Path) -> list[tuple[int, str, int]] | None:
    """The PDF's bookmarks as (depth from 0, title, page from 1), in order; None without pypdf."""
    reader = _reader(pdf)
    if reader is None:
        return None
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, str(item.title), reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


def page_count(pdf: Path) -> int:
    """How many pages a PDF has (pypdf, else the page objects Chromium writes)."""
    reader = _reader(pdf)
    if reader is not None:
        return len(reader.pages)
    return len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))


def write_pdf(chromium: Path, page: Path, pdf: Path) -> dict[str, Any]:
    """Print an edition's page to ``pdf``, its contents numbered; ``{"pages", "bytes", "numbered"}``."""
    print_once(chromium, page, pdf)
    source = page.read_text(encoding="utf-8")
    wanted = {m.group(2) for m in _NUMBER.finditer(source)}
    starts = destinations(pdf)
    numbered = starts is not None
    if starts is None:
        log.warning(f"{pdf.name}: its contents have no page numbers: they need pypdf (pip install 'rollwright[pdf]')")
    elif wanted:
        copy = page.with_name(".rw-print-numbered.html")
        try:
            for _ in range(3):  # the numbers take room kept for them: the second print normally agrees
                copy.write_text(fill_numbers(source, starts), encoding="utf-8")
                print_once(chromium, copy, pdf)
                again = destinations(pdf) or {}
                if all(again.get(key) == starts.get(key) for key in wanted):
                    break
                starts = again
            else:
                log.warning(f"{pdf.name}: some page numbers in its contents may be off by a page")
        finally:
            copy.unlink(missing_ok=True)
    return {"pages": page_count(pdf), "bytes": pdf.stat().st_size, "numbered": numbered}
