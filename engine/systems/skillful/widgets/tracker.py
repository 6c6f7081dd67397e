"""The fatigue-pool tracker, its state kept in the page's address (``?ft.<setting>=...``) and, under a
name, in the browser (``keep``); a saved character starts it with its pools and penalties.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("skillful-tracker").url_key
'ft'
>>> start = tracker_from_character({"name": "Ada", "pools": {"Wind": {"size": 40, "current": 25}}})
>>> start["name"], start["params"]["wind"], start["params"]["spent"]
('Ada', 40, 'Wind 15')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.kit.widget import Field, Widget, register_widget
from skillful.calls import tracker  # noqa: F401  (registers the calls)
from skillful.character import read
from skillful.rules.effort import POOLS
from skillful.rules.tracker import MAX_AMOUNT, spends_text
from skillful.views.tracker import URL_KEY, tracker_view
from skillful.widgets.defaults import form_defaults


def tracker_from_character(document: Mapping[str, Any]) -> dict[str, Any]:
    """The tracker for a saved character: its pool sizes, its penalties for an empty Wind and Wit, and what it
    has already spent (each pool's size less its current value, as log entries of at most the largest amount).

    >>> tracker_from_character({"pools": {"Focus": {"size": 10, "current": -1000}}})["params"]["spent"]
    'Focus 999, Focus 11'
    """
    character = read(document)
    spends: list[tuple[str, int]] = []
    params: dict[str, Any] = {}
    for pool in POOLS:
        size, now = character["pools"][pool]["size"], character["pools"][pool]["current"]
        params[pool.lower()] = size
        spent = size - now if isinstance(size, int) and isinstance(now, int) else 0
        while spent > 0:
            spends.append((pool, min(spent, MAX_AMOUNT)))
            spent -= MAX_AMOUNT
    params.update(character["settings"])
    params["spent"] = spends_text(spends)
    return {"name": character["name"].strip() or "My character", "params": params}


register_widget(Widget(
    "skillful-tracker", "Fatigue tracker", "skillful.tracker",
    (Field("spent", "Spent so far", hint="Pool and amount, separated by commas, e.g. Wind 15, Stamina 10."),
     Field("n", "N for the quick spends"),
     *(Field(pool.lower(), f"{pool} pool size") for pool in POOLS),
     Field("wind_empty", "Penalty for an empty Wind"), Field("wit_empty", "Penalty for an empty Wit")),
    "Update", tracker_view, live="change", url_key=URL_KEY, defaults=form_defaults("skillful.tracker"),
    keep=True, from_character=tracker_from_character))
