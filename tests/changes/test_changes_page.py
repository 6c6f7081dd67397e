"""``rollwright build --changes-since v1`` on Dial's repository (tests/changes/fixture.py), built once: each game's
"What changed" page, linked from its home page, in its print edition, with a redirect for the moved page."""

from __future__ import annotations

import re
from pathlib import Path

from tests.changes.fixture import make_repo
from tests.support.fixture_site import REPO_ROOT, rollwright

CACHE = REPO_ROOT / ".cache" / "fixture-sites" / "dial"


def test_the_page_is_built_linked_printed_and_moved_pages_redirect(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "srd")
    CACHE.mkdir(parents=True, exist_ok=True)
    (repo / ".cache").symlink_to(CACHE, target_is_directory=True)  # the runtime's caches, shared between runs
    site = tmp_path / "site"
    done = rollwright(repo, "build", "--changes-since", "v1", "-d", str(site))
    assert done.returncode == 0, done.stderr
    page = (site / "dial" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "<title>What changed · Dial</title>" in page and "What changed since v1" in page
    assert "1 check changed; 1 check added; 1 check removed" in page
    assert 'class="rw-chart"' in page and "Hit: 41.7% before (left), 58.3% after (right)" in page
    assert "+A total of 9 or more is a hit." in page
    assert "<code>dial/gear.md</code> now lives at" in page and 'href="../kit/gear/"' in page
    assert "md-nav--secondary" not in page  # the home page's table of contents is not this page's
    for link in re.findall(r"\s(?:href|src)=\"([^\"#?:]+)\"", page):  # every relative address resolves
        target = (site / "dial" / "changes" / link).resolve()
        assert target.exists() or (target / "index.html").exists(), link
    home = (site / "dial" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="changes/"[^>]*data-rw-changes-link', home)
    assert "What changed since v1" in (site / "dial" / "print" / "index.html").read_text(encoding="utf-8")
    redirect = (site / "dial" / "gear" / "index.html").read_text(encoding="utf-8")
    assert 'content="0; url=../kit/gear/"' in redirect and (site / "dial" / "kit" / "gear" / "index.html").is_file()
    assert not (repo / "site").exists() and "Unsaved" not in (repo / "docs" / "dial" / "index.md").read_text()
