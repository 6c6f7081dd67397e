"""Numbers a person can read on every built page (issue 28): its prose, tables, charts, chips and
the first answer of every widget (see :mod:`tests.support.readable` for the faults looked for). The print
editions (issue 27) too, but for one thing: paper writes out the long exact fractions that a screen keeps
behind a button, since a reader of paper has no button to press."""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.checks.site import EDITION_MARK
from tests.support.readable import faults


def _article(html: str) -> str:
    match = re.search(r"<article\b.*</article>", html, re.S)
    assert match, "a page without its article"
    return match.group(0)


def test_every_page_reads(site: Path) -> None:
    pages = sorted(site.rglob("index.html"))
    assert pages
    found = {}
    for path in pages:
        html = path.read_text(encoding="utf-8")
        edition = EDITION_MARK in html
        found[str(path.relative_to(site).parent)] = [
            fault for fault in faults(_article(html)) if not (edition and fault.startswith("long fraction:"))]
    assert {name: f for name, f in found.items() if f} == {}
