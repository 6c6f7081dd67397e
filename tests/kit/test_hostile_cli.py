"""The hostile-input corpus through ``python -m rollwright``: exit 2 and one line, or an answer; never a traceback.

Each case runs in a fresh process. The subprocess timeout only proves that nothing hangs;
it is far above any real answer and is not a timing assertion.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support import hostile

REPO = Path(__file__).resolve().parents[2]
HANG = 60
"""Seconds after which a run counts as hung (a real answer takes well under one)."""


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rollwright", *args], cwd=REPO, capture_output=True, text=True,
                          errors="replace", timeout=HANG)


def check(case: dict[str, Any], result: subprocess.CompletedProcess[str], answered_exits: tuple[int, ...]) -> None:
    """The case's expectation holds for one finished run."""
    where = f"{case['id']}: exit {result.returncode}, stderr {result.stderr[:300]!r}"
    assert "Traceback" not in result.stderr, where
    expect = hostile.expectation(case, "cli")
    refused = result.returncode == 2
    if expect == "refused" or (expect == "either" and refused):
        assert refused and result.stdout == "", where
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), where
        if expect == "refused":
            assert case.get("words", "error: ") in lines[0], where
    else:
        assert result.returncode in answered_exits and result.stderr == "", where


@pytest.mark.parametrize("case", hostile.cases("cli"), ids=lambda case: case["id"])
def test_cli_arguments(case: dict[str, Any]) -> None:
    check(case, run([hostile.text(arg) for arg in case["args"]]), (0,))


@pytest.mark.parametrize("action", ["validate", "sheet"])
@pytest.mark.parametrize("case", hostile.cases("character-file"), ids=lambda case: case["id"])
def test_character_files(case: dict[str, Any], action: str, tmp_path: Path) -> None:
    path = tmp_path / "character.json"
    path.write_text(hostile.document_text(case), encoding="utf-8")
    check(case, run(["character", action, str(path)]), (0, 1) if action == "validate" else (0,))


def test_the_corpus_covers_every_class_at_every_door() -> None:
    corpus = hostile.load()["cases"]
    classes = {case["class"] for case in corpus}
    assert {"huge-int", "deep-nesting", "surrogate", "huge-string", "bad-type", "argparse", "huge-notation",
            "cap-boundary", "corrupt-character"} <= classes
    for door in ("cli", "registry", "character-file"):
        assert {case["class"] for case in hostile.cases(door)} >= {"huge-int", "deep-nesting", "surrogate"}, door
    assert len({case["id"] for case in corpus}) == len(corpus)
