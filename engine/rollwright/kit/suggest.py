"""An unknown name, said once, with the closest names of the same game.

A table or widget name starts with its game's id (``pips-odds``). When a page asks for one that does
not exist, the message names the closest of that game's names (``difflib``), then lists that game's
names (or, when the name names no game, every name), a few at most, each once.

>>> names = ["pips-odds", "pips-hits", "lanternfall-move", "lanternfall-odds"]
>>> unknown("widget", "pips-ods", names)
"no widget named 'pips-ods'; did you mean 'pips-odds'? (pips's widgets: pips-hits, pips-odds)"
>>> unknown("table", "lanternfal-move", names)
"no table named 'lanternfal-move'; did you mean 'lanternfall-move'? (tables: lanternfall-move, lanternfall-odds, pips-hits, pips-odds)"
>>> unknown("widget", "zzz", [])
"no widget named 'zzz'; there are none"
>>> unknown("table", "year-zero-odd", ["year-zero-odds", "year-zero-roll"])
"no table named 'year-zero-odd'; did you mean 'year-zero-odds'? (year-zero's tables: year-zero-odds, year-zero-roll)"
"""

from __future__ import annotations

from collections.abc import Iterable

SHOWN = 12
"""At most this many names are listed after the suggestion."""


def _game(name: str, names: list[str]) -> str | None:
    """The game id a name starts with (``pips`` for ``pips-ods``), when some known name starts with it too.

    A game id may hold '-' itself (``year-zero``): the id is the longest start, in whole words, that
    the name shares with every known name of its first word.
    """
    words = name.split("-")
    family = [known for known in names if known.startswith(words[0] + "-")]
    if len(words) < 2 or not family:
        return None
    head = words[0]
    for word in words[1:-1]:
        longer = f"{head}-{word}"
        if not all(known.startswith(longer + "-") for known in family):
            break
        head = longer
    return head


def unknown(kind: str, name: str, names: Iterable[str]) -> str:
    """``no <kind> named '<name>'; did you mean ...? (...)``: see the module documentation."""
    import difflib  # only when a name is wrong: the browser's snapshot stays without it

    every = sorted(set(names) - {name})  # a name refused for another reason is never offered back
    game = _game(name, every)
    pool = [known for known in every if known.startswith(game + "-")] if game else every
    message = f"no {kind} named {name!r}"
    if not every:
        return f"{message}; there are none"
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.5) or difflib.get_close_matches(name, every, n=1)
    if close:
        message += f"; did you mean {close[0]!r}?"
    listed = ", ".join(pool[:SHOWN]) + (f", and {len(pool) - SHOWN} more" if len(pool) > SHOWN else "")
    owner = f"{game}'s {kind}s" if game else f"{kind}s"
    return f"{message} ({owner}: {listed})"
