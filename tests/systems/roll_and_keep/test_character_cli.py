"""``rollwright character`` on a Roll & Keep character file with a wrong type inside (issue 30): the
file's fault, said as such, never "a bug in the engine"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.kit.test_cli import run


@pytest.mark.parametrize("trait", [{"a": 1}, ["finesse"]], ids=["object", "list"])
def test_a_wrong_type_inside_a_character_is_the_files_fault_not_a_bug(tmp_path: Path, trait: object) -> None:
    """Issue 30: an attack's trait of the wrong type made ``character validate`` exit 70, "a bug in the engine"."""
    from rollwright.kit.api import call

    doc = call("roll-and-keep.character.new")["character"]
    doc["attacks"][0]["trait"] = trait
    path = tmp_path / "hero.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    kind = "an object" if isinstance(trait, dict) else "a list"
    validate = run("character", "validate", str(path))
    assert validate.returncode == 1 and validate.stderr == "", validate.stderr
    assert f"error: Attack 1, trait: expected text, got {kind}; it is left empty." in validate.stdout
    sheet = run("character", "sheet", str(path))
    assert sheet.returncode == 0 and sheet.stderr == "" and "bug" not in sheet.stdout
