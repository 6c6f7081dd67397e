"""The page macros' content cache (issue 25, rollwright.mkdocs.macro_cache): a build answered from it is the
same site, byte for byte, as one that computes every call; an edit of a game's rules is seen at once (its
answers are keyed by its sources); a call that fails is never kept; ids given out on a page stay unique."""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rollwright.kit.macros import next_chip_id, next_widget_id, start_page_ids
from rollwright.mkdocs.macro_cache import Fingerprints, MacroCache
from tests.support.fixture_site import ENV, TEMPLATE


def _build(project: Path, site: Path, *, cache: bool = True) -> None:
    env = {**ENV, "PATH": str(Path(sys.executable).parent)}  # no Node.js: no snapshot to make
    if not cache:
        env["ROLLWRIGHT_MACRO_CACHE"] = "off"
    done = subprocess.run([sys.executable, "-m", "rollwright", "build", "-d", str(site)], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def _same(left: Path, right: Path) -> list[str]:
    """Files that differ or are missing on one side, recursively."""
    compared = filecmp.dircmp(left, right)
    found = [*compared.left_only, *compared.right_only, *compared.diff_files, *compared.funny_files]
    for name, sub in compared.subdirs.items():
        found += [f"{name}/{path}" for path in _same(left / name, right / name)]
    return found


def test_a_cached_build_is_the_same_site_and_a_rules_edit_is_seen(tmp_path: Path) -> None:
    project = tmp_path / "pips-site"
    shutil.copytree(TEMPLATE, project, ignore=shutil.ignore_patterns("__pycache__", ".cache", "site"))
    _build(project, tmp_path / "computed", cache=False)
    assert not (project / ".cache" / "rollwright" / "macros").exists()
    _build(project, tmp_path / "cold")
    kept = json.loads((project / ".cache" / "rollwright" / "macros" / "pips.json").read_text(encoding="utf-8"))
    assert len(kept["answers"]) >= 5
    _build(project, tmp_path / "warm")
    assert _same(tmp_path / "computed", tmp_path / "cold") == []
    assert _same(tmp_path / "computed", tmp_path / "warm") == []

    rules = project / "pips" / "rules" / "hits.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace("P_HIT = Fraction(2, 6)", "P_HIT = Fraction(3, 6)"),
                     encoding="utf-8")
    _build(project, tmp_path / "edited")
    page = (tmp_path / "edited" / "pips" / "index.html").read_text(encoding="utf-8")
    assert "hard task works out 50% of the time" in page  # was 25.9%, from the cache of the rules before
    _build(project, tmp_path / "edited-computed", cache=False)
    assert _same(tmp_path / "edited", tmp_path / "edited-computed") == []


def test_a_failing_call_is_never_kept_and_ids_are_given_afresh(tmp_path: Path) -> None:
    cache = MacroCache(tmp_path, Fingerprints({None: "kit"}))
    ran: list[int] = []

    def box(n: int) -> str:
        ran.append(n)
        if n < 0:
            raise ValueError("negative")
        return f'<i id="{next_widget_id()}-x"></i><b id="{next_chip_id()}"></b>'

    cached = cache.wrap(box, owner=lambda args, kwargs: None)
    start_page_ids()
    assert cached(1) == '<i id="rw-w1-x"></i><b id="rw-c1"></b>'
    assert cached(1) == '<i id="rw-w2-x"></i><b id="rw-c2"></b>'  # kept, with the page's next ids
    for _ in range(2):
        with pytest.raises(ValueError, match="negative"):
            cached(-1)
    assert ran == [1, -1, -1] and (cache.hits, cache.misses) == (1, 3)
    cache.save()
    assert len(json.loads((tmp_path / "_kit.json").read_text(encoding="utf-8"))["answers"]) == 1
    assert os.listdir(tmp_path) == ["_kit.json"]
