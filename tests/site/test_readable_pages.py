"""Numbers a person can read on every built page (issue 28): its prose, tables, charts, chips and
the first answer of every widget (see :mod:`tests.support.readable` for the faults looked for)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.readable import faults


def _article(html: str) -> str:
    match = re.search(r"<article\b.*</article>", html, re.S)
    assert match, "a page without its article"
    return match.group(0)


def test_every_page_reads(site: Path) -> None:
    pages = sorted(site.rglob("index.html"))
    assert pages
    found = {str(p.relative_to(site).parent): faults(_article(p.read_text(encoding="utf-8"))) for p in pages}
    assert {name: f for name, f in found.items() if f} == {}
