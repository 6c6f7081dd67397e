"""HTML views of the Façade creation calls: a cost calculation and a cascade skill tree.

>>> from rollwright.kit.api import call
>>> html = cost_view(call("facade.creation_cost", {"what": "attribute", "from_level": 3, "to_level": 4}))
>>> 'data-rw-total="4"' in html and 'data-rw-pool="AP"' in html
True
>>> html = cascade_view(call("facade.cascade", {"specialty_a": 5}))
>>> 'data-rw-broad="1"' in html and 'data-rw-focus="2"' in html
True
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.errata import page_href
from rollwright.kit.markup import Html, el
from rollwright.kit.plain_table import table

_POOL_NAMES = {"AP": "attribute points", "SP": "skill points", "BP": "background points"}


def cost_view(data: dict[str, Any]) -> Html:
    """A raise from ``facade.creation_cost``: headline, each level's step, and where the numbers come from."""
    pool = data["pool"]
    threshold = data["threshold"]
    head = (f"{data['label']}, level {data['from_level']} → {data['to_level']}: ")
    amount = el("strong", None, f"{data['total']} {pool}")
    verb = " must accumulate under it" if threshold else ""
    worth = (f" (worth {data['ep']} EP in the point buy, {data['wp']} WP in the pool buy; "
             f"paid from {_POOL_NAMES[pool]})")
    rows = []
    for step in data["steps"]:
        rows.append([step["level"], f"{step['step']} {pool}", f"{step['total']} {pool}"])
    steps = (el("p", {"class": "rw-caption"}, "No levels to buy: the two levels are the same.") if not rows else
             table(["Level", "SP to add" if threshold else "This level costs",
                    "SP in total" if threshold else "Total from 0"], rows,
                   name="facade-creation-steps", caption="Each level on the way",
                   row_keys=[str(s["level"]) for s in data["steps"]]))
    note = None
    if threshold:
        note = el("p", {"class": "rw-caption"},
                  "Cascade skills are never bought directly: SP go into specialties and count upward, so these are "
                  "the SP that must have gathered under the skill.")
    return el("div", {"class": "rw-creation-cost", "data-rw-what": data["what"], "data-rw-total": data["total"],
                      "data-rw-pool": pool, "data-rw-ep": data["ep"], "data-rw-wp": data["wp"],
                      "data-rw-steps": " ".join(s["step"] for s in data["steps"])},
              el("p", {"class": "rw-headline"}, head, amount, verb, el("span", {"class": "rw-exact"}, worth)),
              steps, note,
              el("p", {"class": "rw-caption"}, data["rule"], " From the draft's ", data["row"], ". ",
                 el("a", {"href": page_href(data["anchor"], "facade/")}, "Rule and table")))


def _node(node: dict[str, Any], tier_name: str) -> Html:
    reduced = el("span", {"class": "rw-cascade__reduced"}, " · reduced row") if node["reduced"] else None
    return el("span", {"class": "rw-cascade__node", "data-rw-level": node["level"], "title": node["explanation"]},
              el("span", {"class": "rw-cascade__tier"}, tier_name), " ",
              el("strong", None, f"level {node['level']}"), f" ({node['sp']} SP)", reduced)


def cascade_view(data: dict[str, Any]) -> Html:
    """One focus from ``facade.cascade``: the broad, the focus and three specialties with their levels."""
    broad, = data["tree"]["broads"]
    focus = broad["children"][0]
    others = broad["children"][1:]
    specialties = [el("li", {"data-rw-node": s["name"]},
                       _node(s, s["name"]),
                       el("span", {"class": "rw-cascade__why"}, s["explanation"]))
                   for s in focus["children"]]
    other = (el("li", {"data-rw-node": "others"},
                f"{len(others)} mastered sister focus{'es' if len(others) != 1 else ''} "
                f"({len(others) * 15} SP) also count toward the broad")
             if others else None)
    levels = data["levels"]
    return el("div", {"class": "rw-cascade", "data-rw-broad": levels["broad"], "data-rw-focus": levels["focus"],
                      "data-rw-specialties": " ".join(str(levels[k]) for k in
                                                      ("specialty_a", "specialty_b", "specialty_c")),
                      "data-rw-focus-reduced": data["focus_reduced"],
                      "data-rw-total-sp": data["total_sp"]},
              el("ul", {"class": "rw-cascade__tree", "aria-label": "Skill levels"},
                 el("li", {"data-rw-node": "broad"}, _node(broad, broad["name"]),
                    el("span", {"class": "rw-cascade__why"}, broad["explanation"]),
                    el("ul", None,
                       el("li", {"data-rw-node": "focus"}, _node(focus, focus["name"]),
                          el("span", {"class": "rw-cascade__why"}, focus["explanation"]),
                          el("ul", None, specialties)),
                       other))),
              el("p", {"class": "rw-caption"},
                 f"SP spent on this focus's specialties: {data['focus_sp_spent']}. "
                 f"All SP under the broad: {data['sp']['broad']}."))
