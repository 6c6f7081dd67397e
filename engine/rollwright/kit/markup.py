"""A tiny, escaping HTML builder.

Plain ``str`` children and attribute values are always escaped; only values
already wrapped in :class:`Html` pass through. That keeps user text out of
markup in both runtimes without a template engine.

>>> el("p", {"class": "note"}, "3 < 4 & ", el("b", None, "bold"))
'<p class="note">3 &lt; 4 &amp; <b>bold</b></p>'
>>> el("input", {"type": "number", "disabled": True, "hidden": False})
'<input type="number" disabled>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

VOID_TAGS = frozenset({"input", "br", "hr", "img", "meta", "link"})

AttrValue = str | int | float | bool | None


class Html(str):
    """A string of markup that is safe to insert as is."""

    __slots__ = ()


def text(value: object) -> Html:
    """Escape any value into safe markup text.

    >>> text("<script>")
    '&lt;script&gt;'
    """
    if isinstance(value, Html):
        return value
    return Html(escape(str(value), quote=True))


def _children(items: Iterable[object]) -> str:
    parts: list[str] = []
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, (str, int, float)):
            parts.append(text(item))
        elif isinstance(item, Iterable):
            parts.append(_children(item))  # nested iterables of children
        else:
            raise TypeError(f"cannot put a {type(item).__name__} into HTML; pass text or markup")
    return "".join(parts)


def attrs(values: Mapping[str, AttrValue] | None) -> str:
    """Render attributes; ``True`` gives a bare attribute, ``None``/``False`` drops it."""
    if not values:
        return ""
    out: list[str] = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def el(tag: str, attributes: Mapping[str, AttrValue] | None = None, *children: object) -> Html:
    """One element with escaped attributes and children."""
    if tag in VOID_TAGS:
        return Html(f"<{tag}{attrs(attributes)}>")
    return Html(f"<{tag}{attrs(attributes)}>{_children(children)}</{tag}>")


def join(parts: Iterable[object]) -> Html:
    """Concatenate children into one safe string."""
    return Html(_children(parts))
