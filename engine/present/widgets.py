"""Interactive widgets: a registry call, a form over its parameters, and a result view.

The whole widget (form and first result) is rendered at build time; in the
browser only the result region is replaced, with HTML from the same view.
Input ranges come from the call's declared parameters, so the form and the
validation can never disagree.

>>> html = render_widget("facade-odds", {"trait": 10, "difficulty": 10}, widget_id="w1")
>>> 'data-rw-widget="facade-odds"' in html and 'max="18"' in html
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import ParameterError
from engine.present import facade_views
from engine.present.markup import Html, el


@dataclass(frozen=True)
class Field:
    """One form control bound to a call parameter."""

    param: str
    label: str
    optional: bool = False
    seed: bool = False  # an empty seed means "pick a random one" in the browser


@dataclass(frozen=True)
class Widget:
    """A widget: the call it makes, its form and how its result is shown."""

    name: str
    title: str
    call: str
    fields: tuple[Field, ...]
    submit: str
    view: Callable[[dict[str, Any]], Html]
    live: str = "submit"  # "submit": answer on the button; "change": answer as inputs change


WIDGETS: dict[str, Widget] = {w.name: w for w in (
    Widget("facade-roller", "Roll a trait", "facade.roll",
           (Field("trait", "Trait"), Field("difficulty", "Difficulty (optional)", optional=True),
            Field("seed", "Seed (optional)", optional=True, seed=True)),
           "Roll", facade_views.roll_view),
    Widget("facade-odds", "Success calculator", "facade.odds",
           (Field("trait", "Trait"), Field("difficulty", "Difficulty")),
           "Calculate", facade_views.odds_view, live="change"),
    Widget("facade-contest", "Active contest", "facade.contest",
           (Field("trait_a", "Side A trait"), Field("trait_b", "Side B trait")),
           "Compare", facade_views.contest_view, live="change"),
)}


def lookup_widget(name: str) -> Widget:
    """The widget called ``name``, or a ParameterError listing the real ones."""
    try:
        return WIDGETS[name]
    except KeyError:
        known = ", ".join(sorted(WIDGETS))
        raise ParameterError(f"no widget named {name!r}; known widgets: {known}", field="widget") from None


def _reader_error(widget: Widget, error: ParameterError, params: Mapping[str, Any]) -> ParameterError:
    """Restate a parameter error in the words of the widget's own form.

    >>> err = ParameterError("facade.odds: 'trait' must be at most 18 (got 30)", field="trait")
    >>> _reader_error(WIDGETS["facade-odds"], err, {"trait": 30}).message
    'Trait: enter a whole number from 1 to 18 (got 30).'
    """
    from engine.api.registry import lookup

    field = next((f for f in widget.fields if f.param == error.field), None)
    if field is None:
        return error
    param = lookup(widget.call).param(field.param)
    label = field.label.split(" (")[0]
    got = f" (got {params[field.param]})" if field.param in params else ""
    return ParameterError(f"{label}: enter a whole number from {param.minimum} to {param.maximum}{got}.",
                          field=field.param)


def render_result(name: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Run the widget's call and render its result region: ``{"widget", "html", "data"}``.

    Parameter errors come back phrased with the form's labels, for the reader.
    """
    from engine.api.registry import call  # late: the registry imports this module's names

    widget = lookup_widget(name)
    try:
        data = call(widget.call, params)
    except ParameterError as error:
        raise _reader_error(widget, error, params) from None
    return {"widget": name, "html": str(widget.view(data)), "data": data}


def _control(widget: Widget, field: Field, value: Any, widget_id: str) -> Html:
    from engine.api.registry import lookup

    param = lookup(widget.call).param(field.param)
    control_id = f"{widget_id}-{field.param}"
    attributes = {
        "id": control_id, "type": "number", "name": field.param, "step": 1, "inputmode": "numeric",
        "min": param.minimum, "max": param.maximum,
        "value": "" if value is None or field.seed else value,
        "data-rw-optional": field.optional, "data-rw-seed": field.seed,
        "aria-describedby": f"{widget_id}-status",
    }
    return el("label", {"class": "rw-field", "for": control_id},
              el("span", {"class": "rw-field__label"}, field.label), el("input", attributes))


def render_widget(name: str, params: Mapping[str, Any], *, widget_id: str) -> Html:
    """The whole widget in its build-time state, ready for the browser to bring to life."""
    widget = lookup_widget(name)
    result = render_result(name, params)
    title_id = f"{widget_id}-title"
    controls = [_control(widget, f, params.get(f.param), widget_id) for f in widget.fields]
    button = el("button", {"type": "submit", "class": "md-button md-button--primary rw-submit"}, widget.submit)
    form = el("form", {"class": "rw-form", "data-rw-form": True, "novalidate": True},
              el("fieldset", {"class": "rw-fields", "disabled": True},
                 el("legend", {"class": "rw-visually-hidden"}, widget.title), controls, button))
    status = el("p", {"class": "rw-status", "id": f"{widget_id}-status", "data-rw-status": True,
                      "role": "status", "aria-live": "polite"},
                "Computed when this page was built. With JavaScript on, this widget answers live.")
    return el("section", {"class": "rw-widget", "id": widget_id, "data-rw-widget": name,
                          "data-rw-live": widget.live, "data-rw-state": "static", "aria-labelledby": title_id},
              el("p", {"class": "rw-widget__title", "id": title_id}, widget.title),
              form, status,
              el("div", {"class": "rw-result", "data-rw-result": True, "aria-live": "polite"},
                 Html(result["html"])))
