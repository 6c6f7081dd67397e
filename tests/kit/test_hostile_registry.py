"""The hostile-input corpus through the registry: ``call`` with Python values, ``call_json`` with JSON text.

Only the engine's own errors may come back (never ``kind: internal``); a case that names a
``limit`` or a ``kind`` must be refused with exactly that. (The corpus's character documents carry no
schema, so they are the documents of the flagship's game that reads unmarked ones:
tests/systems/facade/character/test_hostile_documents.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from rollwright.kit.api import describe
from tests.support import hostile
from tests.support.hostile_doors import through_call, through_json

CALLS = describe()


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
