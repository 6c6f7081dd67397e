"""The built site as a whole: every system's pages built, nothing loaded from another host."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from rollwright.kit.system import System, all_systems
from tests.support.site_build import page
from tests.support.html_reader import read

LOADING_LINK_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "manifest", "import"}


def remote_loads(html: str) -> list[str]:
    """Every URL on another host that the page would fetch (not mere links like rel=canonical)."""
    found = []
    for tag, attrs in read(html).attributes:
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed"):
            url = attrs.get("src") or ""
        elif tag == "link" and set((attrs.get("rel") or "").split()) & LOADING_LINK_RELS:
            url = attrs.get("href") or ""
        else:
            continue
        if re.match(r"(https?:)?//", url, re.I):
            found.append(url)
    return found


def test_remote_load_detector_catches_remote_assets() -> None:
    page_html = ('<link rel="canonical" href="https://example.org/"><link rel="stylesheet" '
                 'href="https://fonts.example/x.css"><script src="//cdn.example/a.js"></script>')
    assert remote_loads(page_html) == ["https://fonts.example/x.css", "//cdn.example/a.js"]


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    css_remote = re.compile(r'(?:@import|url\()\s*["\']?(https?:)?//', re.I)
    pages = list(site.rglob("*.html"))
    assert len(pages) >= 3
    for path in pages:
        assert remote_loads(path.read_text(encoding="utf-8")) == [], path
    for path in site.rglob("*.css"):
        assert not css_remote.search(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_every_page_a_system_declares_is_built_and_in_the_navigation(site: Path, system: System) -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert system.pages, f"{system.id} declares no pages"
    for declared in system.pages:
        assert declared.path.startswith(f"{system.docs}/"), declared.path
        assert declared.path in nav, f"{declared.path} is not in mkdocs.yml's nav"
        url = declared.path.removesuffix(".md").removesuffix("index").rstrip("/")
        assert "<article" in page(site, url), declared.path


def test_materials_bundle_is_deferred_and_runs_before_our_modules(site: Path) -> None:
    """The first paint shows the article: Material's bundle no longer blocks the parser (main.html)."""
    for path in site.rglob("*.html"):
        scripts = [attrs for tag, attrs in read(path.read_text(encoding="utf-8")).attributes
                   if tag == "script" and attrs.get("src")]
        bundles = [i for i, attrs in enumerate(scripts) if re.search(r"/bundle\.[0-9a-f]+\.min\.js$", attrs["src"])]
        if not bundles and path.name == "404.html":
            continue
        assert len(bundles) == 1, path
        assert "defer" in scripts[bundles[0]], path
        ours = [i for i, attrs in enumerate(scripts) if attrs["src"].endswith("rollwright/rollwright.js")]
        assert ours and ours[0] > bundles[0], path
