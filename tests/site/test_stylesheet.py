"""The site's own styles reach every page as ONE stylesheet (macros/system_styles.py): the shared
sheets, then each system's docs/<system>/styles.css, in a file named by its content."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from rollwright.mkdocs.prewrapped_tables import retarget
from tests.site.test_assets import REPO_ROOT
from tests.support.site_build import page

SHARED = ["theme.css", "chips.css", "builder.css"]


def _linked_sheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def test_every_page_links_one_rollwright_stylesheet(site: Path) -> None:
    for name in ("", "facade/basic-rules", "facets/checks", "designers/add-a-system"):
        ours = [href for href in _linked_sheets(page(site, name)) if "assets/stylesheets/" not in href]
        assert len(ours) == 1 and re.search(r"assets/rollwright/css/rollwright\.[0-9a-f]{12}\.css$", ours[0]), ours


def test_the_stylesheet_holds_the_shared_styles_then_every_systems(site: Path) -> None:
    (bundle,) = (site / "assets" / "rollwright" / "css").glob("rollwright.*.css")
    css = bundle.read_text(encoding="utf-8")
    assert bundle.name == f"rollwright.{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
    systems = sorted(p.relative_to(REPO_ROOT / "docs").as_posix() for p in (REPO_ROOT / "docs").glob("*/styles.css"))
    assert len(systems) >= 3
    order = [f"assets/rollwright/css/{name}" for name in SHARED] + systems
    positions = [css.index(f"/* ---- {name} ---- */") for name in order]
    assert positions == sorted(positions), order
    for name in systems:  # each system's rules, whole (reaching the tables wrapped at build time too)
        assert retarget((REPO_ROOT / "docs" / name).read_text(encoding="utf-8")).strip() in css
