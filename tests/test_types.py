"""Static types: the engine passes ``mypy --strict``; macros pass mypy's default checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_engine_is_strictly_typed() -> None:
    result = mypy("--strict", "engine")
    assert result.returncode == 0, result.stdout + result.stderr


def test_macros_type_check() -> None:
    result = mypy("macros")
    assert result.returncode == 0, result.stdout + result.stderr
