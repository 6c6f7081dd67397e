"""Form controls bound to places in a character document, for any system's builder editor.

Every control carries ``data-rw-path`` (where its value lives in the document,
e.g. ``skills.0.focuses.1.name``), ``data-rw-type`` (how the browser reads it
back: ``int``, ``number``, ``optional-int``, ``text``, ``choice``,
``optional-choice`` or ``bool``) and a stable ``id`` made from the path, so the
shared builder script can collect the document back from the form and put the
focus back where it was after a re-render. A form never judges the document
(the system's check does); it shows whatever it is given, even a half-typed draft.

>>> html = number("attributes.agility", "Agility", 4, 0, 6)
>>> 'id="rw-c-attributes-agility"' in html and 'data-rw-path="attributes.agility"' in html
True
>>> 'value="Ada &lt;3"' in text_input("name", "Name", "Ada <3")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.kit.markup import AttrValue, Html, el

NAME_MAX = 80
"""Longest name a text field takes unless told otherwise."""


def control_id(path: str) -> str:
    """The stable element id of the control bound to ``path``.

    >>> control_id("skills.0.focuses.1.name")
    'rw-c-skills-0-focuses-1-name'
    """
    return "rw-c-" + path.replace(".", "-")


def as_mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def as_items(value: Any) -> list[Mapping[str, Any]]:
    """A list's items as mappings (anything unreadable shows as an empty item)."""
    return [as_mapping(item) for item in value] if isinstance(value, list) else []


def shown(value: Any) -> str:
    if value is None or isinstance(value, (dict, list)):
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def labelled(control: Html, path: str, label: str, css: str = "rw-field") -> Html:
    return el("label", {"class": css, "for": control_id(path)},
              el("span", {"class": "rw-field__label"}, label), control)


def bound(path: str, kind: str, on_change: str | None) -> dict[str, AttrValue]:
    return {"id": control_id(path), "name": path, "data-rw-path": path, "data-rw-type": kind,
            "data-rw-on-change": on_change}


def number(path: str, label: str, value: Any, minimum: int, maximum: int, *,
           step: str = "1", kind: str = "int") -> Html:
    """A number input with its range (the range is a hint: the engine's check judges).

    A phone's digits-only keypad (``inputmode`` numeric or decimal) has no minus key, so a field that can go
    below 0 asks for none and gets the number keyboard, which has one.

    >>> 'inputmode' in number("pools.Wind.current", "Wind", 60, -999, 999), 'inputmode="numeric"' in number("a", "A", 1, 0, 9)
    (False, True)
    """
    signed = minimum < 0
    keypad = None if signed else "decimal" if step != "1" else "numeric"
    attrs = {**bound(path, kind, None), "type": "number", "inputmode": keypad,
             "min": minimum, "max": maximum, "step": step, "value": shown(value)}
    return labelled(el("input", attrs), path, label)


def text_input(path: str, label: str, value: Any, *, suggestions: str | None = None,
               wide: bool = False, max_length: int = NAME_MAX) -> Html:
    """A name input (at most ``max_length`` characters), optionally with a datalist of suggestions."""
    attrs = {**bound(path, "text", None), "type": "text", "maxlength": max_length, "value": shown(value),
             "list": suggestions, "autocomplete": "off", "spellcheck": "false" if suggestions else None}
    css = "rw-field rw-field--wide" if wide else "rw-field"
    return labelled(el("input", attrs), path, label, css)


def select(path: str, label: str, value: Any, options: Mapping[str, str], *,
           kind: str = "choice", on_change: str | None = None) -> Html:
    """A select; a value it does not know stays selectable, so nothing is lost on a re-render."""
    current = "" if value is None else shown(value)
    choices = dict(options)
    if current not in choices:
        choices[current] = f"{current} (not an option)" if current else "(none)"
    items = [el("option", {"value": v, "selected": v == current}, shown) for v, shown in choices.items()]
    return labelled(el("select", bound(path, kind, on_change), items), path, label)


def checkbox(path: str, label: str, value: Any, *, on_change: str | None = None) -> Html:
    control = el("input", {**bound(path, "bool", on_change), "type": "checkbox", "checked": value is True})
    return labelled(control, path, label, "rw-field rw-field--check")


def hidden(path: str, value: Any, kind: str) -> Html:
    """A value the current settings do not let the player edit, kept so nothing typed is lost."""
    return el("input", {**bound(path, kind, None), "type": "hidden", "value": shown(value)})


def button(action: str, path: str, label: str, *, disabled: bool = False, remove: bool = False) -> Html:
    """An add or remove button; its id is stable so the focus can come back to it."""
    css = "md-button rw-editor__remove" if remove else "md-button rw-editor__add"
    return el("button", {"type": "button", "class": css, "id": f"rw-c-{action}-{path.replace('.', '-')}",
                         "data-rw-action": action, "data-rw-target": path, "disabled": disabled}, label)


def group(legend: str, *children: object, css: str = "rw-editor__group", **data: AttrValue) -> Html:
    return el("fieldset", {"class": css, **{f"data-rw-{k}": v for k, v in data.items()}},
              el("legend", None, legend), *children)


