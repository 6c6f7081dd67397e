"""The site's name from ``mkdocs.yml`` reaches every page escaped once, under MkDocs and under Zensical (issue 41).

Material's templates (and Zensical's) print ``config.site_name`` bare in ``<title>``, the header and the
navigation; :mod:`rollwright.site.escaped_theme` gives each generator its templates with the name escaped, and
leaves alone the places the theme escapes itself, so nothing is escaped twice.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.fixture_site import write_data_project
from tests.support.generators import rollwright_with

NAME = "Tom <b>& Jerry"
ONCE = "Tom &lt;b&gt;&amp; Jerry"
TWICE = "Tom &amp;lt;b"


@pytest.mark.parametrize("generator", ["mkdocs", "zensical"])
def test_the_site_name_is_escaped_once_on_every_page(generator: str, tmp_path: Path) -> None:
    project = write_data_project(tmp_path / "pips-data")
    config = project / "mkdocs.yml"
    config.write_text(re.sub(r"^site_name: .*$", f'site_name: "{NAME}"', config.read_text(encoding="utf-8"),
                             count=1, flags=re.MULTILINE), encoding="utf-8")
    done = rollwright_with(generator, project, "build", "--site-dir", str(tmp_path / "site"))
    assert done.returncode == 0, done.stderr[-3000:]
    pages = {path.relative_to(tmp_path / "site").as_posix(): path.read_text(encoding="utf-8")
             for path in (tmp_path / "site").rglob("*.html")}
    assert "print/index.html" in pages  # a print edition: its title is ours, escaped too
    assert [page for page, text in pages.items() if "Tom <b>" in text] == []
    assert [page for page, text in pages.items() if TWICE in text] == []
    home = pages["index.html"]
    assert re.search(r"<title>[^<]*" + re.escape(ONCE) + "</title>", home)
    assert f'aria-label="{ONCE}"' in home and f'title="{ONCE}"' in home  # bare before, and escaped by the theme
