"""The fatigue tracker's view: the pools as meters, the penalties and T, and spend links.

Each quick spend is a link to this page with the tracker's next state in the
address (``?ft.spent=...``); the site's address-state script applies it in
place, so a spend is one click or one Enter, and a reload keeps the pools.

>>> from rollwright.kit.registry import call
>>> html = str(tracker_view(call("skillful.tracker", {"spent": "Wind 60"})))
>>> "T = 6" in html and "ft.spent=Wind+60%2C+Wind+5" in html
True
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.markup import Html, el
from rollwright.kit.widget import state_link
from skillful.rules.tiers import FLOOR_LABELS

URL_KEY = "ft"


def _link(settings: dict[str, Any], spent: str, text: str) -> Html:
    return state_link(URL_KEY, {**settings, "spent": spent}, text, "md-button rw-tracker__spend")


def _meter(pool: dict[str, Any]) -> Html:
    return el("li", {"class": "rw-tracker__pool", "data-rw-pool": pool["pool"], "data-rw-now": pool["now"]},
              el("span", None, f"{pool['pool']}: "), el("strong", None, str(pool["now"])), f" of {pool['size']}",
              " (empty)" if pool["empty"] else "",
              el("meter", {"min": 0, "max": pool["size"], "value": max(0, pool["now"]),
                           "aria-label": f"{pool['pool']} left"}))


def tracker_view(data: dict[str, Any]) -> Html:
    """``skillful.tracker``: pools, penalties, thresholds, and links that spend or undo."""
    settings = data["settings"]
    spends = [_link(settings, q["log"], f"{q['label']} ({q['spend']})") for q in data["quick"]]
    undo = _link(settings, data["undo"], "Undo the last spend") if data["entries"] else None
    rest = _link(settings, "", "Rest: refill every pool") if data["entries"] else None
    cut = "/".join(str(c) for c in data["physical_cutoffs"])
    return el("div", {"class": "rw-tracker", "data-rw-physical-width": data["physical_width"]},
              el("ul", {"class": "rw-tracker__pools"}, [_meter(p) for p in data["pools"]]),
              el("p", {"class": "rw-headline"},
                 f"Physical penalty {data['physical_penalty']}: T = {data['physical_width']} "
                 f"(cutoffs {cut}). Mental penalty {data['mental_penalty']}: T = {data['mental_width']}."),
              el("p", None, f"Floor of T: {FLOOR_LABELS[data['floor']]}."),
              el("p", None, "Spend from Wind with N = ", str(settings["n"]), ":"),
              el("p", {"class": "rw-tracker__actions"}, spends, undo, rest),
              el("p", {"class": "rw-caption"}, "Log: ", data["spent"] or "nothing spent yet", "."))
