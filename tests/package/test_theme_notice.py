"""The theme's end of life is said to a designer by `rollwright build` and `serve` (Material says it only to `mkdocs`)."""

from __future__ import annotations

import os
import subprocess
import sys

from rollwright.mkdocs.commands import THEME_NOTICE

PROBE = "from rollwright.mkdocs.commands import show_messages\nshow_messages()\nshow_messages()\n"


def _stderr(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k != "NO_MKDOCS_2_WARNING"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120,
                          env={**clean, **env})
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_the_note_is_said_once_and_names_the_date_and_the_successor() -> None:
    said = _stderr()
    assert said.count(THEME_NOTICE) == 1
    assert "5 May 2027" in THEME_NOTICE and "Zensical" in THEME_NOTICE


def test_materials_own_switch_hides_it() -> None:
    assert THEME_NOTICE not in _stderr(NO_MKDOCS_2_WARNING="1")
