"""The character builder page as built: its mount point, the fallback without JavaScript,
Python started early, the builder's scripts shipped and its print rules in the stylesheet."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.site_build import page

SCRIPTS = ("builder/builder.js", "builder/character-form.js", "builder/character-store.js",
           "widgets/use-character.js")


def test_builder_page_has_its_mount_point_and_shell(site: Path) -> None:
    html = page(site, "facade/builder")
    assert html.count('data-rw-builder="facade"') == 1
    for part in ("data-rw-roster", "data-rw-editor-region", "data-rw-report-region", "data-rw-sheet-region", "data-rw-import",
                 "data-rw-confirm", 'data-rw-do="save-shared"', 'data-rw-do="print"'):
        assert part in html, part
    status = re.search(r'<p class="rw-status" id="rw-builder-status"[^>]*>', html)
    assert status and 'role="status"' in status.group(0) and 'aria-live="polite"' in status.group(0)
    assert re.search(r'<fieldset class="rw-builder__tools" data-rw-tools disabled>', html)


def test_without_javascript_the_page_says_why_there_is_no_builder(site: Path) -> None:
    html = page(site, "facade/builder")
    noscript = re.search(r"<noscript>(.*?)</noscript>", html, re.S)
    assert noscript and "needs JavaScript" in noscript.group(1)
    assert 'href="../creation/"' in html and 'href="../characters/"' in html
    assert "This page is being written" not in html


def test_python_starts_while_the_builder_page_parses(site: Path) -> None:
    html = page(site, "facade/builder")
    assert re.search(r'<script type="module" async src="[^"]*assets/rollwright/runtime/preboot\.js"', html)


def test_builder_scripts_are_shipped_and_wired(site: Path) -> None:
    assets = site / "assets" / "rollwright"
    for name in SCRIPTS:
        assert (assets / name).is_file(), name
    entry = (assets / "rollwright.js").read_text(encoding="utf-8")
    assert 'import("./builder/builder.js")' in entry and 'import("./widgets/use-character.js")' in entry
    store = (assets / "builder" / "character-store.js").read_text(encoding="utf-8")
    assert 'rollwright.${system}.${kind}' in store and 'kind = "characters"' in store
    # Only the store touches localStorage; the other scripts never build markup from strings.
    for name in ("builder/builder.js", "widgets/use-character.js"):
        text = (assets / name).read_text(encoding="utf-8")
        assert "localStorage" not in text, name
        assert "createElement" not in text and not re.search(r"innerHTML\s*\+?=\s*`", text), name


def test_print_rules_keep_only_the_sheet(site: Path) -> None:
    css = (site / "assets" / "rollwright" / "css" / "builder.css").read_text(encoding="utf-8")
    block = css[css.index("/* ---- Character builder"):]
    assert "@media print" in block
    assert ".md-typeset .rw-builder > :not(.rw-builder__sheet)" in block
