"""Chances and exact values as HTML: a percentage first, the exact fraction beside it only when short.

An exact fraction longer than :data:`~rollwright.kit.numbers.MAX_EXACT_CHARS` never sits in the
flow of a page: it waits behind a small *exact* button (:func:`on_demand`) that shows it
(selectable in one click) with JavaScript on; the browser's ``widgets/exact.js`` handles
every such button on a page and in every live answer. All of it is phrasing content, so it
fits a sentence, a list item or a table cell alike.

>>> chance(Fraction(3, 8))
'<span class="rw-chance">37.5%<span class="rw-exact"> (exactly 3/8)</span></span>'
>>> chance(Fraction(0)), chance(Fraction(1), strong=True)
('<span class="rw-chance">never</span>', '<span class="rw-chance"><strong>always</strong></span>')
>>> "rw-exact-more" in chance(Fraction(1, 3**40)) and "3**40" not in chance(Fraction(1, 3**40))
True
>>> exact_cell(Fraction(1, 8)), exact_cell(Fraction(0)), exact_suffix(Fraction(25, 2)), exact_suffix(Fraction(10, 3))
('1/8', '0', None, '<span class="rw-exact"> (exactly 10/3)</span>')
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.kit.markup import Html, el, text
from rollwright.kit.numbers import chance_text, number_text, short_fraction


def on_demand(value: Fraction | str, *, prefix: str = "exactly ") -> Html:
    """A long exact value behind a button: hidden until asked for, never in the flow.

    >>> html = on_demand(Fraction(1, 10**30))
    >>> 'hidden' in html and 'aria-expanded="false"' in html and "32 digits" in html
    True
    """
    shown = str(Fraction(value)) if not isinstance(value, str) else value
    digits = sum(c.isdigit() for c in shown)
    return el("span", {"class": "rw-exact-more"},
              " ",
              el("button", {"type": "button", "class": "rw-exact-more__button", "aria-expanded": "false",
                            "data-rw-exact-toggle": True, "title": f"Show the exact fraction ({digits} digits)"},
                 "exact", el("span", {"class": "rw-visually-hidden"}, f" fraction, {digits} digits")),
              el("span", {"class": "rw-exact-more__value", "hidden": True}, f"{prefix}{shown}"))


def chance(p: Fraction | str, *, strong: bool = False) -> Html:
    """A chance in a sentence or a cell: ``never``/``always``, else a percentage and its exact
    fraction (in brackets when short, behind a button when long)."""
    p = Fraction(p)
    said = chance_text(p)
    head: object = el("strong", None, said) if strong else said
    return el("span", {"class": "rw-chance"}, head, None if p in (0, 1) else _exact_part(p))


def _exact_part(value: Fraction) -> Html:
    short = short_fraction(value)
    if short is not None:
        return el("span", {"class": "rw-exact"}, f" (exactly {short})")
    return on_demand(value)


def exact_cell(value: Fraction | str) -> Html:
    """The content of an *Exact* column: the fraction when short (``0`` and ``1`` plain), else the button."""
    value = Fraction(value)
    short = short_fraction(value)
    if short is not None:
        return text(short)
    return on_demand(value, prefix="")


def exact_suffix(value: Fraction | str) -> Html | None:
    """`` (exactly 10/3)`` after a rounded number, or the button when long; None when the
    rounded number (:func:`~rollwright.kit.numbers.number_text`) is already exact."""
    value = Fraction(value)
    if Fraction(number_text(value)) == value:
        return None
    return _exact_part(value)


def number(value: Fraction | str) -> Html:
    """A mean or an amount: two decimals at most, then its exact value as :func:`exact_suffix` gives it.

    >>> number(Fraction(7, 2)), number(Fraction(1, 3))
    ('3.5', '0.33<span class="rw-exact"> (exactly 1/3)</span>')
    """
    value = Fraction(value)
    return Html(number_text(value) + (exact_suffix(value) or ""))
