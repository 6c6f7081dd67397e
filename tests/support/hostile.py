"""The hostile-input corpus (``tests/data/hostile_inputs.json``): loading it and expanding its markers.

Cases are data so that every door (the CLI, the registry, the browser) reads the same list.
Inputs too large to write out are written as markers, expanded here:

- ``{"$repeat": "ab", "times": 3}``: the text ``"ababab"``;
- ``{"$digits": 5000}``: a whole number of 5,000 nines (``-`` in front with ``"negative": true``);
- ``{"$nest": VALUE, "depth": 3}``: VALUE inside 3 lists (``"as": "object"``: objects keyed ``"a"``);
- ``{"$list": VALUE, "times": 1001}``: a list holding VALUE 1,001 times;
- ``{"$keys": TEXT, "times": 3, "value": VALUE}``: an object whose keys are TEXT + "0", "1", "2", each
  holding VALUE (TEXT may be a ``$repeat`` marker);
- ``{"$float": "nan"}``: a float JSON cannot write (NaN, Infinity), as Python's reader accepts it.

:func:`value` builds the Python value; :func:`json_text` writes JSON text straight from the
markers, so nesting thousands deep never goes through a recursive writer.

>>> json_text({"a": {"$nest": 1, "depth": 3}, "b": {"$digits": 3}})
'{"a": [[[1]]], "b": 999}'
>>> value({"$nest": {"$repeat": "x", "times": 2}, "depth": 2, "as": "object"})
{'a': {'a': 'xx'}}
>>> text(["[", {"$repeat": "1,", "times": 2}, "1]"])
'[1,1,1]'
>>> value({"$keys": "p", "times": 2, "value": 0}) == json.loads(json_text({"$keys": "p", "times": 2, "value": 0}))
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hostile_inputs.json"
EXPECTATIONS = ("refused", "answered", "either")


def load() -> dict[str, Any]:
    """The corpus as stored (markers not expanded)."""
    with open(CORPUS, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def cases(where: str) -> list[dict[str, Any]]:
    """Every case tagged as applying to ``where`` ("cli", "registry" or "character-file")."""
    return [case for case in load()["cases"] if where in case["applies"]]


def stores() -> list[dict[str, Any]]:
    """The saved-store cases: an envelope the browser finds under a system's key (see ``about_stores``)."""
    return list(load()["stores"])


def store_text(case: dict[str, Any]) -> str:
    """The stored text of a store case: its ``raw`` text, or its ``store`` written as JSON."""
    return text(case["raw"]) if "raw" in case else json_text(case["store"])


def _marker(node: Any) -> str | None:
    if isinstance(node, dict):
        keys = [key for key in node if key.startswith("$")]
        return keys[0] if keys else None
    return None


def value(node: Any) -> Any:
    """The Python value a marker tree stands for (nesting built by a loop, not recursion)."""
    kind = _marker(node)
    if kind == "$repeat":
        return node["$repeat"] * node["times"]
    if kind == "$digits":
        number = 10 ** node["$digits"] - 1
        return -number if node.get("negative") else number
    if kind == "$float":
        return float(node["$float"])
    if kind == "$list":
        return [value(node["$list"]) for _ in range(node["times"])]
    if kind == "$keys":
        return {f"{text(node['$keys'])}{i}": value(node["value"]) for i in range(node["times"])}
    if kind == "$nest":
        inner = value(node["$nest"])
        for _ in range(node["depth"]):
            inner = {"a": inner} if node.get("as") == "object" else [inner]
        return inner
    if isinstance(node, dict):
        return {key: value(item) for key, item in node.items()}
    if isinstance(node, list):
        return [value(item) for item in node]
    return node


def json_text(node: Any) -> str:
    """JSON text for a marker tree, written without recursion over the nesting markers."""
    kind = _marker(node)
    if kind == "$repeat":
        return json.dumps(node["$repeat"] * node["times"])
    if kind == "$digits":
        return ("-" if node.get("negative") else "") + "9" * node["$digits"]
    if kind == "$float":
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}[node["$float"]]
    if kind == "$list":
        return "[" + ",".join([json_text(node["$list"])] * node["times"]) + "]"
    if kind == "$keys":
        item = json_text(node["value"])
        return "{" + ", ".join(f"{json.dumps(text(node['$keys']) + str(i))}: {item}" for i in range(node["times"])) + "}"
    if kind == "$nest":
        depth, inner = node["depth"], json_text(node["$nest"])
        if node.get("as") == "object":
            return '{"a": ' * depth + inner + "}" * depth
        return "[" * depth + inner + "]" * depth
    if isinstance(node, dict):
        return "{" + ", ".join(f"{json.dumps(key)}: {json_text(item)}" for key, item in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(json_text(item) for item in node) + "]"
    return json.dumps(node)


def text(spec: Any) -> str:
    """A text given as a string, a ``$repeat`` marker, ``{"json": tree}`` or a list of those, joined."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, list):
        return "".join(text(part) for part in spec)
    if isinstance(spec, dict) and "json" in spec:
        return json_text(spec["json"])
    if _marker(spec) == "$repeat":
        return str(value(spec))
    raise ValueError(f"not a text spec: {spec!r}")


def document_text(case: dict[str, Any]) -> str:
    """The content of a character-file case: its ``raw`` text, or its ``document`` written as JSON."""
    return text(case["raw"]) if "raw" in case else json_text(case["document"])


def expectation(case: dict[str, Any], where: str) -> str:
    """What must happen at ``where``: a case's ``expect`` is one word or one per door."""
    expect = case["expect"]
    found = expect if isinstance(expect, str) else expect[where]
    if found not in EXPECTATIONS:
        raise ValueError(f"case {case['id']}: unknown expectation {found!r}")
    return str(found)
