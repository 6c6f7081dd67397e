"""The hostile-input corpus through the registry: ``call`` with Python values, ``call_json`` with JSON text.

Only the engine's own errors may come back (never ``kind: internal``); a case that names a
``limit`` or a ``kind`` must be refused with exactly that. Character documents go to the
builder contract calls of the system the document names (every builder system when it names
none that exists), as the CLI and the builder page send them. ``check`` and ``sheet`` read the
document, so they refuse what the CLI refuses; ``editor`` and ``picker`` take a document in any
state, so they refuse only what is over an input limit (cases with a ``limit``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollwright.errors import RollwrightError
from rollwright.kit.api import call, call_json, describe
from rollwright.kit.characters import builder_systems, contract_call, system_for_document
from tests.support import hostile

CALLS = describe()
CONTRACT_PARAMS = {"check": {}, "sheet": {"format": "text"}, "editor": {"action": "render"},
                   "picker": {"fields": ["rw-w1-trait"]}}
"""Each contract call the corpus exercises, with its other parameters."""
ANY_STATE = ("editor", "picker")
"""Contract calls that take a document in any state (they need not refuse an unreadable one)."""


def expect_error(case: dict[str, Any], error: dict[str, Any], where: str) -> None:
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


@pytest.mark.parametrize("case", [c for c in hostile.cases("registry") if not c.get("every_call")],
                         ids=lambda case: case["id"])
def test_registry_calls(case: dict[str, Any]) -> None:
    expect = hostile.expectation(case, "registry")
    name = hostile.value(case["call"])
    through_call(case, expect, name, hostile.value(case["params"]), name[:40])
    through_json(case, expect, name, hostile.json_text(case["params"]), name[:40])


@pytest.mark.parametrize("case", [c for c in hostile.cases("registry") if c.get("every_call")],
                         ids=lambda case: case["id"])
def test_every_parameter_of_every_call(case: dict[str, Any]) -> None:
    expect = hostile.expectation(case, "registry")
    value, text = hostile.value(case["value"]), hostile.json_text(case["value"])
    for entry in CALLS:
        for param in [p["name"] for p in entry["params"]] or ["bogus"]:
            where = f"{entry['name']}({param})"
            through_call(case, expect, entry["name"], {param: value}, where)
            through_json(case, expect, entry["name"], f'{{"{param}": {text}}}', where)


def _contract_names(document: Any) -> list[tuple[str, str]]:
    """(operation, call name) of the contract calls a document goes to."""
    try:
        systems = [system_for_document(document)]
    except RollwrightError:
        systems = builder_systems()
    return [(op, contract_call(system, op)) for system in systems for op in CONTRACT_PARAMS]


@pytest.mark.parametrize("case", hostile.cases("character-file"), ids=lambda case: case["id"])
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
