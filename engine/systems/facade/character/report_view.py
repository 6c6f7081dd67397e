"""HTML of a character check: the builder's report and the printable character sheet.

The report shows the points in each pool, every priced choice (its explanation
on hover and on keyboard focus), the validation messages with links to their
rules, and the derived values. The sheet is a clean print layout of the same
numbers with no controls. Links are relative to the site root (the builder
page rewrites them against its base URL).

>>> from facade.character.check import check_character
>>> result = check_character({"name": "Ada", "attributes": {"luck": 9}})
>>> html = report_view(result)
>>> 'data-rw-valid="false"' in html and 'href="facade/characters/#attributes"' in html
True
>>> 'aria-describedby="rw-cr-why-0"' in html
True
>>> "<button" in sheet_view(result)
False
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.markup import Html, el, join
from facade.character.sheet import METHOD_NAMES, Section, sections

DERIVED_SECTIONS = ("attributes", "skills", "body", "limit-pools", "carrying", "running")
PARTS = (("attributes", "Attributes"), ("modifiers", "Modifiers"), ("skills", "Skills"),
         ("backgrounds", "Backgrounds and liabilities"))
POOL_NAMES = {"AP": "Attribute points", "SP": "Skill points", "BP": "Background points", "EP": "Extra points",
              "WP": "Weighted points"}


def _cell(value: Any) -> Any:
    return "–" if value is None or value == "" else value


def section_table(section: Section, heading: str = "h3") -> Html:
    """One sheet section as a heading, a table and its notes."""
    if any(section.headers):
        head = el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in section.headers]))
        rows = [el("tr", None, [el("td", None, _cell(v)) for v in row]) for row in section.rows]
    else:  # a two-column list of label: value
        head = None
        rows = [el("tr", None, el("th", {"scope": "row"}, row[0]), el("td", None, _cell(row[1])))
                for row in section.rows]
    return el("section", {"class": "rw-csheet__section", "data-rw-section": section.key},
              el(heading, None, section.title),
              el("table", {"class": "rw-csheet__table"}, head, el("tbody", None, rows)),
              [el("p", {"class": "rw-csheet__note"}, note) for note in section.notes])


def _pools(spending: dict[str, Any]) -> Html:
    extra = spending["extra"]
    rows = []
    for p in spending["pools"]:
        over = p["left"].startswith("-")
        state = el("strong", None, "over budget") if over else "ok"
        rows.append(el("tr", {"data-rw-pool": p["pool"], "data-rw-left": p["left"],
                              "class": "rw-creport__over" if over else None},
                       el("th", {"scope": "row"}, el("abbr", {"title": POOL_NAMES[p["pool"]]}, p["pool"])),
                       el("td", None, p["budget"]), el("td", None, p["converted"]), el("td", None, p["refunded"]),
                       el("td", None, p["spent"]), el("td", None, p["left"]), el("td", None, state)))
    over = extra["left"].startswith("-")
    rows.append(el("tr", {"data-rw-pool": extra["currency"], "data-rw-left": extra["left"],
                          "class": "rw-creport__over" if over else None},
                   el("th", {"scope": "row"}, el("abbr", {"title": POOL_NAMES[extra["currency"]]}, extra["currency"])),
                   el("td", None, extra["budget"]), el("td", None, "–"), el("td", None, extra["bonus"]),
                   el("td", None, extra["spent"]), el("td", None, extra["left"]),
                   el("td", None, el("strong", None, "too many converted") if over else "ok")))
    rates = ", ".join(f"{n} {pool}" for pool, n in spending["rates"].items())
    return el("table", {"class": "rw-creport__pools"},
              el("caption", None, f"Points by pool (1 {extra['currency']} converts to {rates})"),
              el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in (
                  "Pool", "Budget", f"Converted from {extra['currency']}", "Back from drawbacks", "Spent", "Left",
                  "State")])),
              el("tbody", None, rows))


def _cost(item: dict[str, Any], index: int) -> Html:
    why_id = f"rw-cr-why-{index}"
    shown = "not priced" if item["cost"] is None else f"{item['cost']} {item['pool']}"
    return join([el("button", {"type": "button", "class": "rw-cost", "title": item["explanation"],
                               "aria-describedby": why_id, "data-rw-cost": item["cost"] or ""}, shown),
                 el("span", {"id": why_id, "class": "rw-cost__why", "role": "tooltip"}, item["explanation"])])


def _items(spending: dict[str, Any]) -> Html:
    groups = []
    counter = 0
    for key, title in PARTS:
        rows = []
        for item in spending["items"]:
            if item["path"].split(".", 1)[0] != key:
                continue
            nxt = "–" if item["next"] is None else f"+{item['next']}"
            rows.append(el("tr", {"data-rw-path": item["path"]}, el("th", {"scope": "row"}, item["label"]),
                           el("td", None, _cost(item, counter), " (back)" if item["refund"] else None),
                           el("td", None, nxt)))
            counter += 1
        if rows:
            groups.append(el("details", {"class": "rw-creport__part", "open": True},
                             el("summary", None, f"{title} ({len(rows)})"),
                             el("table", {"class": "rw-creport__items"},
                                el("thead", None, el("tr", None, el("th", {"scope": "col"}, "Choice"),
                                                     el("th", {"scope": "col"}, "Cost"),
                                                     el("th", {"scope": "col"}, "Next level adds"))),
                                el("tbody", None, rows))))
    hint = el("p", {"class": "rw-creport__hint"}, "Hover over a cost, or move to it with Tab, to see the table "
              "row it comes from.")
    return join([hint, *groups])


def _messages(messages: list[dict[str, Any]]) -> Html:
    if not messages:
        return el("p", {"class": "rw-creport__ok"}, "No problems: the character follows the creation rules.")
    items = [el("li", {"data-rw-severity": m["severity"], "data-rw-code": m["code"], "data-rw-path": m["path"],
                       "class": f"rw-creport__msg rw-creport__msg--{m['severity']}"},
                el("strong", None, "Error: " if m["severity"] == "error" else "Warning: "), m["text"], " ",
                el("a", {"href": m["href"]}, f"Rule: {m['rule']}")) for m in messages]
    return el("ul", {"class": "rw-creport__messages"}, items)


def report_view(result: dict[str, Any]) -> Html:
    """The builder's live report for a ``facade.character.check`` result."""
    messages = result["messages"]
    errors = sum(m["severity"] == "error" for m in messages)
    warnings = len(messages) - errors
    spending, c = result["spending"], result["character"]
    status = ("Valid character" if result["valid"] else f"{errors} {'error' if errors == 1 else 'errors'}") + (
        f", {warnings} {'warning' if warnings == 1 else 'warnings'}" if warnings else "")
    notes = [n for n in (result.get("liability_reading"), spending.get("bp_note")) if n]
    if result["migrated_from"]:
        notes.insert(0, f"Read from an older file (version {result['migrated_from']}) and brought up to date.")
    derived = [section_table(s) for s in sections(result) if s.key in DERIVED_SECTIONS]
    attrs = {"class": "rw-creport", "data-rw-valid": "true" if result["valid"] else "false",
             "data-rw-errors": errors, "data-rw-warnings": warnings, "data-rw-method": c["method"]}
    for p in spending["pools"]:
        attrs[f"data-rw-left-{p['pool'].lower()}"] = p["left"]
    attrs[f"data-rw-left-{spending['extra']['currency'].lower()}"] = spending["extra"]["left"]
    return el("div", attrs,
              el("p", {"class": "rw-creport__status", "data-rw-status": "valid" if result["valid"] else "invalid"},
                 el("strong", None, status)),
              el("h3", None, "Problems"), _messages(messages),
              el("h3", None, "Points"), _pools(spending),
              [el("p", {"class": "rw-creport__note"}, note) for note in notes],
              el("h3", None, "What each choice costs"), _items(spending),
              el("h3", None, "Derived values"), derived,
              el("p", {"class": "rw-creport__note"}, "Modifiers are free text, so their effects (such as Easily "
                 "Strained comparing Body one lower with Strain) are not applied to the derived values above."))


def sheet_view(result: dict[str, Any]) -> Html:
    """A printable character sheet (no controls), from a ``facade.character.check`` result."""
    c = result["character"]
    title = f"{c['name'] or 'Unnamed character'}"
    parts = [section_table(s, "h3") for s in sections(result)]
    notes = el("section", {"class": "rw-csheet__section", "data-rw-section": "notes"}, el("h3", None, "Notes"),
               el("p", {"class": "rw-csheet__notes"}, c["notes"])) if c["notes"] else None
    return el("article", {"class": "rw-csheet", "data-rw-sheet": c["id"] or "character",
                          "data-rw-valid": "true" if result["valid"] else "false"},
              el("header", {"class": "rw-csheet__head"}, el("h2", None, title),
                 el("p", None, METHOD_NAMES.get(c["method"], c["method"]),
                    f" · {c['concept']}" if c["concept"] else None,
                    f" · played by {c['player']}" if c["player"] else None)),
              parts, notes)
