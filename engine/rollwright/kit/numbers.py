"""Turning exact numbers into text for people and for JSON.

>>> fraction_text(Fraction(27, 40)), fraction_text(Fraction(1))
('27/40', '1/1')
>>> [percent(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (16, 25), (1, 400), (1, 10**6), (999999, 10**6))]
['0%', '100%', '64%', '0.25%', '<0.01%', '>99.99%']
>>> percent(Fraction(9997, 10000)), percent(Fraction(9994, 10000))
('99.97%', '99.9%')
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
    n, d = value.numerator, value.denominator  # whole-number comparisons: long tables call this a lot
    if n == 0:
        return "0%"
    if n == d:
        return "100%"
    if n * 10000 < d:
        return "<0.01%"
    if n * 10000 > 9999 * d:
        return ">99.99%"
    pct = n * 100 / d  # int / int: correctly rounded, as float(Fraction) is
    digits = 1 if n * 100 >= d else 2
    if round(pct, digits) >= 100:  # 99.95 .. 99.99 would read as a false 100%
        digits = 2
    text = f"{pct:.{digits}f}".rstrip("0").rstrip(".")
    return f"{text}%"


def signed(value: int) -> str:
    """``+3``, ``0``, ``-2``."""
    return f"+{value}" if value > 0 else str(value)
