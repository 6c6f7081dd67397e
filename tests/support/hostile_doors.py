"""The hostile-input corpus at two doors: the command line (a finished run) and the registry (``call`` and
``call_json``): what each case's expectation means there (tests/kit, and a game's own character tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rollwright.errors import RollwrightError
from rollwright.kit.api import call, call_json
from tests.support import hostile

REPO = Path(__file__).resolve().parents[2]
HANG = 60
"""Seconds after which a run counts as hung (a real answer takes well under one)."""


def run_cli(args: list[str], cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """``python -m rollwright ARGS`` in a fresh process (in the flagship's folder: its games)."""
    return subprocess.run([sys.executable, "-m", "rollwright", *args], cwd=cwd, capture_output=True, text=True,
                          errors="replace", timeout=HANG)


def check_cli(case: dict[str, Any], result: subprocess.CompletedProcess[str], answered_exits: tuple[int, ...]) -> None:
    """The case's expectation holds for one finished run: exit 2 and one line, or an answer; never a traceback."""
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


def expect_error(case: dict[str, Any], error: dict[str, Any], where: str) -> None:
    """An engine error, never ``internal``; with the case's ``limit`` or ``kind`` when it names one."""
    assert error["kind"] != "internal", f"{case['id']} {where}: {error}"
    assert error["message"], f"{case['id']} {where}: {error}"
    if "limit" in case:
        assert error.get("limit") == case["limit"], f"{case['id']} {where}: {error}"
    if "kind" in case:
        assert error["kind"] == case["kind"], f"{case['id']} {where}: {error}"


def through_call(case: dict[str, Any], expect: str, name: Any, params: Any, where: str) -> None:
    """``call(name, params)`` meets the expectation."""
    try:
        result = call(name, params)
    except RollwrightError as error:
        assert expect != "answered", f"{case['id']} {where}: refused: {error.to_dict()}"
        expect_error(case, error.to_dict(), where)
    except Exception as error:  # the failure this corpus exists to catch
        pytest.fail(f"{case['id']} {where}: {type(error).__name__}: {str(error)[:300]}")
    else:
        assert expect != "refused", f"{case['id']} {where}: answered, but should be refused"
        json.dumps(result)


def through_json(case: dict[str, Any], expect: str, name: Any, text: str, where: str) -> None:
    """``call_json(name, text)`` meets the expectation (it never raises)."""
    envelope = json.loads(call_json(name, text))
    if envelope["ok"]:
        assert expect != "refused", f"{case['id']} {where} (JSON): answered, but should be refused"
    else:
        assert expect != "answered", f"{case['id']} {where} (JSON): refused: {envelope['error']}"
        expect_error(case, envelope["error"], f"{where} (JSON)")
