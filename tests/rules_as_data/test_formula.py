"""The formula language: exact values, errors with a position, caps, and never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from rollwright.data.formula import MAX_LENGTH, MAX_NESTING, evaluate, parse
from rollwright.errors import FormulaError


@pytest.mark.parametrize(("text", "value"), [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("7 / 2", 3), ("-7 / 2", -4), ("--3", 3), ("min(4, a, 9)", 2),
    ("max(a, b) - abs(-5)", 3), ("ladder[a + 1]", 30), ("2 * ladder[b - 5]", 60), ("a*b", 16),
])
def test_exact_values(text: str, value: int) -> None:
    assert evaluate(text, {"a": 2, "b": 8}, {"ladder": {1: 10, 2: 20, 3: 30}}) == value


@pytest.mark.parametrize(("text", "position", "words"), [
    ("a +", 4, "at the end"), ("a $ 2", 3, "'$' has no meaning"), ("foo(1)", 1, "unknown function 'foo'"),
    ("abs(1, 2)", 1, "takes 1 values"), ("(1 + 2", 7, "to close the '('"), ("1 2", 3, "unexpected '2'"),
    ("9" * 11, 1, "beyond 1,000,000,000"),
])
def test_errors_say_where(text: str, position: int, words: str) -> None:
    with pytest.raises(FormulaError) as caught:
        parse(text)
    assert caught.value.position + 1 == position and words in str(caught.value), str(caught.value)


def test_caps_come_before_work() -> None:
    with pytest.raises(FormulaError, match="longer than the cap"):
        parse("1+" * MAX_LENGTH)
    with pytest.raises(FormulaError, match="nesting deeper"):
        parse("(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1))
    with pytest.raises(FormulaError, match="beyond"):
        evaluate("100000 * 100000", {})
    with pytest.raises(FormulaError, match="division by zero"):
        evaluate("1 / (a - 2)", {"a": 2})


def test_names_and_ladders_are_checked() -> None:
    with pytest.raises(FormulaError, match="did you mean 'might'"):
        evaluate("migth + 1", {"might": 1})
    with pytest.raises(FormulaError, match="has no step 7 \\(it runs from 1 to 3\\)"):
        evaluate("l[7]", {}, {"l": {1: 1, 2: 2, 3: 3}})
    with pytest.raises(FormulaError, match="gives dice, not a number"):
        evaluate("l[1] + 1", {}, {"l": {1: "d6"}})


@given(st.text(alphabet="0123456789abminxs()[],+-*/ ", max_size=60))
def test_any_formula_gives_a_number_or_our_error(text: str) -> None:
    try:
        value = evaluate(text, {"a": 3, "b": -2}, {"l": {0: 1, 1: 5}})
    except FormulaError as error:
        assert 0 <= error.position <= len(text)
    else:
        assert isinstance(value, int)
