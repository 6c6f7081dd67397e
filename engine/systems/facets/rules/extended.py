"""Extended checks: ``[Attribute TN - successes/attempts - time]``, parsed, printed and solved.

A check like ``[Finesse 8 - 2/5 - 30s]`` tests Finesse against TN 8, needs 2
successes, allows 5 attempts, and each attempt takes 30 seconds. Once more
attempts have failed than the task can spare (here 4 failures), it is impossible.

>>> check = parse_check("[Finesse 8 - 2/5 - 30s]")
>>> check
ExtendedCheck(attribute='Finesse', tn=8, successes=2, attempts=5, seconds=30)
>>> print_check(check)
'[Finesse 8 - 2/5 - 30s]'
>>> chance_within(Fraction(1, 2), 2, 5)
Fraction(13, 16)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rollwright.errors import ParameterError

ATTRIBUTES = ("Strength", "Finesse", "Endurance", "Intellect", "Wit", "Resolve",
              "Presence", "Guile", "Composure")
MAX_ATTEMPTS = 50
MAX_TN = 100
UNITS = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}
_PATTERN = re.compile(
    r"\s*\[\s*(?P<attr>[A-Za-z]+)\s+(?P<tn>\d{1,3})\s*-\s*(?P<s>\d{1,2})\s*/\s*(?P<a>\d{1,2})"
    r"\s*-\s*(?P<time>\d{1,5})\s*(?P<unit>s|min|m|h|d)\s*\]\s*$")


@dataclass(frozen=True)
class ExtendedCheck:
    """One extended check in the draft's notation; time per attempt in seconds."""

    attribute: str
    tn: int
    successes: int
    attempts: int
    seconds: int

    @property
    def spare_failures(self) -> int:
        """Failures the task survives; one more makes it impossible."""
        return self.attempts - self.successes


def parse_check(text: str) -> ExtendedCheck:
    """Read ``[Attribute TN - s/a - time]``; a clear ParameterError otherwise.

    >>> parse_check("[Wit 12 - 3/2 - 1m]")
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: notation: needs 3 successes but allows only 2 attempts
    """
    match = _PATTERN.match(text)
    if match is None:
        raise ParameterError("notation: write it like [Finesse 8 - 2/5 - 30s] "
                             "(attribute, TN, successes/attempts, time in s, m, h or d)", field="notation")
    name = match["attr"].capitalize()
    if name not in ATTRIBUTES:
        raise ParameterError(f"notation: {match['attr']!r} is not one of the nine attributes", field="notation")
    tn, successes, attempts = int(match["tn"]), int(match["s"]), int(match["a"])
    if not 1 <= successes <= attempts:
        raise ParameterError(f"notation: needs {successes} successes but allows only {attempts} attempts"
                             if successes > attempts else "notation: needs at least one success",
                             field="notation")
    if attempts > MAX_ATTEMPTS or tn > MAX_TN:
        raise ParameterError(f"notation: at most {MAX_ATTEMPTS} attempts and TN {MAX_TN}", field="notation")
    return ExtendedCheck(name, tn, successes, attempts, int(match["time"]) * UNITS[match["unit"]])


def duration_text(seconds: int | Fraction) -> str:
    """A time per attempt as the notation writes it (exact seconds otherwise).

    >>> duration_text(30), duration_text(120), duration_text(7200), duration_text(Fraction(45, 2))
    ('30s', '2m', '2h', '22.5s')
    """
    value = Fraction(seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if value >= size and value % size == 0:
            return f"{value // size}{unit}"
    if value.denominator == 1:
        return f"{value}s"
    return f"{float(value):.4g}s"


def print_check(check: ExtendedCheck) -> str:
    """The check in the draft's notation."""
    return f"[{check.attribute} {check.tn} - {check.successes}/{check.attempts} - {duration_text(check.seconds)}]"


def chance_within(p: Fraction, successes: int, attempts: int) -> Fraction:
    """The chance of at least ``successes`` successes in ``attempts`` tries of chance ``p``."""
    return sum((comb(attempts, k) * p**k * (1 - p) ** (attempts - k)
                for k in range(successes, attempts + 1)), Fraction(0))


def attempts_used(p: Fraction, successes: int, attempts: int) -> dict[int, tuple[Fraction, Fraction]]:
    """For each number of attempts n: (chance the task is done on attempt n, chance it becomes impossible on n).

    Attempts stop at the last success needed, or at the failure that leaves too
    few attempts to finish.

    >>> attempts_used(Fraction(1, 2), 1, 2)
    {1: (Fraction(1, 2), Fraction(0, 1)), 2: (Fraction(1, 4), Fraction(1, 4))}
    """
    failures_allowed = attempts - successes
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for n in range(1, attempts + 1):
        done = Fraction(0)
        if n >= successes and n - successes <= failures_allowed:
            done = comb(n - 1, successes - 1) * p**successes * (1 - p) ** (n - successes)
        lost = Fraction(0)
        fails = failures_allowed + 1
        if n >= fails and n - fails < successes:
            lost = comb(n - 1, fails - 1) * (1 - p) ** fails * p ** (n - fails)
        if done or lost:
            out[n] = (done, lost)
    return out


def expected_attempts(p: Fraction, successes: int, attempts: int) -> Fraction:
    """The mean number of attempts made before the task is done or impossible.

    >>> expected_attempts(Fraction(1), 2, 5)
    Fraction(2, 1)
    """
    return sum((n * (done + lost) for n, (done, lost) in attempts_used(p, successes, attempts).items()),
               Fraction(0))
