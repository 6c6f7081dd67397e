"""Turning exact numbers into text for people and for JSON.

>>> fraction_text(Fraction(27, 40)), fraction_text(Fraction(1))
('27/40', '1/1')
>>> [percent(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (16, 25), (1, 400), (1, 10**6), (999999, 10**6))]
['0%', '100%', '64%', '0.25%', '<0.01%', '>99.99%']
"""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction) -> str:
    """An exact probability as a reduced ``"p/q"`` string (always with a slash)."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def percent(value: Fraction) -> str:
    """A probability as a short percentage that never rounds to a false 0% or 100%."""
    value = Fraction(value)
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    pct = value * 100
    if pct < Fraction(1, 100):
        return "<0.01%"
    if pct > Fraction(9999, 100):
        return ">99.99%"
    digits = 1 if pct >= 1 else 2
    text = f"{float(pct):.{digits}f}".rstrip("0").rstrip(".")
    return f"{text}%"


def signed(value: int) -> str:
    """``+3``, ``0``, ``-2``."""
    return f"+{value}" if value > 0 else str(value)
