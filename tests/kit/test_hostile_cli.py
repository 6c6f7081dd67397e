"""The hostile-input corpus through ``python -m rollwright``: exit 2 and one line, or an answer; never a traceback.

Each argument case runs in a fresh process. The subprocess timeout only proves that nothing hangs;
it is far above any real answer and is not a timing assertion. Character files are read up to their
system on the shared tests' own site (Pips, which reads no unmarked document); the flagship's game that
reads them answers them in tests/systems/facade/character/test_hostile_documents.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support import hostile
from tests.support.hostile_doors import check_cli, run_cli

VALIDATE_EACH = """
import contextlib, io, json, sys
from rollwright.cli import main
runs = []
for path in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["character", "validate", path])
    runs.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(runs))
"""


@pytest.mark.parametrize("case", hostile.cases("cli"), ids=lambda case: case["id"])
def test_cli_arguments(case: dict[str, Any]) -> None:
    check_cli(case, run_cli([hostile.text(arg) for arg in case["args"]]), (0,))


def test_character_files_are_read_safely_up_to_their_system(pips_project: Path, tmp_path: Path) -> None:
    """Every character file of the corpus, validated in a site whose one game (Pips) reads no unmarked document:
    refused by the input limits before anything is parsed, read and then refused for naming no system (or for
    a newer version of Pips), or, a Pips document with fields of the wrong type, answered naming each one."""
    cases = hostile.cases("character-file")
    paths = []
    for index, case in enumerate(cases):
        path = tmp_path / f"{index}.json"
        path.write_text(hostile.document_text(case), encoding="utf-8", errors="surrogatepass")
        paths.append(str(path))
    done = subprocess.run([sys.executable, "-c", VALIDATE_EACH], input=json.dumps(paths), cwd=pips_project,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    before_reading = []
    for case, (code, out, err) in zip(cases, json.loads(done.stdout)):
        where = f"{case['id']}: exit {code}, {err[:300]!r}"
        document = case.get("document")
        if isinstance(document, dict) and document.get("schema") == "rollwright/pips" and \
                hostile.expectation(case, "cli") == "answered":  # read by Pips, each wrong field named
            assert "Traceback" not in err and err == "" and code in (0, 1) and "expected" in out, where
            continue
        assert "Traceback" not in err and out == "" and code == 2, where
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), where
        if "the character names no system" not in lines[0]:  # refused before its system was asked
            assert hostile.expectation(case, "cli") == "refused" and case.get("words", "error: ") in lines[0], where
            before_reading.append(case["class"])
    # what the kit refuses before any system reads a document: too big, too deep, too long a number, not JSON
    assert {"huge-int", "deep-nesting", "huge-string", "corrupt-character"} <= set(before_reading), before_reading


def test_the_corpus_covers_every_class_at_every_door() -> None:
    corpus = hostile.load()["cases"]
    classes = {case["class"] for case in corpus}
    assert {"huge-int", "deep-nesting", "surrogate", "huge-string", "bad-type", "argparse", "huge-notation",
            "cap-boundary", "corrupt-character"} <= classes
    for door in ("cli", "registry", "character-file"):
        assert {case["class"] for case in hostile.cases(door)} >= {"huge-int", "deep-nesting", "surrogate"}, door
    assert len({case["id"] for case in corpus}) == len(corpus)
