"""The theme's pages, on the shared tests' own site: Material's bundle is deferred and runs before our modules.

(That no page loads anything from another host, and that every page a system declares is built and in
the nav, are checks of ``rollwright check``: tests/checks/ and tests/systems/test_checks.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.checks.html import read
from rollwright.checks.site import EDITION_MARK


def test_materials_bundle_is_deferred_and_runs_before_our_modules(pips_site: Path) -> None:
    """The first paint shows the article: Material's bundle no longer blocks the parser (main.html)."""
    pages = list(pips_site.rglob("*.html"))
    assert len(pages) >= 4
    for path in pages:
        if EDITION_MARK in path.read_text(encoding="utf-8"):
            continue  # a print edition runs no script at all (tests/site/test_print_edition.py)
        scripts = [attrs for tag, attrs in read(path.read_text(encoding="utf-8")).attributes
                   if tag == "script" and attrs.get("src")]
        bundles = [i for i, attrs in enumerate(scripts) if re.search(r"/bundle\.[0-9a-f]+\.min\.js$", attrs["src"] or "")]
        if not bundles and path.name == "404.html":
            continue
        assert len(bundles) == 1, path
        assert "defer" in scripts[bundles[0]], path
        ours = [i for i, attrs in enumerate(scripts) if (attrs["src"] or "").endswith("rollwright/rollwright.js")]
        assert ours and ours[0] > bundles[0], path
