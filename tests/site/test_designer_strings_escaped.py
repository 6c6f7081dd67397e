"""A game's strings reach every page escaped (issue 41, finding 2).

Before: a ``game.toml`` whose title, licence or attribution held markup ran script on the game's home,
builder and errata pages (``{{ game.notice }}`` in ``main.html`` and ``partials/copyright.html``,
``{{ edition.label }}`` in ``partials/rw-print-links.html``: the theme's Jinja does not autoescape),
and a plain ``&`` or ``<`` broke the markup. Now the templates escape them with ``| e``. The data game
of ``rollwright new`` gets a payload in every free-text field, and no built page (nor print edition)
carries it raw.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support.fixture_site import rollwright, write_data_project

PAYLOAD = "<script>rwPwned()</script><img src=x onerror=rwPwned()>&amp;"
"""Markup a page must show as text (no double quotes: it goes into TOML strings as it is)."""
TEXT_KEYS = ("title", "pitch", "source", "licence", "attribution", "label", "summary", "name", "column_label")
"""The ``game.toml`` keys whose values are the designer's words (ids, paths and formulas are not)."""


def payload_game(project: Path) -> int:
    """Put the payload into every free-text value of the project's ``game.toml``; returns how many."""
    path = project / "pips" / "game.toml"
    text = re.sub(r"^# (licence|attribution) = ", r"\1 = ", path.read_text(), flags=re.MULTILINE)
    pattern = re.compile(r'\b(' + "|".join(TEXT_KEYS) + r')(\s*=\s*)"([^"]*)"')
    text, count = pattern.subn(lambda m: f'{m.group(1)}{m.group(2)}"{m.group(3)} {PAYLOAD}"', text)
    path.write_text(text)
    return count


def test_no_page_or_print_edition_carries_a_designers_markup(tmp_path: Path) -> None:
    project = write_data_project(tmp_path / "payload")
    assert payload_game(project) >= 15
    done = rollwright(project, "build", "--site-dir", str(tmp_path / "site"), without_node=True)
    assert done.returncode == 0, done.stderr[-2000:]
    pages = sorted((tmp_path / "site").rglob("*.html"))
    assert any("print" in p.parts for p in pages)
    raw = [str(p.relative_to(tmp_path / "site")) for p in pages if "rwPwned()</script>" in p.read_text()
           or "<img src=x" in p.read_text()]
    assert raw == []
    index = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text())
    tags = [tag for doc in index["docs"] for tag in doc.get("tags", [])]  # the theme writes a tag as markup
    assert tags and not [tag for tag in tags if "<script>" in tag or "<img" in tag]
    home = (tmp_path / "site" / "pips" / "index.html").read_text()
    assert "&lt;script&gt;rwPwned()&lt;/script&gt;" in home  # shown as text, escaped once
