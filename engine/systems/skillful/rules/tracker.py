"""The fatigue-pool tracker's arithmetic: a log of spends taken off the six pools.

The draft names the pools but gives neither their sizes nor how a pool's level
becomes a penalty, beyond one fact: an empty Wind gives a penalty of 4. So the
sizes, and the penalty an empty Wind or Wit gives, are settings; nothing else
adds a penalty here. Negative Stamina or Focus lowers the floor of T to 2,
negative Health or Sanity to 1 (as the draft says).

>>> parse_spends("Wind 15, stamina 10; 5 Wind")
[('Wind', 15), ('Stamina', 10), ('Wind', 5)]
>>> parse_spends("Wind fifteen")
Traceback (most recent call last):
...
rollwright.errors.ParameterError: spent: 'Wind fifteen' is not a pool and an amount, e.g. 'Wind 15'
>>> floor_of({"Wind": 0, "Wit": 3, "Stamina": -1, "Focus": 2, "Health": 5, "Sanity": 5})
'stamina-focus'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rollwright.errors import ParameterError
from skillful.rules.effort import POOLS

MAX_ENTRIES = 60
MAX_AMOUNT = 999
_ENTRY = re.compile(r"^(?:([A-Za-z]+)\s+(\d{1,4})|(\d{1,4})\s+([A-Za-z]+))$")


def parse_spends(text: str) -> list[tuple[str, int]]:
    """The log ``'Wind 15, Stamina 10'`` as (pool, amount) pairs; a clear error for anything else."""
    entries = [part.strip() for part in re.split(r"[,;\n]", text) if part.strip()]
    if len(entries) > MAX_ENTRIES:
        raise ParameterError(f"spent: at most {MAX_ENTRIES} entries (got {len(entries)})", field="spent")
    out = []
    names = {pool.lower(): pool for pool in POOLS}
    for entry in entries:
        match = _ENTRY.match(entry)
        name = (match.group(1) or match.group(4)).lower() if match else ""
        if not match:
            raise ParameterError(f"spent: {_entry_fault(entry)}", field="spent")
        if name not in names:
            raise ParameterError(f"spent: {entry!r}: {name.capitalize()!r} is not a pool; the pools are "
                                 f"{', '.join(POOLS)}", field="spent")
        amount = int(match.group(2) or match.group(3))
        if not 1 <= amount <= MAX_AMOUNT:
            raise ParameterError(f"spent: {entry!r}: an amount is from 1 to {MAX_AMOUNT}", field="spent")
        out.append((names[name], amount))
    return out


def _entry_fault(entry: str) -> str:
    """What is wrong with one entry of the log that is not ``pool amount``, in its own terms.

    >>> _entry_fault("Wind -5"), _entry_fault("Wind 5 Wit 3"), _entry_fault("Wind")
    ("'Wind -5': an amount is a whole number from 1 to 999, with no sign", "'Wind 5 Wit 3': put a comma or ';' between two spends", "'Wind': give the amount too, e.g. 'Wind 15'")
    """
    words = entry.split()
    if re.search(r"[-+]\s*\d", entry):
        return f"{entry!r}: an amount is a whole number from 1 to {MAX_AMOUNT}, with no sign"
    if sum(1 for w in words if w.isdigit()) > 1:
        return f"{entry!r}: put a comma or ';' between two spends"
    if len(words) == 1:
        return f"{entry!r}: give the {'pool' if words[0].isdigit() else 'amount'} too, e.g. 'Wind 15'"
    return f"{entry!r} is not a pool and an amount, e.g. 'Wind 15'"


def spends_text(spends: list[tuple[str, int]]) -> str:
    """The log as text again: ``'Wind 15, Stamina 10'``."""
    return ", ".join(f"{pool} {amount}" for pool, amount in spends)


def current(sizes: Mapping[str, int], spends: list[tuple[str, int]]) -> dict[str, int]:
    """Each pool's size less what the log spent from it (a pool may go below zero)."""
    now = dict(sizes)
    for pool, amount in spends:
        now[pool] -= amount
    return now


def floor_of(now: Mapping[str, int]) -> str:
    """Which floor of T applies: negative Health or Sanity, else negative Stamina or Focus, else none."""
    if now["Health"] < 0 or now["Sanity"] < 0:
        return "health-sanity"
    if now["Stamina"] < 0 or now["Focus"] < 0:
        return "stamina-focus"
    return "none"
