"""The dev server's loop: an edit rebuilds once with what changed; a failed build shows the error page and
clears; a game folder removed and restored (or added to mkdocs.yml) is watched; a slow build never holds
up a request. No timing is asserted: each step waits for the build it caused."""

from __future__ import annotations

import json
import shutil

import pytest

from rollwright.site import reload
from rollwright.site.devserver import DevSite
from tests.site_server.fake_site import CONFIG, dev, edit, get, wait_running

__all__ = ["dev"]


def test_an_edit_rebuilds_once_with_the_changed_path(dev: DevSite) -> None:
    project = dev.config_file.parent
    edit(dev, "docs/index.md", "Edited", 2)
    assert "Edited" in get(dev.url)[2]
    edit(dev, "games/pips/rules.py", "X = 2\n", 3)
    edit(dev, "docs/notes.md~", "an editor's backup", 3)  # ignored: no build
    edit(dev, "docs/index.md", "Again", 4)
    assert dev.builds == [None, frozenset({project / "docs/index.md"}), frozenset({project / "games/pips/rules.py"}),
                          frozenset({project / "docs/index.md"})]
    # Markdown and a game's code may be taken in place by a page open since (reload.js); a build of everything not.
    poll = {epoch: json.loads(get(dev.url + f".rollwright/reload?epoch={epoch}")[2]) for epoch in (0, 1, 2, 3)}
    assert [poll[epoch]["inPlace"] for epoch in (0, 1, 2, 3)] == [False, True, True, True]
    edit(dev, "docs/extra.css", "p {}", 5)
    assert json.loads(get(dev.url + ".rollwright/reload?epoch=4")[2]) == {"epoch": 5, "inPlace": False}


def test_a_failed_build_shows_the_error_page_until_a_build_succeeds(dev: DevSite, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(dev, "docs/index.md", "FAIL <script>", 2)
    status, _, body = get(dev.url + "any/page/")
    assert status == 500 and 'class="rw-build-error" role="alert"' in body and 'data-epoch="2"' in body
    assert "docs/index.md, line 1: FAIL &lt;script&gt;" in body and "<script>" not in body
    assert get(dev.url + "r.js")[0] == 200  # the last good build's files stay
    edit(dev, "docs/index.md", "CRASH", 3)
    body = get(dev.url)[2]
    assert "Rollwright itself failed: RuntimeError: boom in games" in body and str(dev.config_file.parent) not in body
    monkeypatch.setattr(reload, "SLOW_BUILD", 0.0)
    edit(dev, "docs/index.md", "SLOW fixed", 3)  # waits for the build to start: no new epoch yet
    wait_running(dev)
    assert "Still building (" in get(dev.url)[2]
    dev.fake.release.set()  # type: ignore[attr-defined]
    assert json.loads(get(dev.url + ".rollwright/reload?epoch=3")[2])["epoch"] == 4
    status, _, body = get(dev.url)
    assert status == 200 and "SLOW fixed" in body and 'data-epoch="4"' in body
    edited = frozenset({dev.config_file.parent / "docs/index.md"})
    assert dev.builds[1:] == [edited, edited, None]  # a failed build's edits are told again; after a crash, all


def test_a_game_folder_removed_restored_or_added_is_watched(dev: DevSite) -> None:
    project = dev.config_file.parent
    shutil.move(project / "games/pips", project / "away")
    assert dev.wait_for_epoch(2) == 2
    assert dev.builds[-1] == frozenset({project / "games/pips/rules.py"})
    shutil.move(project / "away", project / "games/pips")
    assert dev.wait_for_epoch(3) == 3
    edit(dev, "games/pips/rules.py", "X = 3\n", 4)
    assert dev.builds[-1] == frozenset({project / "games/pips/rules.py"})
    (project / "games/dots").mkdir()
    edit(dev, "mkdocs.yml", CONFIG + "        - games/dots\n", 5)
    edit(dev, "games/dots/rules.py", "Y = 1\n", 6)
    assert dev.builds[-1] == frozenset({project / "games/dots/rules.py"})


def test_a_slow_build_does_not_hold_up_the_last_good_pages(dev: DevSite) -> None:
    edit(dev, "docs/index.md", "SLOW new", 1)
    wait_running(dev)
    status, _, body = get(dev.url)
    assert status == 200 and "Hello" in body and 'data-epoch="1"' in body
    dev.fake.release.set()  # type: ignore[attr-defined]
    assert dev.wait_for_epoch(2) == 2 and "SLOW new" in get(dev.url)[2]
