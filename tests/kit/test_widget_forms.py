"""A widget's form speaks text: every field reaches its call with the right type, and every
refusal reads the same way ("enter a whole number from X to Y"), for every system's widgets."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rollwright.errors import ParameterError
from rollwright.kit import api  # noqa: F401 - loads every system's calls and widgets
from rollwright.kit.markup import el
from rollwright.kit.registry import REGISTRY, Param, lookup, register
from rollwright.kit.widget import _REGISTERED, Field, Widget, all_widgets, form_params, register_widget, render_result


@pytest.fixture
def demo() -> Iterator[str]:
    @register("demo.names", "Names and a count.", Param("names", str, "names", max_length=40),
              Param("count", int, "how many", minimum=1, maximum=6))
    def _names(names: str, count: int) -> dict:
        return {"names": names, "count": count}

    register_widget(Widget("demo-names", "Names", "demo.names", (Field("names", "Names"), Field("count", "Count")),
                           "Go", lambda data: el("p", None, f"{data['names']}×{data['count']}")))
    yield "demo-names"
    REGISTRY.pop("demo.names")
    _REGISTERED.pop("demo-names")


def test_a_text_field_holding_a_number_stays_text(demo: str) -> None:
    """The cooperation calculator's bug class: one helper "12" came as the number 12 and was refused."""
    assert render_result(demo, {"names": 12, "count": "3"})["data"] == {"names": "12", "count": 3}


@pytest.mark.parametrize("given", ["", "   ", "1e3", "abc", "2.5", 0, 7])
def test_every_whole_number_refusal_reads_the_same(demo: str, given: object) -> None:
    with pytest.raises(ParameterError) as refused:
        render_result(demo, {"names": "Ada", "count": given})
    shown = str(given).strip()
    expected = "Count: enter a whole number from 1 to 6" + (f" (got {shown})." if shown else ".")
    assert refused.value.message == expected and refused.value.field == "count"


def test_every_widget_text_field_takes_digits_as_text() -> None:
    """For every system: a text field given only digits reaches its call as text, never as a number."""
    checked = 0
    for widget in all_widgets().values():
        call = lookup(widget.call)
        for field in widget.fields:
            param = call.param(field.param)
            if param.kind is str and param.choices is None:
                assert form_params(widget, {field.param: 12})[field.param] == "12", (widget.name, field.param)
                checked += 1
    assert checked > 0


def test_controls_carry_their_parameter_kind(demo: str) -> None:
    from rollwright.kit.widget import render_widget

    html = render_widget(demo, {"names": "Ada", "count": 2}, widget_id="w1")
    assert re.search(r'name="names"[^>]*data-rw-kind="text"', html)
    assert re.search(r'name="count"[^>]*data-rw-kind="int"', html)


@pytest.fixture
def with_defaults() -> Iterator[str]:
    @register("demo.defaults", "A call whose parameters have defaults.",
              Param("careful", bool, "take care", default=True), Param("tries", int, "how many", default=3,
                                                                        minimum=1, maximum=6),
              Param("name", str, "a name", default="Ada", max_length=20))
    def _defaults(careful: bool, tries: int, name: str) -> dict:
        return {"careful": careful, "tries": tries, "name": name}

    fields = (Field("careful", "Careful"), Field("tries", "Tries"), Field("name", "Name"))
    register_widget(Widget("demo-defaults", "Defaults", "demo.defaults", fields, "Go",
                           lambda data: el("p", None, repr(sorted(data.items())))))
    yield "demo-defaults"
    REGISTRY.pop("demo.defaults")
    _REGISTERED.pop("demo-defaults")


@pytest.mark.parametrize("page_params", [{}, {"tries": 5}], ids=["none", "one"])
def test_controls_show_the_values_the_answer_used(with_defaults: str, page_params: dict) -> None:
    """A field the page leaves out shows the call's own default, the value its build-time answer used
    (a checkbox whose parameter defaults to true was shown unticked, and a number field empty)."""
    from rollwright.kit.widget import render_widget

    html = render_widget(with_defaults, page_params, widget_id="w1")
    tries = page_params.get("tries", 3)
    assert re.search(r'<input[^>]*name="careful"[^>]*type="checkbox"[^>]*checked', html), html
    assert re.search(rf'<input[^>]*name="tries"[^>]*value="{tries}"', html), html
    assert re.search(r'<input[^>]*name="name"[^>]*value="Ada"', html), html
    assert f"(&#x27;tries&#x27;, {tries})" in html or f"('tries', {tries})" in html
