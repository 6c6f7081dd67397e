"""rollwright.kit.limits: every input limit is checked before any parsing work, at each door, with its name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import rollwright.cli as cli
import rollwright.kit.limits as limits
from rollwright.errors import LimitError
from rollwright.kit.api import call_json
from rollwright.kit.limits import (
    MAX_ENTRIES,
    MAX_INT_DIGITS,
    MAX_NAME,
    MAX_NESTING,
    MAX_STRING,
    MAX_TEXT,
    MAX_VALUES,
    check_params,
    check_value,
    load_json,
)
from rollwright.kit.registry import REGISTRY, Param, call, register


def limit_of(fn: Any, *args: Any, **kwargs: Any) -> LimitError:
    with pytest.raises(LimitError) as info:
        fn(*args, **kwargs)
    return info.value


def nested(depth: int, leaf: Any = 0) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


@pytest.fixture
def demo_call() -> Iterator[list[dict[str, Any]]]:
    """A registered call that records what reached it."""
    seen: list[dict[str, Any]] = []

    @register("demo.limits", "Records its parameters.", Param("value", dict, "anything", default={}))
    def _record(value: dict[str, Any]) -> dict[str, Any]:
        seen.append(value)
        return {"ok": True}

    yield seen
    REGISTRY.pop("demo.limits")


def test_limits_have_the_documented_values() -> None:
    assert (MAX_TEXT, MAX_NESTING, MAX_ENTRIES, MAX_VALUES, MAX_STRING, MAX_INT_DIGITS, MAX_NAME) == (
        1_000_000, 32, 1_000, 50_000, 100_000, 40, 100)


def test_json_at_each_cap_is_read_and_one_past_it_is_refused() -> None:
    assert load_json(json.dumps(nested(MAX_NESTING)), "x") == nested(MAX_NESTING)
    assert limit_of(load_json, json.dumps(nested(MAX_NESTING + 1)), "x").limit == "input-nesting"
    assert load_json("9" * MAX_INT_DIGITS, "x") == int("9" * MAX_INT_DIGITS)
    assert limit_of(load_json, "-" + "9" * (MAX_INT_DIGITS + 1), "x").limit == "input-integer"
    assert load_json(json.dumps("x" * (MAX_TEXT - 2)), "x")
    assert limit_of(load_json, json.dumps("x" * (MAX_TEXT - 1)), "x").limit == "input-length"


def test_json_is_measured_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed JSON that is over a limit")

    monkeypatch.setattr(limits.json, "loads", no_parsing)
    for text, limit in [("[" * 100_000, "input-nesting"), ('{"a": ' * 5000 + "1" + "}" * 5000, "input-nesting"),
                        (" " * (MAX_TEXT + 1), "input-length")]:
        assert limit_of(load_json, text, "parameters").limit == limit


def test_brackets_inside_strings_do_not_count_and_broken_strings_do_not_hang() -> None:
    text = json.dumps({"notation": "[" * 5000 + "{" * 5000 + '\\"'})
    assert load_json(text, "x")["notation"].startswith("[[")
    with pytest.raises(json.JSONDecodeError):
        load_json('"' + '\\"[' * 200_000, "x")  # never closed: one linear scan, then json's own error
    with pytest.raises(json.JSONDecodeError):
        load_json('["' + "[" * 100_000, "x")


def test_values_are_walked_without_recursion() -> None:
    deep = nested(100_000)
    err = limit_of(check_value, deep, "demo", ("value",))
    assert (err.limit, err.field) == ("input-nesting", "value") and "flatten" in err.message
    loop: list[Any] = []
    loop.append(loop)
    assert limit_of(check_value, loop, "demo").limit == "input-nesting"
    assert limit_of(check_value, [[0] * 900] * 60, "demo").limit == "input-size"
    assert limit_of(check_value, {"k" * (MAX_STRING + 1): 1}, "demo").limit == "input-string"
    assert limit_of(check_value, (2**200,), "demo").limit == "input-integer"
    check_value({"a": [1, "x", None, 2.5, True, -(10**39)]}, "demo")


def test_each_limit_says_which_it_is_and_how_to_stay_under() -> None:
    for params, limit, advice in [
        ({"v": nested(MAX_NESTING)}, "input-nesting", "flatten"),
        ({"v": list(range(MAX_ENTRIES + 1))}, "input-entries", "send fewer"),
        ({"v": "x" * (MAX_STRING + 1)}, "input-string", "shorten"),
        ({"v": 10**MAX_INT_DIGITS}, "input-integer", "smaller number"),
        ({"v" * (MAX_NAME + 1): 1}, "name-length", "declared name"),
    ]:
        err = limit_of(check_params, "demo.call", params)
        assert err.limit == limit and advice in err.message and err.message.startswith("demo.call: ")
        assert err.to_dict()["kind"] == "limit"


def test_the_registry_checks_limits_before_the_call_runs(demo_call: list[dict[str, Any]]) -> None:
    assert call("demo.limits", {"value": {"a": nested(MAX_NESTING - 3)}}) == {"ok": True}
    err = limit_of(call, "demo.limits", {"value": {"a": nested(MAX_NESTING)}})
    assert (err.limit, err.field) == ("input-nesting", "value")
    assert len(demo_call) == 1
    envelope = json.loads(call_json("demo.limits", '{"value": ' + "[" * 3000 + "]" * 3000 + "}"))
    assert envelope["error"]["kind"] == "limit" and envelope["error"]["limit"] == "input-nesting"
    envelope = json.loads(call_json("demo.limits", '{"value": {"n": ' + "7" * 4301 + "}}"))
    assert envelope["error"]["limit"] == "input-integer" and len(demo_call) == 1


def test_long_names_and_values_are_cut_short_in_messages() -> None:
    envelope = json.loads(call_json("x" * 100_000, "{}"))
    assert envelope["error"]["kind"] == "unknown-call" and len(envelope["error"]["message"]) < 2_000
    envelope = json.loads(call_json("dice.dist", json.dumps({"notation": ["x" * 50_000]})))
    assert envelope["error"]["kind"] == "parameter" and len(envelope["error"]["message"]) < 300


def test_cli_parse_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["roll", "d6", "--seed", "abc"]) == cli.EXIT_INPUT
    err = capsys.readouterr().err
    assert err.splitlines() == [err.strip()] and err.startswith("error: argument --seed:") and "usage" not in err


def test_cli_reports_an_engine_fault_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(cli, "_cmd_calls", broken)
    monkeypatch.delenv(cli.TRACEBACK_ENV, raising=False)
    assert cli.main(["calls"]) == cli.EXIT_BUG
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "RecursionError" in lines[0] and cli.TRACEBACK_ENV in lines[0]
    monkeypatch.setenv(cli.TRACEBACK_ENV, "1")
    with pytest.raises(RecursionError):
        cli.main(["calls"])


def test_the_browser_checks_documents_with_the_engines_limits() -> None:
    """The builder's fallback limits (document-limits.js) are the ones the shell sends (builder_page.py)."""
    import re
    from pathlib import Path

    from rollwright.kit.builder_page import document_limits
    from rollwright.kit.system import System

    script = (Path(__file__).resolve().parents[2] / "site-overrides/assets/rollwright/builder/document-limits.js")
    found = re.search(r"DEFAULT_LIMITS = Object\.freeze\(\{(.*?)\}\);", script.read_text(encoding="utf-8"), re.DOTALL)
    assert found, "document-limits.js has no DEFAULT_LIMITS"
    in_js = {key: int(value.replace("_", "")) for key, value in re.findall(r"(\w+): ([\d_]+)", found.group(1))}
    sent = document_limits(System("demo", "Demo", "", "", "demo", ()))
    assert in_js == {key: value for key, value in sent.items() if key != "lists"}
