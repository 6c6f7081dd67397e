"""Optional values that belong to other fields (a roll and the trait that made it) say so, so that the
browser can clear them when "use my character" (or the reader) changes that field: found for every
widget by trying each optional number against the extremes of every other number field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rollwright.errors import ParameterError
from rollwright.kit import api  # noqa: F401 - loads every system's calls and widgets
from rollwright.kit.registry import REGISTRY, Param, lookup, register
from rollwright.kit.widget import Field, Widget, _REGISTERED, all_widgets, register_widget, render_widget


def _base(widget: Widget) -> dict[str, Any]:
    """The widget's defaults; a required number the widget gives no default takes a middle value."""
    call = lookup(widget.call)
    shown = {f.param for f in widget.fields}
    middle = {p.name: ((p.minimum or 0) + (p.maximum if p.maximum is not None else 20)) // 2
              for p in call.params if p.name in shown and p.required and p.kind is int}
    return middle | {p.name: p.default for p in call.params if p.name in shown and not p.required} \
        | dict(widget.defaults or {})


def _refuses(widget: Widget, params: dict[str, Any]) -> str | None:
    """The field a call's refusal names, or None when it answers."""
    try:
        api.call(widget.call, params)
    except ParameterError as error:
        return error.field or "?"
    return None


def _numbers(widget: Widget, field: Field, every: bool = False) -> list[int]:
    """The extremes a field takes (``every``: also each value from -5 to 40 in its range)."""
    param = lookup(widget.call).param(field.param)
    if param.choices:
        return sorted(param.choices if every else {min(param.choices), max(param.choices)})
    low = -5 if param.minimum is None else param.minimum
    high = 40 if param.maximum is None else param.maximum
    wanted = range(max(low, -5), min(high, 40) + 1) if every else ()
    return sorted({low, high, *wanted})


def dependent_pairs() -> list[tuple[str, str, str]]:
    """(widget, optional field, other field) where a value of the optional field that the call takes becomes
    invalid when only the other field changes."""
    found = []
    for name, widget in sorted(all_widgets().items()):
        call = lookup(widget.call)
        ints = [f for f in widget.fields if call.param(f.param).kind is int and not f.seed]
        base = _base(widget)
        if _refuses(widget, base):
            continue
        for optional in (f for f in ints if f.optional):
            for value in _numbers(widget, optional, every=True):
                given = base | {optional.param: value}
                partners = {f.param: base.get(f.param) for f in ints if f.optional and f is not optional
                            and f.goes_with and set(f.goes_with) & set(optional.goes_with)}
                if _refuses(widget, given):
                    # a pair (two rolls): fill its partners with the value too
                    given |= {p: value for p in partners}
                    if _refuses(widget, given):
                        continue
                for other in (f for f in ints if not f.optional):
                    for extreme in _numbers(widget, other):
                        if _refuses(widget, given | {other.param: extreme}) in {optional.param, *partners}:
                            found.append((name, optional.param, other.param))
                            break
    return sorted(set(found))


def test_every_optional_value_that_depends_on_another_field_goes_with_it() -> None:
    missing = [(w, o, other) for w, o, other in dependent_pairs()
               if other not in next(f for f in all_widgets()[w].fields if f.param == o).goes_with]
    assert missing == []


@pytest.fixture
def blow_call() -> Iterator[str]:
    """A call of this test's own: a roll that only makes sense with the trait it was rolled for."""
    name = "demo-goes.blow"

    @register(name, "A blow: a trait, and optionally the roll it made.",
              Param("trait_a", int, "the trait (1-5)", default=3, minimum=1, maximum=5),
              Param("roll_a", int, "the roll (up to five times the trait)", default=None, minimum=1, maximum=30))
    def blow(trait_a: int, roll_a: int | None) -> dict[str, Any]:
        if roll_a is not None and roll_a > 6 * trait_a:
            raise ParameterError(f"roll_a: {roll_a} is more than {trait_a} dice can roll", field="roll_a")
        return {"trait_a": trait_a, "roll_a": roll_a}

    try:
        yield name
    finally:
        REGISTRY.pop(name, None)
        for widget in [w for w in _REGISTERED if w.startswith("demo-goes")]:
            _REGISTERED.pop(widget)


def test_goes_with_is_found_rendered_and_checked(blow_call: str) -> None:
    register_widget(Widget("demo-goes-blow", "Demo", blow_call, (
        Field("trait_a", "Trait"), Field("roll_a", "Roll", optional=True, goes_with=("trait_a",))), "Go", lambda d: ""))
    assert ("demo-goes-blow", "roll_a", "trait_a") in dependent_pairs()
    html = render_widget("demo-goes-blow", {}, widget_id="w1")
    assert 'name="roll_a"' in html and 'data-rw-goes-with="trait_a"' in html
    with pytest.raises(ValueError, match="only when it is optional"):
        register_widget(Widget("demo-goes", "Demo", blow_call, (
            Field("trait_a", "A"), Field("roll_a", "R", goes_with=("trait_a",))), "Go", lambda data: ""))
    with pytest.raises(ValueError, match="other fields of the widget"):
        register_widget(Widget("demo-goes", "Demo", blow_call, (
            Field("trait_a", "A"), Field("roll_a", "R", optional=True, goes_with=("nowhere",))), "Go", lambda d: ""))
    assert "demo-goes" not in _REGISTERED
