"""The macro cache keys each call on the game files it used (issue 36): an edit of one file recomputes only the
calls whose code ran in it or imports it (directly or through another module), and they show the new value;
an edit no call reads recomputes nothing; a file added to the game recomputes every call of the game."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rollwright.mkdocs.macro_cache import MacroCache, fingerprints

GAME = "i36_uses_game"
FILES = {
    "__init__.py": '"""A game of two calls."""\n',
    "rules/__init__.py": "",
    "rules/base.py": "FACES = 2\n",
    "rules/hits.py": "from i36_uses_game.rules.base import FACES\n\n\ndef hits():\n    return FACES * 10\n",
    "other.py": "def other():\n    return 7\n",
    "game.toml": "# data every call of the game may read\n",
}


@dataclass
class _System:
    module: str
    folder: Path


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / GAME
    for name, text in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    yield folder
    sys.path.remove(str(tmp_path))
    for name in [name for name in sys.modules if name.split(".")[0] == GAME]:
        del sys.modules[name]


def _fresh() -> None:
    """Forget the game's modules and import them again, as ``rollwright serve`` does after an edit."""
    for name in [name for name in sys.modules if name.split(".")[0] == GAME]:
        del sys.modules[name]
    importlib.invalidate_caches()
    for module in ("rules.hits", "other"):
        importlib.import_module(f"{GAME}.{module}")


def test_an_edit_recomputes_only_the_calls_that_used_the_file(game: Path, tmp_path: Path) -> None:
    systems = [_System(GAME, game)]
    cache = MacroCache(tmp_path / "cache", fingerprints(systems))
    ran: list[str] = []

    def hits_table() -> str:
        ran.append("hits")
        return f"<p>{importlib.import_module(GAME + '.rules.hits').hits()}</p>"

    def other_table() -> str:
        ran.append("other")
        return f"<p>{importlib.import_module(GAME + '.other').other()}</p>"

    tables = [cache.wrap(fn, owner=lambda args, kwargs: GAME) for fn in (hits_table, other_table)]
    _fresh()

    def build(edit: tuple[str, str] | None = None) -> list[str]:
        if edit is not None:
            (game / edit[0]).write_text(edit[1], encoding="utf-8")
            _fresh()
            cache.renew(fingerprints(systems))
        ran.clear()
        return [table() for table in tables]

    assert build() == ["<p>20</p>", "<p>7</p>"] and ran == ["hits", "other"]
    assert build() == ["<p>20</p>", "<p>7</p>"] and ran == []
    uses = cache._entries(GAME)
    assert sorted(next(v["uses"][GAME] for e in uses.values() for v in e if "rules/hits.py" in v["uses"][GAME])) == [
        "game.toml", "rules/base.py", "rules/hits.py"]  # the module it imports, not rules/__init__.py
    # A module imported indirectly (base.py, read by hits.py): only the call that reads it, with the new value.
    assert build(("rules/base.py", "FACES = 3\n")) == ["<p>30</p>", "<p>7</p>"] and ran == ["hits"]
    # The package's __init__ and a new line nobody reads: nothing is computed again.
    assert build(("rules/__init__.py", "UNUSED = 1\n")) == ["<p>30</p>", "<p>7</p>"] and ran == []
    assert build(("other.py", "def other():\n    return 8\n")) == ["<p>30</p>", "<p>8</p>"] and ran == ["other"]
    # Undoing an edit finds the answer from before it.
    assert build(("rules/base.py", "FACES = 2\n")) == ["<p>20</p>", "<p>8</p>"] and ran == []
    # The game's data (not Python) is read by every call of the game; so is the list of its files.
    assert build(("game.toml", "# edited\n")) == ["<p>20</p>", "<p>8</p>"] and ran == ["hits", "other"]
    assert build(("rules/new.py", "X = 1\n")) == ["<p>20</p>", "<p>8</p>"] and ran == ["hits", "other"]
    cache.save()
    reread = MacroCache(tmp_path / "cache", fingerprints(systems))
    tables = [reread.wrap(fn, owner=lambda args, kwargs: GAME) for fn in (hits_table, other_table)]
    ran.clear()
    assert [table() for table in tables] == ["<p>20</p>", "<p>8</p>"] and ran == []  # kept on disk alike


STOPPED_THEN_RECORDED = """
from rollwright.mkdocs.call_uses import Uses
from rollwright.site.time_limit import CallTimedOut, limited

def forever():
    while True:
        pass

try:
    limited(forever, seconds=0.2)
except CallTimedOut:
    pass
def answer():
    return 42
with Uses() as used:
    print(answer(), used.active)
"""


def test_a_call_stopped_by_the_limit_leaves_no_pending_raise_for_the_recorder() -> None:
    """A call stopped by the time limit, then a call recorded with the profiler, in the same thread: the second
    answers (withdrawing the raise with NULL left Python 3.11's pending flag set, and the profiler then spun)."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", STOPPED_THEN_RECORDED], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "42 True"), done.stderr
