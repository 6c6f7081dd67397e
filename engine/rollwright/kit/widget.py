"""Interactive widgets: a registry call, a form over its parameters, and a result view.

The whole widget (form and first result) is rendered at build time; in the
browser only the result region is replaced, with HTML from the same view.
Each control is derived from the call's declared parameter: a whole number
becomes a number input with its range, a parameter with choices a select, a
true/false a checkbox and text a text box; so the form and the validation can
never disagree. Widgets are defined in each system's ``widgets/`` folder with
:func:`register_widget`.

Two opt-ins, both handled by the browser's generic widget script:

- ``url_key``: the form's state lives in the page's address as ``?<key>.<param>=value``
  (only the values that differ from the page's own), so a link or a reload
  reproduces it; the section carries ``data-rw-url``. Every widget does this: a
  widget without a ``url_key`` uses its name as the key (a short key keeps links short).
- ``log``: keep that many earlier answers in a list under the result (the part
  of each answer the view marks ``data-rw-log-entry``, else the whole result).
- ``keep``: a tracker: its state is also kept in the browser's storage, per game, under a
  name the reader gives it, across tabs, reloads and visits (``data-rw-keep``); see the
  browser's ``widgets/tracker-keep.js``.
- ``from_character``: how a saved character starts the widget (``character -> {"name", "params"}``,
  the system's own reading of its character document); the kit's ``widget.from-character`` call
  answers it, and the section carries ``data-rw-from-character``.

Each control has an empty, hidden slot under it (``data-rw-field-error``) where
the browser shows an error that names its parameter.

>>> from rollwright.kit.registry import REGISTRY, Param, register
>>> @register("demo.double", "Twice a number.", Param("n", int, "the number", minimum=0, maximum=10))
... def _double(n: int) -> dict:
...     return {"value": 2 * n}
>>> _ = register_widget(Widget("demo-double", "Double a number", "demo.double", (Field("n", "Number"),),
...                            "Double", view=lambda data: el("p", None, str(data["value"]))))
>>> html = render_widget("demo-double", {"n": 4}, widget_id="w1")
>>> 'data-rw-widget="demo-double"' in html and 'max="10"' in html and "<p>8</p>" in html
True
>>> render_result("demo-double", {"n": 11})  # errors speak the form's words
Traceback (most recent call last):
...
rollwright.errors.ParameterError: Number: enter a whole number from 0 to 10 (got 11).
>>> @register("demo.pair", "Keep some.", Param("n", int, "dice", minimum=1, maximum=10),
...           Param("k", int, "kept", minimum=1, maximum=10))
... def _pair(n: int, k: int) -> dict:
...     if k > n:
...         raise ParameterError(f"'k' must be at most the dice rolled ({n}); got {k}", field="k")
...     return {"value": k}
>>> _ = register_widget(Widget("demo-pair", "Keep", "demo.pair", (Field("n", "Rolled"), Field("k", "Kept")),
...                            "Keep", view=lambda data: el("p", None, str(data["value"]))))
>>> render_result("demo-pair", {"n": 5, "k": 7})  # a bound set by another field keeps its own words
Traceback (most recent call last):
...
rollwright.errors.ParameterError: Kept: must be at most the dice rolled (5); got 7
>>> _ = _REGISTERED.pop("demo-pair"), REGISTRY.pop("demo.pair")
>>> _ = _REGISTERED.pop("demo-double"), REGISTRY.pop("demo.double")
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from rollwright.errors import ParameterError
from rollwright.kit.answer_space import Space, precompute_plan
from rollwright.kit.discovery import load
from rollwright.kit.markup import AttrValue, Html, el
from rollwright.kit.suggest import unknown
from rollwright.kit.system import system_of


@dataclass(frozen=True)
class Field:
    """One form control bound to a call parameter.

    ``choice_labels`` names a select's options (value -> label); ``hint`` is a short
    line under the control (e.g. the format of a list).
    """

    param: str
    label: str
    optional: bool = False
    seed: bool = False  # an empty seed means "pick a random one" in the browser
    choice_labels: Mapping[Any, str] | None = None
    hint: str | None = None
    used_when: tuple[str, tuple[Any, ...]] | None = None
    """``(other field, values)``: this control only counts while the other field holds one of
    ``values`` (e.g. a custom weapon's damage); otherwise the browser disables it."""
    goes_with: tuple[str, ...] = ()
    """Fields this optional value was entered for (a roll goes with the trait that made it). When a
    change to one of them makes it invalid (the answer's error names this field), the browser
    clears it, and every optional field that goes with one of the same fields, and answers again,
    so a trait filled by "use my character" never leaves the widget in error."""


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
    defaults: Mapping[str, Any] | None = None  # build-time parameters when a page gives none
    url_key: str | None = None  # keep the form's state in the address as ?<url_key>.<param>=value
    log: int = 0  # how many earlier answers to list under the result (0: none)
    log_title: str = "Earlier answers"
    keep: bool = False  # a tracker: its state is kept in the browser's storage under a name
    from_character: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """A saved character as the widget's parameters: ``{"name": the character's name, "params": {...}}``."""
    corners: tuple[Mapping[str, Any], ...] = ()
    """Parameter sets beyond each number's ends and each choice that push the answer hardest (the
    longest text, the biggest numbers), e.g. two big dice pools; the site's tests sweep them all."""


_REGISTERED: dict[str, Widget] = {}


def register_widget(widget: Widget) -> Widget:
    """Add a widget to the registry (names are unique)."""
    if widget.name in _REGISTERED:
        raise ValueError(f"widget {widget.name!r} is registered twice")
    if widget.url_key is not None and not re.fullmatch(r"[a-z][a-z0-9-]{0,15}", widget.url_key):
        raise ValueError(f"widget {widget.name!r}: url_key must be a short lower-case word (got {widget.url_key!r})")
    names = {f.param for f in widget.fields}
    for field in widget.fields:
        if field.goes_with and (not field.optional or not set(field.goes_with) <= names - {field.param}):
            raise ValueError(f"widget {widget.name!r}: field {field.param!r} can only go with other fields of the "
                             f"widget, and only when it is optional (goes_with={field.goes_with!r})")
    if widget.from_character is not None and not widget.keep:
        raise ValueError(f"widget {widget.name!r}: only a kept widget (keep=True) can start from a character")
    keys = [w.url_key for w in _REGISTERED.values() if w.url_key is not None]
    if widget.url_key in keys:
        raise ValueError(f"widget {widget.name!r}: url_key {widget.url_key!r} is taken by another widget")
    _REGISTERED[widget.name] = widget
    return widget


def all_widgets() -> dict[str, Widget]:
    """Every widget, after importing every ``widgets/*.py`` module of the kit and the systems."""
    load("widgets")
    return _REGISTERED


def lookup_widget(name: str) -> Widget:
    """The widget called ``name``, or a ParameterError listing the real ones."""
    widgets = all_widgets()
    try:
        return widgets[name]
    except KeyError:
        raise ParameterError(unknown("widget", name, widgets), field="widget") from None


def _reader_error(widget: Widget, error: ParameterError, params: Mapping[str, Any]) -> ParameterError:
    """Restate a parameter error in the words of the widget's own form (see the module's example)."""
    from rollwright.kit.registry import lookup

    field = next((f for f in widget.fields if f.param == error.field), None)
    if field is None:
        return error
    param = lookup(widget.call).param(field.param)
    label = field.label.split(" (")[0]
    given = str(params.get(field.param, "")).strip()
    got = f" (got {given})" if given else ""
    # Only the parameter's own bounds read as the field's range; a bound that depends on another
    # field (keep at most the dice rolled) keeps its own words, since the range is not the fault.
    own_bounds = (f"must be at least {param.minimum} (", f"must be at most {param.maximum} (", "must be a whole number")
    range_error = any(phrase in error.message for phrase in own_bounds)
    if range_error and param.kind is int and param.choices is None:
        return ParameterError(f"{label}: {_whole_number_wanted(param)}{got}.", field=field.param)
    if "missing required parameter" in error.message:
        return ParameterError(f"{label}: fill this in for this choice.", field=field.param)
    detail = error.message.split(": ", 1)[-1]
    detail = detail.replace(f"'{field.param}' ", "", 1)
    return ParameterError(f"{label}: {detail}", field=field.param)


def _whole_number_wanted(param: Any) -> str:
    """The one phrasing of a whole-number field's rule, e.g. ``enter a whole number from 1 to 18``."""
    if param.minimum is not None and param.maximum is not None:
        return f"enter a whole number from {param.minimum} to {param.maximum}"
    if param.minimum is not None:
        return f"enter a whole number of at least {param.minimum}"
    if param.maximum is not None:
        return f"enter a whole number of at most {param.maximum}"
    return "enter a whole number"


def form_params(widget: Widget, params: Mapping[str, Any]) -> dict[str, Any]:
    """A form's values as its call's parameters: text fields stay text, whole numbers become numbers.

    A form only has text, so a text field holding ``12`` must reach its call as ``"12"`` and a
    number field's ``"12"`` as ``12``; anything else (``"1e3"``, ``"abc"``) is left for the call to
    refuse in the reader's words.

    >>> from rollwright.kit.registry import Param, register, REGISTRY
    >>> @register("demo.echo", "Echo.", Param("who", str, "names"), Param("n", int, "a number", minimum=0, maximum=9))
    ... def _echo(who: str, n: int) -> dict:
    ...     return {"who": who, "n": n}
    >>> w = Widget("demo-echo", "Echo", "demo.echo", (Field("who", "Names"), Field("n", "Number")), "Go", view=str)
    >>> form_params(w, {"who": 12, "n": "7"}), form_params(w, {"who": "Ada", "n": "1e3"})
    ({'who': '12', 'n': 7}, {'who': 'Ada', 'n': '1e3'})
    >>> _ = REGISTRY.pop("demo.echo")
    """
    from rollwright.kit.registry import lookup

    call = lookup(widget.call)
    names = {p.name for p in call.params}
    out = dict(params)
    for field in widget.fields:
        if field.param not in names or field.param not in out:
            continue
        param, value = call.param(field.param), out[field.param]
        if param.kind is str and isinstance(value, int) and not isinstance(value, bool):
            out[field.param] = str(value)
        elif param.kind is int and isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,12}\s*", value):
            out[field.param] = int(value)
    return out


def render_result(name: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Run the widget's call and render its result region: ``{"widget", "html", "data"}``.

    Parameter errors come back phrased with the form's labels, for the reader.
    """
    from rollwright.kit.registry import call  # late: the registry imports this module's names

    widget = lookup_widget(name)
    params = form_params(widget, params)
    try:
        data = call(widget.call, params)
    except ParameterError as error:
        raise _reader_error(widget, error, params) from None
    return {"widget": name, "html": str(widget.view(data)), "data": data}


def _call_defaults(widget: Widget) -> dict[str, Any]:
    """The call's own defaults for the widget's fields: what its answer uses for a field left out,
    and so what the field must show."""
    from rollwright.kit.registry import lookup

    call = lookup(widget.call)
    shown = {field.param for field in widget.fields}
    return {p.name: p.default for p in call.params
            if p.name in shown and not p.required and p.default is not None}


def _in_use(field: Field, params: Mapping[str, Any]) -> bool:
    """Whether a ``used_when`` field counts for these parameters."""
    if field.used_when is None:
        return True
    other, values = field.used_when
    return params.get(other) in values


def _input(widget: Widget, field: Field, value: Any, control_id: str, described_by: str,
           params: Mapping[str, Any]) -> Html:
    """The control for one field, chosen by its parameter's type."""
    from rollwright.kit.registry import lookup

    param = lookup(widget.call).param(field.param)
    kind = "int" if param.kind is int else "text" if param.kind is str else None
    used_when = field.used_when
    common: dict[str, AttrValue] = {"id": control_id, "name": field.param, "aria-describedby": described_by,
              "data-rw-optional": field.optional, "data-rw-seed": field.seed, "data-rw-kind": kind,
              "data-rw-used-when": used_when[0] if used_when else None,
              "data-rw-used-values": " ".join(str(v) for v in used_when[1]) if used_when else None,
              "data-rw-goes-with": " ".join(field.goes_with) or None,
              "disabled": not _in_use(field, params)}
    if param.choices is not None:
        labels = field.choice_labels or {}
        options = [el("option", {"value": choice, "selected": choice == value}, labels.get(choice, str(choice)))
                   for choice in param.choices]
        return el("select", common, options)
    if param.kind is bool:
        return el("input", {**common, "type": "checkbox", "checked": bool(value)})
    if param.kind is int:
        # "use my character" offers the system's character values for a field its parameter marks.
        fills = None if field.seed else param.fills
        # A phone's numeric keypad has no minus sign: only a field that cannot go below 0 asks for it.
        signed = param.minimum is None or param.minimum < 0
        return el("input", {**common, "type": "number", "step": 1, "inputmode": None if signed else "numeric",
                            "data-rw-fill": fills, "min": param.minimum, "max": param.maximum,
                            "value": "" if value is None or field.seed else value})
    return el("input", {**common, "type": "text", "value": "" if value is None else value,
                        "maxlength": param.max_length, "spellcheck": "false", "autocomplete": "off"})


WIDE_TEXT = 40
"""A text field that takes more characters than this is drawn wide (``rw-field--wide``)."""


def _control(widget: Widget, field: Field, params: Mapping[str, Any], widget_id: str) -> Html:
    from rollwright.kit.registry import lookup

    control_id = f"{widget_id}-{field.param}"
    hint_id = f"{control_id}-hint" if field.hint else None
    described_by = " ".join(filter(None, [hint_id, f"{widget_id}-status"]))
    error_id = f"{control_id}-error"
    control = _input(widget, field, params.get(field.param), control_id, f"{described_by} {error_id}", params)
    hint = el("span", {"class": "rw-field__hint", "id": hint_id}, field.hint) if field.hint else None
    error = el("span", {"class": "rw-field__error", "id": error_id, "data-rw-field-error": True, "hidden": True})
    css = "rw-field rw-field--check" if 'type="checkbox"' in control else "rw-field"
    if 'type="text"' in control and (lookup(widget.call).param(field.param).max_length or 0) > WIDE_TEXT:
        css += " rw-field--wide"  # room for what a reader writes there (a plan, a list of dice)
    return el("label", {"class": css, "for": control_id},
              el("span", {"class": "rw-field__label"}, field.label), control, hint, error)


def state_link(url_key: str, state: Mapping[str, AttrValue], text: str, css: str = "md-button",
               focus: str | None = None) -> Html:
    """A link, for a view, that puts the widget keyed ``url_key`` in ``state`` on the same page: the
    browser's address-state script applies it in place (no reload). A value the state leaves out
    goes back to the page's own. Followed by keyboard, the focus passes to the link at the same
    place in the next answer, or to the link with the same ``focus`` name if it has one.

    >>> state_link("ft", {"spent": "Wind 5", "n": 5}, "Spend 5")
    '<a href="?ft.spent=Wind+5&amp;ft.n=5" class="md-button">Spend 5</a>'
    >>> state_link("t", {"phase": 2}, "On to phase 2", focus="next")
    '<a href="?t.phase=2" class="md-button" data-rw-focus="next">On to phase 2</a>'
    """
    query = urlencode({f"{url_key}.{name}": value for name, value in state.items()})
    return el("a", {"href": f"?{query}", "class": css, "data-rw-focus": focus}, text)


def _log(widget: Widget, widget_id: str) -> Html | None:
    """The (empty, hidden) list of earlier answers, filled by the browser."""
    if widget.log <= 0:
        return None
    title_id = f"{widget_id}-log-title"
    return el("div", {"class": "rw-log", "data-rw-log-box": True, "hidden": True},
              el("p", {"class": "rw-log__title", "id": title_id}, widget.log_title),
              el("ol", {"class": "rw-log__list", "data-rw-log": True, "data-rw-log-size": widget.log,
                        "aria-labelledby": title_id}))


ANSWER_OVERHEAD = 80
"""Bytes an answer file adds to its result's HTML (the envelope, the widget's name, JSON escapes)."""


def precomputed_space(widget: Widget, html_bytes: int, state: Mapping[str, Any]) -> Space | None:
    """The widget's input space when the site answers it at build time (:mod:`rollwright.kit.answer_space`),
    judged from the size of one answer (its build-time result's HTML) and the page's state."""
    return precompute_plan(widget, html_bytes + ANSWER_OVERHEAD, state)[0]


def python_when(widget: Widget) -> str:
    """When a widget that is not precomputed needs Python: ``first`` (at once: it answers as the reader types,
    or its inputs are too many) or ``asked`` (a widget answered on its button, e.g. a roller: when the reader
    first uses it, or sooner when the browser is idle on a fast connection)."""
    return "asked" if widget.live == "submit" else "first"


def render_widget(name: str, params: Mapping[str, Any], *, widget_id: str) -> Html:
    """The whole widget in its build-time state, ready for the browser to bring to life."""
    widget = lookup_widget(name)
    params = {**_call_defaults(widget), **(widget.defaults or {}), **params}
    result = render_result(name, params)
    title_id = f"{widget_id}-title"
    controls = [_control(widget, f, params, widget_id) for f in widget.fields]
    button = el("button", {"type": "submit", "class": "md-button md-button--primary rw-submit"}, widget.submit)
    # The form's labels and options and the status line are chrome, not content: the search index
    # leaves them out (Material's data-search-exclude), so a snippet reads the answer, not "Expression 1Label 1".
    form = el("form", {"class": "rw-form", "data-rw-form": True, "novalidate": True, "data-search-exclude": True},
              el("fieldset", {"class": "rw-fields", "disabled": True},
                 el("legend", {"class": "rw-visually-hidden"}, widget.title), controls, button))
    status = el("p", {"class": "rw-status", "id": f"{widget_id}-status", "data-rw-status": True,
                      "role": "status", "aria-live": "polite", "data-search-exclude": True},
                "Computed when this page was built. With JavaScript on, this widget answers live.")
    system = system_of(widget.call)
    space = precomputed_space(widget, len(result["html"]), params)
    return el("section", {"class": "rw-widget", "id": widget_id, "data-rw-widget": name,
                          "data-rw-system": system.id if system else None, "data-rw-live": widget.live,
                          "data-rw-url": widget.url_key or widget.name, "data-rw-state": "static",
                          "data-rw-space": space.to_json() if space else None,
                          "data-rw-python": None if space else python_when(widget),
                          "data-rw-keep": widget.keep, "data-rw-from-character": widget.from_character is not None,
                          "aria-labelledby": title_id},
              el("p", {"class": "rw-widget__title", "id": title_id}, widget.title),
              form, status,
              el("div", {"class": "rw-result", "data-rw-result": True, "aria-live": "polite"},
                 Html(result["html"])),
              _log(widget, widget_id))
