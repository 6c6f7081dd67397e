"""The hostile-input corpus's character documents, which carry no schema: Façade reads unmarked documents
(``reads_unmarked_characters``), so they are Façade's to answer or refuse.

- through ``python -m rollwright character validate|sheet`` in the flagship: exit 2 and one line, or an
  answer; never a traceback (each case in a fresh process; the timeout only proves nothing hangs);
- through the builder contract calls of the system a document names (every builder system when it names
  none that exists), as the CLI and the builder page send them. ``check`` and ``sheet`` read the document,
  so they refuse what the CLI refuses; ``editor`` and ``picker`` take a document in any state, so they
  refuse only what is over an input limit (cases with a ``limit``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rollwright.errors import RollwrightError
from rollwright.kit.characters import builder_systems, contract_call, system_for_document
from tests.support import hostile
from tests.support.hostile_doors import check_cli, run_cli, through_call, through_json

CONTRACT_PARAMS = {"check": {}, "sheet": {"format": "text"}, "editor": {"action": "render"},
                   "picker": {"fields": ["rw-w1-trait"]}}
"""Each contract call the corpus exercises, with its other parameters."""
ANY_STATE = ("editor", "picker")
"""Contract calls that take a document in any state (they need not refuse an unreadable one)."""


def unmarked_cases() -> list[dict[str, Any]]:
    """The corpus's character documents that name no system (the shared tests' Pips ones are Pips's)."""
    return [case for case in hostile.cases("character-file")
            if not (isinstance(case.get("document"), dict) and "schema" in case["document"]
                    and str(case["document"]["schema"]).startswith("rollwright/pips"))]


def test_facade_reads_the_unmarked_documents() -> None:
    assert system_for_document({"name": "Ada"}).id == "facade"


@pytest.mark.parametrize("action", ["validate", "sheet"])
@pytest.mark.parametrize("case", unmarked_cases(), ids=lambda case: case["id"])
def test_character_files(case: dict[str, Any], action: str, tmp_path: Path) -> None:
    path = tmp_path / "character.json"
    path.write_text(hostile.document_text(case), encoding="utf-8")
    check_cli(case, run_cli(["character", action, str(path)]), (0, 1) if action == "validate" else (0,))


def _contract_names(document: Any) -> list[tuple[str, str]]:
    """(operation, call name) of the contract calls a document goes to."""
    try:
        systems = [system_for_document(document)]
    except RollwrightError:
        systems = builder_systems()
    return [(op, contract_call(system, op)) for system in systems for op in CONTRACT_PARAMS]


@pytest.mark.parametrize("case", unmarked_cases(), ids=lambda case: case["id"])
def test_character_documents(case: dict[str, Any]) -> None:
    assert builder_systems(), "no system has a character builder"
    expect = hostile.expectation(case, "registry")
    document = hostile.value(case["document"]) if "document" in case else None
    text = hostile.document_text(case)
    for operation, name in _contract_names(document):
        extra = CONTRACT_PARAMS[operation]
        wanted = "either" if expect == "refused" and operation in ANY_STATE and "limit" not in case else expect
        if "document" in case:
            through_call(case, wanted, name, {"character": document, **extra}, name)
        others = "".join(f", {json.dumps(key)}: {json.dumps(item)}" for key, item in extra.items())
        through_json(case, wanted, name, f'{{"character": {text}{others}}}', name)
