"""``python -m rollwright character validate|sheet FILE``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[4]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rollwright", "character", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


def write(tmp_path: Path, data: object, name: str = "c.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_validate_a_valid_character(tmp_path: Path) -> None:
    result = run("validate", write(tmp_path, {"name": "Ada"}))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0].endswith("Ada: valid (0 errors, 0 warnings)")


def test_validate_lists_problems_and_exits_1(tmp_path: Path) -> None:
    result = run("validate", write(tmp_path, {"name": "Ada", "attributes": {"luck": 9}, "colour": "red"}))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "not valid (1 error, 1 warning)" in lines[0]
    assert any("Luck 9 is above the allowed 0-6" in line and "facade/characters/#attributes" in line
               for line in lines)


def test_validate_json(tmp_path: Path) -> None:
    result = run("validate", write(tmp_path, {"version": 1, "name": "Old", "attributes": [3] * 15}), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["migrated_from"] == 1 and data["valid"] is True


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "is not valid JSON"),
    ([1, 2], "must be a JSON object"),
    ({"version": 9, "name": "x"}, "unknown version 9"),
    ({"colour": "red"}, "none of a character's fields"),
])
def test_bad_file_gives_one_line_and_status_2(tmp_path: Path, content: object, words: str) -> None:
    result = run("validate", write(tmp_path, content))
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_missing_and_binary_files(tmp_path: Path) -> None:
    missing = run("sheet", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr and len(missing.stderr.splitlines()) == 1
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    result = run("validate", str(binary))
    assert result.returncode == 2 and "not UTF-8" in result.stderr


def test_sheet_text_and_markdown(tmp_path: Path) -> None:
    path = write(tmp_path, {"name": "Ada", "skills": [{"name": "Athletics", "level": 2, "focuses": []}]})
    text = run("sheet", path)
    assert text.returncode == 0 and text.stdout.startswith("Ada (weighted point buy)\n====")
    markdown = run("sheet", path, "--format", "markdown")
    assert markdown.returncode == 0 and markdown.stdout.startswith("# Ada (weighted point buy)")
    assert "| Athletics | broad | 2 | 2 |" in markdown.stdout
    bad = run("sheet", path, "--format", "pdf")
    assert bad.returncode == 2
