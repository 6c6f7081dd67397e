"""Reading a character document's fields by type, each wrong type noted with the field's path.

A saved or imported document can hold anything JSON can: a list where a name
belongs, an object where a rank does. A system reads every field through a
:class:`FieldReader`, which hands back a value of the type the system works
with (or the field's default) and notes each value of another type, so the
check reports it and nothing further down meets a type it does not expect.
What a form can hold as typed stays: text in a number field is kept for the
check to judge (the player may still be typing), a number in a text field
reads as its digits. A missing field (``None``) is no problem: it takes its default.

>>> r = FieldReader()
>>> r.text([1, 2], "attacks.0.trait"), r.number("abc", "traits.brawn"), r.number({}, "wounds.flesh")
('', 'abc', None)
>>> r.items({"name": "Ada"}, "attacks"), r.flag("yes", "skills.0.open"), r.text(12, "name")
([], False, '12')
>>> for note in r.notes:
...     print(note.text)
attacks.0.trait: expected text, got a list; it is left empty.
wounds.flesh: expected a whole number, got an object; it is left empty.
attacks: expected a list, got an object; it is read as empty.
skills.0.open: expected true or false, got text ('yes'); it is read as false.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rollwright.kit.limits import clip


def kind_of(value: Any) -> str:
    """What a JSON value is, in words, for a message.

    >>> [kind_of(v) for v in (None, True, 3, 2.5, "x" * 50, [], {})]
    ['nothing', 'true or false (true)', 'a whole number (3)', 'a number with a fraction (2.5)', "text ('xxxxxxxxxxxxxxxx...)", 'a list', 'an object']
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"true or false ({str(value).lower()})"
    if isinstance(value, int):
        return f"a whole number ({clip(str(value), 20) if value.bit_length() < 200 else 'very long'})"
    if isinstance(value, float):
        return f"a number with a fraction ({value!r})" if math.isfinite(value) else f"a number ({value!r})"
    if isinstance(value, str):
        return f"text ({clip(repr(value), 20)})"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


@dataclass(frozen=True)
class FieldNote:
    """One field of the wrong type: its document path (``attacks.0.trait``) and the message."""

    path: str
    text: str


@dataclass
class FieldReader:
    """Reads fields by type (see the module's example); ``notes`` lists every wrong type it met."""

    notes: list[FieldNote] = field(default_factory=list)

    def _wrong(self, path: str, wanted: str, value: Any, instead: str) -> None:
        self.notes.append(FieldNote(path, f"{path}: expected {wanted}, got {kind_of(value)}; {instead}."))

    def mapping(self, value: Any, path: str) -> Mapping[str, Any]:
        """An object (``{}`` if missing or of another type)."""
        if isinstance(value, Mapping):
            return value
        if value is not None:
            self._wrong(path, "an object", value, "it is read as empty")
        return {}

    def items(self, value: Any, path: str) -> list[Mapping[str, Any]]:
        """A list of objects; an item of another type reads as an empty object (noted)."""
        if value is None:
            return []
        if not isinstance(value, list):
            self._wrong(path, "a list", value, "it is read as empty")
            return []
        return [self.mapping(item, f"{path}.{index}") if item is not None else {} for index, item in enumerate(value)]

    def text(self, value: Any, path: str, default: str = "") -> str:
        """Text; a number reads as its digits; anything else takes ``default`` (noted)."""
        if isinstance(value, str):
            return value
        if value is None:
            return default
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            if not isinstance(value, int) or value.bit_length() < 200:
                return str(value)
        self._wrong(path, "text", value, f"it is read as {default!r}" if default else "it is left empty")
        return default

    def number(self, value: Any, path: str, default: int | None = None) -> int | str | None:
        """A whole number as entered: an int, or text as typed (for the check to judge); else ``default``."""
        if value is None:
            return default
        if (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str):
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
            return int(value)
        instead = "it is left empty" if default is None else f"it is read as {default}"
        self._wrong(path, "a whole number", value, instead)
        return default

    def flag(self, value: Any, path: str, default: bool = False) -> bool:
        """True or false; anything else takes ``default`` (noted)."""
        if isinstance(value, bool):
            return value
        if value is not None:
            self._wrong(path, "true or false", value, f"it is read as {str(default).lower()}")
        return default
