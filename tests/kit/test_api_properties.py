"""Hypothesis: whatever a page or a script sends, every call of every system answers or refuses in its own words."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.errors import RollwrightError
from rollwright.kit.api import call, call_json, describe
from rollwright.kit.widget import all_widgets

CALL_NAMES = [c["name"] for c in describe()]
PARAM_NAMES = sorted({p["name"] for c in describe() for p in c["params"]} | {"bogus"})
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**6, max_value=10**6), st.text(max_size=30),
    st.sampled_from(["2d6", "10k5", "od20", "d8!", "d1!", "((1", *sorted(all_widgets())]),
    st.floats(allow_nan=True), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["trait", "difficulty", "seed", "trait_a", "trait_b"]),
                    st.integers(min_value=-5, max_value=60), max_size=4),
)
PARAMS = st.dictionaries(st.sampled_from(PARAM_NAMES), VALUES, max_size=5)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(CALL_NAMES), params=PARAMS)
def test_any_params_give_a_result_or_an_engine_error(name: str, params: dict) -> None:
    try:
        result = call(name, params)
    except RollwrightError as error:
        assert error.message and error.to_dict()["kind"] != "internal"
    else:
        assert json.loads(json.dumps(result)) == result


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(CALL_NAMES + ["nope"]), raw=st.text(max_size=60))
def test_call_json_always_returns_an_envelope_and_never_an_internal_error(name: str, raw: str) -> None:
    envelope = json.loads(call_json(name, raw))
    assert envelope["ok"] in (True, False)
    if not envelope["ok"]:
        assert envelope["error"]["kind"] != "internal", envelope
