"""One rule for every system's character documents (issue 30): a newer builder's file is refused with a
clear message, and fields this version does not know are kept through the check, the editor and a save.

Before: Roll & Keep, Facets and Skillful read a file with ``"version": 99`` as their own and dropped every
unknown field from the document their check returned, which is what the builder stores on an import;
Façade refused the version but dropped the fields too.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rollwright.cli import main
from rollwright.errors import ParameterError
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.characters import builder_systems, contract_call
from rollwright.kit.system import System

SYSTEMS = builder_systems()
FUTURE = {"added_in_a_later_version": [1, {"deep": "x"}], "nested": {"a": None}}
"""What a newer builder might add: kept, whatever it holds."""


def sample(system: System) -> dict[str, Any]:
    """The system's first sample character (the sweep's: blank, or its first example)."""
    return copy.deepcopy(REGISTRY[contract_call(system, "check")].param("character").sample_values()[0])


def objects(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every object in the document, its root first."""
    if isinstance(node, dict):
        yield path
        for key, child in node.items():
            yield from objects(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from objects(child, (*path, index))


def at(doc: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def with_future_fields(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with :data:`FUTURE`'s fields in every object it holds."""
    out = copy.deepcopy(doc)
    for path in list(objects(doc)):
        at(out, path).update(copy.deepcopy(FUTURE))
    return out


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_the_blank_character_names_its_version(system: System) -> None:
    version = call(contract_call(system, "new"))["character"].get("version")
    assert isinstance(version, int) and version >= 1


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@pytest.mark.parametrize("operation", ["check", "sheet", "editor", "picker"])
def test_a_file_from_a_newer_builder_is_refused(system: System, operation: str) -> None:
    doc = call(contract_call(system, "new"))["character"]
    doc["version"] += 98
    extra = {"fields": ["rw-w1-trait"]} if operation == "picker" else {}
    with pytest.raises(ParameterError, match=rf"unknown version {doc['version']}; this builder reads .*"
                                             r"a file from a newer builder needs a newer site") as refused:
        call(contract_call(system, operation), {"character": doc, **extra})
    assert refused.value.field == "character"


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_unknown_fields_are_kept_at_every_depth(system: System) -> None:
    original = sample(system)
    doc = with_future_fields(original)
    checked = call(contract_call(system, "check"), {"character": doc})
    stored = checked["character"]  # what the builder saves on an import
    for path in objects(original):
        assert at(stored, path)["added_in_a_later_version"] == FUTURE["added_in_a_later_version"], path
        assert at(stored, path)["nested"] == FUTURE["nested"], path
    warned = {m["path"] for m in checked["messages"] if m["severity"] == "warning" and "kept" in m["text"]}
    assert warned == {".".join(map(str, path)) for path in objects(original)}
    assert checked["valid"] == call(contract_call(system, "check"), {"character": original})["valid"]
    # the editor renders and hands back what the builder then saves; a second check keeps it all again
    edited = call(contract_call(system, "editor"), {"character": stored})["character"]
    assert edited == stored
    assert call(contract_call(system, "check"), {"character": edited})["character"] == stored


def test_the_cli_refuses_a_newer_file_as_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for system in SYSTEMS:
        doc = {**call(contract_call(system, "new"))["character"], "version": 99}
        path = tmp_path / f"{system.id}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        assert main(["character", "validate", str(path)]) == 2
        assert "unknown version 99" in capsys.readouterr().err
