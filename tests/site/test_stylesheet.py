"""The site's own styles reach every page as ONE stylesheet (macros/system_styles.py): the shared
sheets, then each system's docs/<system>/styles.css, in a file named by its content."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from rollwright.kit.system import all_systems
from rollwright.mkdocs.prewrapped_tables import retarget
from tests.support.siteserver import REPO_ROOT
from tests.support.site_build import page

SHARED = ["theme.css", "chips.css", "builder.css", "keep.css", "things.css", "quickref.css", "print.css"]


def _linked_sheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def test_every_page_links_one_rollwright_stylesheet(site: Path) -> None:
    firsts = [game.pages[0].path.removesuffix(".md").removesuffix("/index") for game in all_systems().values()]
    for name in ("", "dice", *firsts):
        ours = [href for href in _linked_sheets(page(site, name)) if "assets/stylesheets/" not in href]
        assert len(ours) == 1 and re.search(r"assets/rollwright/css/rollwright\.[0-9a-f]{12}\.css$", ours[0]), ours


def test_the_stylesheet_holds_the_shared_styles_then_every_systems(site: Path) -> None:
    (bundle,) = (site / "assets" / "rollwright" / "css").glob("rollwright.*.css")
    css = bundle.read_text(encoding="utf-8")
    assert bundle.name == f"rollwright.{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
    systems = sorted(p.relative_to(REPO_ROOT / "docs").as_posix() for p in (REPO_ROOT / "docs").glob("*/styles.css"))
    assert systems
    order = [f"assets/rollwright/css/{name}" for name in SHARED] + systems
    positions = [css.index(f"/* ---- {name} ---- */") for name in order]
    assert positions == sorted(positions), order
    for name in systems:  # each system's rules, whole (reaching the tables wrapped at build time too)
        assert retarget((REPO_ROOT / "docs" / name).read_text(encoding="utf-8")).strip() in css


# Characters a browser draws as a colour emoji by default (Unicode's Emoji_Presentation), from a
# font a machine may lack; an icon drawn by CSS must not use them. Below U+1F000 they are few.
_EMOJI_PRESENTATION = set(map(chr, [0x231A, 0x231B, 0x23E9, 0x23EA, 0x23EB, 0x23EC, 0x23F0, 0x23F3, 0x25FD, 0x25FE,
                                    0x2614, 0x2615, *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB,
                                    0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5,
                                    0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, 0x2753, 0x2754,
                                    0x2755, 0x2757, 0x2795, 0x2796, 0x2797, 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50,
                                    0x2B55]))


def test_no_icon_is_an_emoji_a_machine_may_lack(site: Path) -> None:
    (bundle,) = (site / "assets" / "rollwright" / "css").glob("rollwright.*.css")
    contents = re.findall(r'content:\s*"([^"]*)"', bundle.read_text(encoding="utf-8"))
    assert contents, "no generated content found"
    emoji = sorted({c for text in contents for c in text if c in _EMOJI_PRESENTATION or ord(c) >= 0x1F000})
    assert emoji == [], emoji
