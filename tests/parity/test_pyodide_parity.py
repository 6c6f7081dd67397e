"""Parity of the kit: the engine inside Pyodide (under Node) answers exactly as in CPython, on the shared
tests' own site (Pips), both ways the browser starts Python (:mod:`rollwright.checks.parity`).

A scaffolded site's tests call ``run_checks(Path("mkdocs.yml"))``; here that very call, in the fixture
site's folder, must pass: every kit call and widget (and the one game's) compared in the fallback boot
and the snapshot, CPython's answers independent of the hash seed. Then what only the snapshot path has:
``random`` reseeded after a restore, and the safety net that installs the files the image left out.
(Every flagship system's parity: tests/systems/test_checks.py.)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rollwright.checks.parity import run_pyodide
from rollwright.checks.parity_calls import KIT, coverage_problems, kit_calls
from tests.support.fixture_site import ENV

pytestmark = pytest.mark.parity

RUN_CHECKS = """
import json
from pathlib import Path
from rollwright.checks import run_checks
report = run_checks(Path("mkdocs.yml"))
print(json.dumps({"ok": report.ok, "text": report.text(),
                  "results": [[r.subject, r.check, r.status, r.summary] for r in report.results]}))
"""


@pytest.fixture(scope="module")
def fixture_report(pips_project: Path) -> dict:
    """``run_checks(Path("mkdocs.yml"))`` in the fixture site's folder, as a scaffolded site's test calls it."""
    done = subprocess.run([sys.executable, "-c", RUN_CHECKS], cwd=pips_project, capture_output=True, text=True,
                          env=ENV, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_every_check_passes_on_the_fixture_site(fixture_report: dict) -> None:
    assert fixture_report["ok"], fixture_report["text"]
    assert [(subject, check) for subject, check, _, _ in fixture_report["results"]] == [
        ("site", "build"), *(("pips", check) for check in ("contract", "worked examples", "tables", "pages", "parity")),
        ("kit", "parity")]
    assert {status for _, _, status, _ in fixture_report["results"]} == {"passed"}


def test_the_kits_calls_and_the_games_answer_alike_both_ways(fixture_report: dict) -> None:
    parity = {subject: summary for subject, check, _, summary in fixture_report["results"] if check == "parity"}
    for subject in ("kit", "pips"):
        alike, _, kept = parity[subject].partition("; ")
        assert alike.endswith("alike in CPython and Pyodide (fallback boot and snapshot)"), parity
        # the answers kept at build time (issue 42) are compared too, where the subject's widgets have them
        assert not kept or re.fullmatch(r"the \d+ answers kept at build time equal CPython's", kept), parity


def test_the_kits_calls_reach_every_kit_call_and_widget() -> None:
    calls = kit_calls()
    assert coverage_problems(KIT, calls, "add it") == []
    assert [c for c in calls if c.owner != KIT] == []
    assert {c.valid for c in calls} == {True, False}


def test_restored_random_is_reseeded(pips_site: Path, tmp_path: Path) -> None:
    """A restored snapshot draws the same numbers on every visit until `random` is reseeded."""
    first = run_pyodide(pips_site, "snapshot", [], tmp_path / "one")["draws"]
    second = run_pyodide(pips_site, "snapshot", [], tmp_path / "two")["draws"]
    assert first["restored"] == second["restored"], "expected the frozen generator to repeat itself"
    assert first["reseeded"] != second["reseeded"]


def test_restored_python_imports_what_the_snapshot_lacks_once_its_files_are_installed(pips_site: Path,
                                                                                       tmp_path: Path) -> None:
    """The snapshot path's safety net (runtime/files.js, used by the worker on an internal error)."""
    report = run_pyodide(pips_site, "snapshot", [("dice.dist", '{"notation": "d6"}')], tmp_path, probe_files=True)
    assert json.loads(report["answers"][0])["ok"] is True
    files = report["files"]
    assert files["loaded"] is False  # colorsys is not in the image (nothing the engine runs imports it)
    assert files["before"] != "imported"  # no files: the import fails...
    assert files["after"] == "imported"  # ...until they are installed
    assert files["engineFiles"] is True  # and the site's own files are back


def test_a_normal_boot_starts_from_the_small_standard_library_and_completes_it(pips_site: Path,
                                                                                tmp_path: Path) -> None:
    """The fallback path boots from the site's small standard library; a module it lacks comes with the whole one."""
    report = run_pyodide(pips_site, "boot", [("dice.dist", '{"notation": "d6"}')], tmp_path, probe_files=True)
    assert json.loads(report["answers"][0])["ok"] is True
    files = report["files"]
    assert files["loaded"] is False and files["before"] != "imported"  # colorsys: not in the small zip
    assert files["after"] == "imported"  # ...until the whole one is written over it
