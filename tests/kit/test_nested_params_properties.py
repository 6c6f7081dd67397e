"""Hypothesis over nested JSON shapes: every registered call answers or refuses in the engine's own words.

Values are lists and objects of any shape, a few levels deep, sometimes wrapped to straddle the
nesting cap; they go to each call's own parameters (and a bogus one) through ``call`` and
``call_json``. Whatever the shape: a plain JSON result or a RollwrightError that is not
``internal``; nested past the cap, always an input limit (``input-nesting``, unless another
limit is hit first).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import RollwrightError
from rollwright.kit.api import call, call_json, describe
from rollwright.kit.limits import MAX_NESTING

CALLS = {c["name"]: [p["name"] for p in c["params"]] + ["bogus"] for c in describe()}
KEYS = st.one_of(st.text(max_size=8), st.sampled_from(["name", "level", "skills", "id", "trait", "schema", "version",
                                                       "character", "notation", "__proto__"]))
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**45, max_value=10**45),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                   st.sampled_from(["2d6", "10k5", "d8!", "4d6kh3", "", "skills.0", "add", "render", "\ud800"]))
SHAPES = st.recursive(LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(KEYS, inner, max_size=4)), max_leaves=24)


def nest(value: Any, depth: int, as_object: bool) -> Any:
    for _ in range(depth):
        value = {"a": value} if as_object else [value]
    return value


def depth_of(value: Any) -> int:
    """Containers on the deepest path (0 for a plain value)."""
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    return 0


VALUES = st.one_of(SHAPES, st.builds(nest, SHAPES, st.integers(MAX_NESTING - 6, MAX_NESTING + 4), st.booleans()))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(CALLS)))
def test_nested_shapes_give_a_result_or_an_engine_error(data: st.DataObject, name: str) -> None:
    params = data.draw(st.dictionaries(st.sampled_from(CALLS[name]), VALUES, max_size=3))
    too_deep = depth_of(params) > MAX_NESTING  # the parameters' own object counts as one level
    try:
        result = call(name, params)
    except RollwrightError as error:
        found = error.to_dict()
        assert found["kind"] != "internal" and error.message
        if too_deep:
            assert str(found.get("limit")).startswith("input-"), found
    else:
        assert not too_deep
        json.dumps(result)
    envelope = json.loads(call_json(name, json.dumps(params)))
    if not envelope["ok"]:
        assert envelope["error"]["kind"] != "internal", envelope
        if too_deep:
            assert str(envelope["error"].get("limit")).startswith("input-"), envelope
    else:
        assert not too_deep
