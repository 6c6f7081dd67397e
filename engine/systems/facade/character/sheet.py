"""Character sheets from a check result: sections of small tables, printed as text or Markdown.

The HTML sheet (engine/present/character_report_views.py) renders the same
sections, so all three formats show the same numbers.

>>> from facade.character.check import check_character
>>> result = check_character({"name": "Ada | Lovelace", "attributes": {"agility": 4}})
>>> print(text_sheet(result).splitlines()[0])
Ada | Lovelace (weighted point buy)
>>> "Ada \\\\| Lovelace" in markdown_sheet(result)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from facade.character.model import CATEGORY_KEYS

METHOD_NAMES = {"point-buy": "weighted point buy", "pool-buy": "weighted pool buy"}
Cell = str | int | None


@dataclass
class Section:
    """One part of the sheet: a title, a table (headers and rows) and optional notes under it."""

    key: str
    title: str
    headers: list[str]
    rows: list[list[Cell]]
    notes: list[str] = field(default_factory=list)


def _cell(value: Cell) -> str:
    return "–" if value is None or value == "" else str(value)


def _every(amount: int | None, unit: str | None) -> str | None:
    if not amount or not unit:
        return None
    return f"{amount} {unit}{'' if amount == 1 else 's'}"


def sections(result: dict[str, Any]) -> list[Section]:
    """The sheet's sections for a ``facade.character.check`` result."""
    c, d, s = result["character"], result["derived"], result["spending"]
    out: list[Section] = []
    about = [["Player", c["player"]], ["Concept", c["concept"]], ["Method", METHOD_NAMES.get(c["method"], c["method"])],
             ["Skills bought", c["settings"]["skills"]], ["Points back", c["settings"]["liabilities"]]]
    out.append(Section("about", "About", ["", ""], [[k, v] for k, v in about if v]))
    attributes = c["attributes"]
    out.append(Section("attributes", "Attributes", ["Category", "Rating", "Specific attributes"], [
        [key.capitalize(), d["categories"][key],
         ", ".join(f"{a.capitalize()} {attributes[a]}" for a in names)] for key, names in CATEGORY_KEYS.items()]))
    if c["modifiers"]:
        out.append(Section("modifiers", "Modifiers", ["Modifier", "Category", "Grade", "Level"], [
            [m["name"] or "(unnamed)", m["category"], m["grade"], f"{'−' if m['negative'] else '+'}{m['level']}"]
            for m in c["modifiers"]]))
    if d["skills"]:
        out.append(Section("skills", "Skills", ["Skill", "Tier", "Level", "Skill total"],
                           [[r["label"], r["tier"], r["level"], r["skill_total"]] for r in d["skills"]],
                           ["Trait total = a specific attribute + the skill total (broad + focus + specialty)."]))
    for liability, key, title in ((False, "backgrounds", "Backgrounds"), (True, "liabilities", "Liabilities")):
        rows: list[list[Cell]] = [[b["name"] or "(unnamed)", b["classification"], f"{b['kind']} {b['grade']}",
                                   b["level"]] for b in c["backgrounds"] if b["liability"] is liability]
        if rows:
            out.append(Section(key, title, ["Name", "Classification", "Type", "Level"], rows))
    body = [["Height", d["height"]], ["Weight (formula)", d["weight"] and f"{d['weight']} lbs"],
            ["Bodyweight used", d["bodyweight"] and f"{d['bodyweight']} lbs ({d['bodyweight_source']})"]]
    out.append(Section("body", f"Height and weight ({d['formula']} formula)", ["", ""], body))
    out.append(Section("limit-pools", "Limit pools", ["Pool", "Category", "Minimum difficulty at",
                                                      "Automatic failure at", "Passes out above", "With Will"],
                       [[p["name"], p["value"], p["minimum_difficulty_at"], p["automatic_failure_at"],
                         p["pass_out_after"], p["with_will"]] for p in d["limit_pools"]],
                       ["With Will: paying 1 Exhaustion per roll stretches Strain (passing out) or Fatigue (the "
                        "next day's penalty) by Will points above double."]))
    if d["carrying"]:
        out.append(Section("carrying", "Carrying capacity", ["Load", "% of bodyweight", "Up to (lbs)",
                                                             "With Will added (lbs)"],
                           [[x["load"], x["percent"], x["up_to_lbs"], x["with_will_up_to_lbs"]] for x in d["carrying"]],
                           ["With Will added: a feat of strength adding all of Will (Exhaustion every two seconds)."]))
    if d["running"]:
        out.append(Section("running", "Running", ["Pace", "Speed", "About (mph)", "Check every"],
                           [[p["name"], f"{p['speed']} {p['unit']}" if p["speed"] else None, p["mph"],
                             _every(p["roll_every"], p["roll_unit"])]
                            for p in d["running"].values()]))
    extra = s["extra"]
    points: list[list[Cell]] = [[p["pool"], p["budget"], p["converted"], p["refunded"], p["spent"], p["left"]]
                                for p in s["pools"]]
    points.append([extra["currency"], extra["budget"], None, extra["bonus"], extra["spent"], extra["left"]])
    out.append(Section("points", "Points", ["Pool", "Budget", "Converted in", "Back from drawbacks", "Spent", "Left"],
                       points, [n for n in (s.get("bp_note"),) if n]))
    errors = [m for m in result["messages"] if m["severity"] == "error"]
    warnings = [m for m in result["messages"] if m["severity"] == "warning"]
    if errors or warnings:
        out.append(Section("messages", "Problems", ["Severity", "Message", "Rule"],
                           [[m["severity"], m["text"], m["rule"]] for m in errors + warnings]))
    return out


def _title(result: dict[str, Any]) -> str:
    c = result["character"]
    return f"{c['name'] or 'Unnamed character'} ({METHOD_NAMES.get(c['method'], c['method'])})"


def _table_text(section: Section) -> list[str]:
    rows = [[_cell(v) for v in row] for row in section.rows]
    if not any(section.headers):
        width = max((len(r[0]) for r in rows), default=0)
        return [f"  {r[0]:<{width}}  {r[1]}" for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(section.headers)]
    lines = ["  " + "  ".join(h.ljust(w) for h, w in zip(section.headers, widths)).rstrip()]
    lines += ["  " + "  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    return lines


def text_sheet(result: dict[str, Any]) -> str:
    """A plain-text sheet (monospace columns)."""
    lines = [_title(result), "=" * len(_title(result))]
    for section in sections(result):
        lines += ["", section.title, "-" * len(section.title), *_table_text(section)]
        lines += [f"  {note}" for note in section.notes]
    if result["character"]["notes"]:
        lines += ["", "Notes", "-----", result["character"]["notes"]]
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def md(value: Cell) -> str:
    r"""Text made safe for a Markdown table cell.

    >>> md("a|b *c*")
    'a\\|b \\*c\\*'
    """
    return _MD_SPECIAL.sub(r"\\\1", " ".join(_cell(value).split()))


def markdown_sheet(result: dict[str, Any]) -> str:
    """A Markdown sheet: one heading and one table per section."""
    lines = [f"# {md(_title(result))}"]
    for section in sections(result):
        lines += ["", f"## {md(section.title)}", ""]
        headers = section.headers if any(section.headers) else ["", ""]
        lines.append("| " + " | ".join(md(h) if h else " " for h in headers) + " |")
        lines.append("|" + "|".join("---" for _ in headers) + "|")
        lines += ["| " + " | ".join(md(v) for v in row) + " |" for row in section.rows]
        lines += [f"\n{md(note)}" for note in section.notes]
    if result["character"]["notes"]:
        lines += ["", "## Notes", "", md(result["character"]["notes"])]
    return "\n".join(lines) + "\n"
