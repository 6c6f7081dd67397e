"""Numbers a person can read (issue 28), in every widget's answer at its corners and in every table.

Each widget is rendered at its defaults, at each number's ends, with each choice, each
box flipped, and at the worst cases it declares (``Widget.corners``); every answer and
every registered table must be free of what :mod:`tests.support.readable` looks for: exact
fractions too long to read, "exactly 0/1", hedged plurals, wrong ordinals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rollwright.errors import ParameterError
from rollwright.kit.registry import lookup
from rollwright.kit.tables import all_tables, render_table
from rollwright.kit.widget import Widget, _call_defaults, all_widgets, render_result
from tests.support.readable import faults


def corner_params(widget: Widget) -> Iterator[dict[str, Any]]:
    """The widget's defaults, then each number at its ends, each choice, each box flipped, all numbers
    at their lowest and at their highest together, and the widget's own worst cases."""
    call = lookup(widget.call)
    base: dict[str, Any] = {**_call_defaults(widget), **(widget.defaults or {})}
    yield dict(base)
    numbers = []
    for field in widget.fields:
        param = call.param(field.param)
        if param.choices is not None:
            for choice in param.choices:
                yield {**base, field.param: choice}
        elif param.kind is bool:
            yield {**base, field.param: not base.get(field.param, False)}
        elif param.kind is int and not field.seed:
            numbers.append(param)
            for end in (param.minimum, param.maximum):
                if end is not None:
                    yield {**base, field.param: end}
    for end in ("minimum", "maximum"):
        yield {**base, **{p.name: getattr(p, end) for p in numbers if getattr(p, end) is not None}}
    for corner in widget.corners:
        yield {**base, **corner}


def _answers(widget: Widget) -> Iterator[tuple[Mapping[str, Any], str]]:
    for params in corner_params(widget):
        try:
            yield params, render_result(widget.name, params)["html"]
        except ParameterError:
            continue  # a corner the rules refuse (e.g. a pool keeping more dice than it rolls)


@pytest.mark.parametrize("name", sorted(all_widgets()))
def test_every_widget_answer_reads_at_its_corners(name: str) -> None:
    widget = all_widgets()[name]
    found = {}
    answered = 0
    for params, html in _answers(widget):
        answered += 1
        for fault in faults(html):
            found.setdefault(fault.split(":")[0], (fault, dict(params)))
    assert answered, f"{name}: no corner gave an answer"
    assert not found, f"{name}: " + "\n".join(f"{fault} with {params}" for fault, params in found.values())


def test_the_declared_corners_are_answers_not_errors() -> None:
    for widget in all_widgets().values():
        for corner in widget.corners:
            render_result(widget.name, {**(widget.defaults or {}), **corner})


@pytest.mark.parametrize("name", sorted(all_tables()))
def test_every_reference_table_reads(name: str) -> None:
    assert faults(render_table(all_tables()[name].build())) == []
