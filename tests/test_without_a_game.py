"""A bundled game can be removed with its folders and its lines in mkdocs.yml, and everything else stands:
the repository without Façade (the game the shared tests leaned on most) collects every test, and its
systems' checks and the kit's own tests pass there (tests/support/without_a_game.py; the whole
non-browser suite there: ``.venv/bin/python -m tests.support.without_a_game facade -- -m "not browser"``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.without_a_game import ROOT, copy_without, run_pytest

GAME = "facade"


@pytest.fixture(scope="module")
def without_facade(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (ROOT / "engine" / "systems" / GAME).is_dir():
        pytest.skip(f"this repository has no {GAME} to remove (a copy made by this very test, say)")
    return copy_without(GAME, tmp_path_factory.mktemp("without") / "repository")


def test_the_game_is_gone_and_its_lines_too(without_facade: Path) -> None:
    assert not (without_facade / "engine" / "systems" / GAME).exists()
    assert not (without_facade / "docs" / GAME).exists() and not (without_facade / "tests" / "systems" / GAME).exists()
    config = (without_facade / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"engine/systems/{GAME}" not in config and "Façade:" not in config


def test_every_test_collects_without_it(without_facade: Path) -> None:
    done = run_pytest(without_facade, ["--collect-only", "-q"], timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    count = re.search(r"^(\d+) tests collected", done.stdout, re.MULTILINE)
    assert count and int(count.group(1)) > 1000, done.stdout[-2000:]
    assert f"[{GAME}-" not in done.stdout and f"systems/{GAME}/" not in done.stdout


def test_the_other_games_checks_and_the_kits_own_tests_pass_without_it(without_facade: Path) -> None:
    done = run_pytest(without_facade, ["tests/kit/test_systems.py", "tests/systems/test_checks.py", "-q",
                                       "-k", "not test_generic_check or contract or worked",
                                       "-m", "not browser and not parity"], timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"^\d+ passed", done.stdout.splitlines()[-1]), done.stdout[-1000:]
