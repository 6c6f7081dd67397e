"""Turning exact numbers into text for people (and, with :func:`fraction_text`, for JSON).

Every page, widget and table says numbers through these helpers, so they read the
same everywhere: a percentage first; the exact fraction only when it is short
enough to read (:data:`MAX_EXACT_CHARS`, the one limit); "never" and "always"
instead of 0 and 1; counts with the right plural; ordinals; durations as people
say them; and tiny chances told truthfully.

>>> fraction_text(Fraction(27, 40)), fraction_text(Fraction(1))
('27/40', '1/1')
>>> [percent(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (16, 25), (1, 400), (1, 10**6), (999999, 10**6))]
['0%', '100%', '64%', '0.25%', '<0.01%', '>99.99%']
>>> percent(Fraction(9997, 10000)), percent(Fraction(9994, 10000))
('99.97%', '99.9%')
>>> chance_text(Fraction(0)), chance_text(Fraction(16, 25)), chance_text(Fraction(1))
('never', '64%', 'always')
>>> short_fraction(Fraction(16, 25)), short_fraction(Fraction(1, 10**20)), short_fraction(Fraction(1))
('16/25', None, '1')
>>> plural(1, "hit"), plural(3, "hit"), plural(2, "die", "dice"), plural(0, "wound")
('1 hit', '3 hits', '2 dice', '0 wounds')
>>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']
>>> duration(Fraction(1, 11), "day"), duration(Fraction(1, 2), "day"), duration(Fraction(45, 2), "second")
('about 2 h 11 min', '12 h', '22.5 s')
>>> rarity(Fraction(1, 4**10)), rarity(Fraction(1, 20**10)), rarity(Fraction(3, 100))
('0.95 in a million', 'about 1 in 10 trillion', '3%')
>>> rarity(Fraction(1, 6**10)), rarity(Fraction(1, 333 * 10**6)), rarity(Fraction(1, 10**18))
('about 1 in 60 million', 'about 1 in 330 million', 'less than 1 in 1,000 trillion')
"""

from __future__ import annotations

from fractions import Fraction

MAX_EXACT_CHARS = 13
"""The longest exact fraction (``p/q`` with its slash) shown in running text, a table cell or a
tooltip, e.g. ``1251407/160000``. A longer one is offered on demand only (see
:mod:`rollwright.kit.exact`), never in the flow of the page: nobody reads 200 digits."""


def fraction_text(value: Fraction) -> str:
    """An exact probability as a reduced ``"p/q"`` string (always with a slash), for JSON."""
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


def chance_text(value: Fraction | str) -> str:
    """A chance for a sentence or a table cell: ``never``, ``always`` or a percentage."""
    value = Fraction(value)
    if value == 0:
        return "never"
    if value == 1:
        return "always"
    return percent(value)


def short_fraction(value: Fraction | str) -> str | None:
    """The exact value as ``p/q`` (or a whole number) when it fits :data:`MAX_EXACT_CHARS`, else None."""
    value = Fraction(value)
    text = str(value)
    return text if len(text) <= MAX_EXACT_CHARS else None


def number_text(value: Fraction | int) -> str:
    """A mean or an amount for people: whole numbers plain, others to two decimals at most.

    >>> number_text(Fraction(25, 2)), number_text(Fraction(10, 3)), number_text(Fraction(7)), number_text(Fraction(-1, 3))
    ('12.5', '3.33', '7', '-0.33')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def mixed(value: Fraction) -> str:
    """A non-negative fraction as a mixed number: ``1 1/3``, ``2``, ``2/5``."""
    value = Fraction(value)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    part = f"{rest}/{value.denominator}"
    return part if whole == 0 else f"{whole} {part}"


def signed(value: int) -> str:
    """``+3``, ``0``, ``-2``."""
    return f"+{value}" if value > 0 else str(value)


def plural(count: int | Fraction, one: str, many: str | None = None) -> str:
    """A count with its noun in the right number: ``1 hit``, ``3 hits``, ``2 dice``."""
    word = one if count == 1 else (many if many is not None else f"{one}s")
    shown = number_text(count) if isinstance(count, Fraction) else str(count)
    return f"{shown} {word}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    if 10 <= abs(n) % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(abs(n) % 10, "th")
    return f"{n}{suffix}"


_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}
_PARTS = ((604800, "week", "weeks"), (86400, "day", "days"), (3600, "h", "h"), (60, "min", "min"), (1, "s", "s"))


def duration(value: Fraction | int, unit: str) -> str:
    """A length of time as people say it: the two largest units, rounded, with ``about`` when rounded.

    ``unit`` is ``second``, ``minute``, ``hour``, ``day`` or ``week``. A month has no fixed
    length in seconds, so months stay months (``1 1/2 months``, ``a third of a month``); a part of
    a month that is not a half, third or quarter is given in days, over a month of 28 to 31 days.

    >>> duration(1, "day"), duration(Fraction(4, 3), "day"), duration(Fraction(10, 3), "minute")
    ('1 day', '1 day 8 h', '3 min 20 s')
    >>> duration(Fraction(1, 2), "week"), duration(Fraction(6, 5), "month"), duration(Fraction(1, 3), "month")
    ('3 days 12 h', '1 1/5 months', 'a third of a month')
    >>> duration(Fraction(6, 11), "month"), duration(Fraction(1, 11), "month")
    ('15 to 17 days', 'about 3 days')
    >>> duration(Fraction(1, 3), "second"), duration(0, "hour")
    ('about 0.33 s', 'no time')
    """
    value = Fraction(value)
    if unit == "month":
        return _months(value)
    seconds = value * _SECONDS[unit]
    if seconds == 0:
        return "no time"
    if seconds < 1:
        return f"about {number_text(seconds)} s"
    index = next(i for i, (size, _, _) in enumerate(_PARTS) if seconds >= size)
    big = _PARTS[index]
    if index == len(_PARTS) - 1:  # seconds only: to a tenth
        rounded = Fraction(round(seconds * 10), 10)
        text = f"{number_text(rounded)} s"
        return text if rounded == seconds else f"about {text}"
    small = _PARTS[index + 1]
    steps = round(seconds / small[0])  # whole small units
    exact = steps * small[0] == seconds
    ratio = big[0] // small[0]
    whole, rest = divmod(steps, ratio)
    parts = [f"{whole} {big[1] if whole == 1 else big[2]}"]
    if rest:
        parts.append(f"{rest} {small[1] if rest == 1 else small[2]}")
    text = " ".join(parts)
    return text if exact else f"about {text}"


_MONTH_PARTS = {Fraction(1, 2): "half a month", Fraction(1, 3): "a third of a month",
                Fraction(2, 3): "two thirds of a month", Fraction(1, 4): "a quarter of a month",
                Fraction(3, 4): "three quarters of a month"}
MONTH_DAYS = (28, 31)
"""The shortest and longest month, for a part of a month said in days."""


def _months(value: Fraction) -> str:
    """Months as people say them: ``2 months``, ``1 1/2 months``, ``half a month``, ``15 to 17 days``."""
    if value >= 1 or value == 0:
        return f"{mixed(value)} month{'' if value == 1 else 's'}"
    if value in _MONTH_PARTS:
        return _MONTH_PARTS[value]
    low, high = (round(value * days) for days in MONTH_DAYS)
    if high == low:
        return f"about {plural(low, 'day')}"
    return f"{max(low, 1)} to {high} days"


_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"))


def rarity(value: Fraction) -> str:
    """A chance that may be tiny, told truthfully: a percentage down to 0.01%, then ``in a million``,
    then ``about 1 in N million/billion/trillion``."""
    value = Fraction(value)
    if value == 0 or value * 10000 >= 1:
        return chance_text(value)
    per_million = value * 10**6
    if per_million >= Fraction(1, 10):
        return f"{float(per_million):.2g} in a million"
    one_in = 1 / value  # above ten million here
    if one_in >= 1000 * 10**12:
        return "less than 1 in 1,000 trillion"
    size, name = next((size, name) for size, name in _SCALES if one_in >= size)
    return f"about 1 in {_two_figures(float(one_in / size))} {name}"


def _two_figures(value: float) -> str:
    """``1.5``, ``10``, ``330``: two significant figures, never in exponent form."""
    if value >= 100:
        return f"{round(value, -len(str(int(value))) + 2):,.0f}"
    return f"{value:.2g}"
