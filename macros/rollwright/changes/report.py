"""A comparison (:mod:`.compare`) as text for a terminal, or as Markdown (a release note, an issue).

Both read the same lines, built once by :func:`lines`: a heading per game, its summary sentence, the checks
whose odds moved (largest shifts first, in points of probability and relative to the old chance), the inputs
now impossible or newly possible, declarations, table cells, errata, things, and each changed page's text diff.

>>> points("1/6"), points("-1/40"), relative("1/3"), relative(None)
('+16.7 points', '-2.5 points', '+33.3%', 'new')
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import percent, plural

MAX_SHIFTS_SHOWN = 8
"""Shifts of one check shown in text and Markdown (the JSON keeps more)."""


def points(shift: str) -> str:
    value = Fraction(shift) * 100
    return f"{'+' if value > 0 else ''}{float(value):.1f} points"


def relative(value: str | None) -> str:
    if value is None:
        return "new"
    amount = Fraction(value) * 100
    return f"{'+' if amount > 0 else ''}{float(amount):.1f}%"


def inputs(params: dict[str, Any]) -> str:
    """A parameter set in words: ``trait 12, difficulty 14``."""
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in params.items()) or "no inputs"


def shift_line(check: str, shift: dict[str, Any]) -> str:
    """``pips.odds at trait 12, difficulty 14: Full Success 7.5% -> 10% (+2.5 points, +33.3%)``."""
    return (f"{check} at {inputs(shift['params'])}: {shift['name']} {percent(Fraction(shift['old']))} -> "
            f"{percent(Fraction(shift['new']))} ({points(shift['shift'])}, {relative(shift['relative'])})")


PHRASES = (("checks_changed", "check changed", "checks changed"), ("checks_added", "check added", "checks added"),
           ("checks_removed", "check removed", "checks removed"), ("calls_renamed", "call renamed", "calls renamed"),
           ("calls_changed", "other call changed", "other calls changed"),
           ("declarations_changed", "declaration changed", "declarations changed"),
           ("table_cells_changed", "table cell changed", "table cells changed"),
           ("errata_appeared", "erratum appeared", "errata appeared"), ("errata_gone", "erratum gone", "errata gone"),
           ("things_changed", "thing changed", "things changed"), ("pages_changed", "page's text changed",
                                                                   "pages' text changed"),
           ("pages_moved", "page moved", "pages moved"), ("pages_added", "page added", "pages added"),
           ("pages_removed", "page removed", "pages removed"))


def sentence(summary: dict[str, Any]) -> str:
    """The summary of one game in one sentence.

    >>> sentence({"checks_changed": 3, "errata_gone": 1})
    '3 checks changed; 1 erratum gone.'
    """
    said = [f"{summary[key]} {one if summary[key] == 1 else many}" for key, one, many in PHRASES if summary.get(key)]
    if not said:
        return "Nothing changed."
    text = "; ".join(said)
    best = summary.get("biggest_shift")
    if best:
        text += f"; the biggest shift: {shift_line(best['check'], best)}"
    return text + "."


def _declared(section: str, found: dict[str, Any]) -> list[str]:
    out = [f"{section[:-1] if section.endswith('s') else section} added: {k}" for k in found["added"]]
    out += [f"{section[:-1] if section.endswith('s') else section} removed: {k}" for k in found["removed"]]
    for key, changes in found["changed"].items():
        for c in changes:
            out.append(f"{section[:-1] if section.endswith('s') else section} {key}: {c['path']} "
                       f"{json.dumps(c['old'])} -> {json.dumps(c['new'])}")
    return out


def game_lines(gid: str, found: dict[str, Any]) -> list[tuple[str, str]]:
    """(kind, text) lines of one game: ``h2``, ``h3``, ``p``, ``li`` or ``diff``."""
    out: list[tuple[str, str]] = [("h2", f"{found['title']} ({gid})")]
    if found["status"] != "changed":
        return out + [("p", f"The game was {found['status']}.")]
    out.append(("p", sentence(found["summary"])))
    calls = found["calls"]
    items = [f"{x['kind']} added: {x['name']}" for x in calls["added"]]
    items += [f"{x['kind']} removed: {x['name']}" for x in calls["removed"]]
    items += [f"renamed: {x['old']} -> {x['new']}" for x in calls["renamed"]]
    if items:
        out += [("h3", "Checks and calls")] + [("li", i) for i in items]
    for check in calls["checks"]:
        out.append(("h3", f"Check {check['name']}"))
        out.append(("p", f"Compared at {plural(check['compared'], 'input')}; the odds moved at "
                         f"{check['points_moved']}."))
        for name, change in check["params"]["changed"].items():
            out += [("li", f"input {name}: {c['path']} {json.dumps(c['old'])} -> {json.dumps(c['new'])}") for c in change]
        out += [("li", f"input added: {n}") for n in check["params"]["added"]]
        out += [("li", f"input removed: {n}") for n in check["params"]["removed"]]
        out += [("li", f"outcome added: {o}") for o in check["outcomes_added"]]
        out += [("li", f"outcome removed: {o}") for o in check["outcomes_removed"]]
        out += [("li", shift_line(check["name"], s)) for s in check["shifts"][:MAX_SHIFTS_SHOWN]]
        if check["shift_count"] > MAX_SHIFTS_SHOWN:
            out.append(("li", f"... and {check['shift_count'] - MAX_SHIFTS_SHOWN} smaller shifts"))
        if check["now_impossible_count"]:
            shown = "; ".join(inputs(p) for p in check["now_impossible"][:5])
            out.append(("li", f"inputs now impossible ({check['now_impossible_count']}): {shown}"))
        if check["newly_possible_count"]:
            shown = "; ".join(inputs(p) for p in check["newly_possible"][:5])
            out.append(("li", f"inputs newly possible ({check['newly_possible_count']}): {shown}"))
    if calls["calls"]:
        out.append(("h3", "Other calls whose answers changed"))
        out += [("li", f"{c['name']}: {c['answers_changed']} of {c['compared']} answers changed") for c in calls["calls"]]
    if found["declared"]:
        lines = [line for section, one in found["declared"].items() for line in _declared(section, one)]
        if lines:
            out += [("h3", "Declarations")] + [("li", line) for line in lines]
    tables = found["tables"]
    if tables["added"] or tables["removed"] or tables["changed"]:
        out.append(("h3", "Tables"))
        out += [("li", f"table added: {n}") for n in tables["added"]] + [("li", f"table removed: {n}") for n in tables["removed"]]
        for t in tables["changed"]:
            out += [("li", f"{t['name']}, row {c['row']}, column {c['column']}: {c['old']} -> {c['new']}") for c in t["cells"]]
            out += [("li", f"{t['name']}: row added {r}") for r in t["rows_added"]]
            out += [("li", f"{t['name']}: row removed {r}") for r in t["rows_removed"]]
    errata = found["errata"]
    if any(errata.values()):
        out.append(("h3", "Errata"))
        out += [("li", f"appeared: {e['where']}, {e['item']}: printed {e['printed']}, the rule gives {e['computed']}")
                for e in errata["appeared"]]
        out += [("li", f"gone: {e['where']}, {e['item']}") for e in errata["gone"]]
        out += [("li", f"changed: {e['where']}, {e['item']}: " + "; ".join(f"{c['path']} {c['old']} -> {c['new']}"
                                                                              for c in e["changes"])) for e in errata["changed"]]
    things = found["things"]
    if things["kinds_added"] or things["kinds_removed"] or things["kinds"]:
        out.append(("h3", "Things"))
        out += [("li", f"kind added: {k}") for k in things["kinds_added"]] + [("li", f"kind removed: {k}") for k in things["kinds_removed"]]
        for kind, one in things["kinds"].items():
            out += [("li", f"{kind}: added {e['name']} ({e['id']})") for e in one["added"]]
            out += [("li", f"{kind}: removed {e['name']} ({e['id']})") for e in one["removed"]]
            out += [("li", f"{kind}: renamed {e['id']}: {e['old']} -> {e['new']}") for e in one["renamed"]]
            out += [("li", f"{kind}: {e['name']} ({e['id']}): {c['path']} {json.dumps(c['old'])} -> {json.dumps(c['new'])}")
                    for e in one["changed"] for c in e["fields"]]
    pages = found["pages"]
    if any(pages.values()):
        out.append(("h3", "Pages"))
        out += [("li", f"moved: {m['old']} -> {m['new']}") for m in pages["moved"]]
        out += [("li", f"added: {p}") for p in pages["added"]] + [("li", f"removed: {p}") for p in pages["removed"]]
        for page in pages["changed"] + [m for m in pages["moved"] if len(m["diff"]) > 2]:
            out.append(("p", f"{page['title']} ({page.get('path') or page['new']}):"))
            out.append(("diff", "\n".join(page["diff"])))
    return out


def lines(report: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = [("h1", f"What changed from {report['old']} to {report['new']}")]
    for gid, found in report["games"].items():
        out += game_lines(gid, found)
    return out


def text(report: dict[str, Any]) -> str:
    """For a terminal."""
    out = []
    for kind, line in lines(report):
        if kind in ("h1", "h2"):
            out += ["", line, "=" * len(line) if kind == "h1" else "-" * len(line)]
        elif kind == "h3":
            out += ["", line]
        elif kind == "li":
            out.append(f"  - {line}")
        elif kind == "diff":
            out += ["    " + d for d in line.splitlines()]
        else:
            out.append(line)
    return "\n".join(out).strip() + "\n"


def _md_escape(line: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<#|" else ch for ch in line)


def markdown(report: dict[str, Any]) -> str:
    """Markdown (designers' text escaped; diffs in fenced blocks)."""
    out = []
    marks = {"h1": "# ", "h2": "## ", "h3": "### "}
    for kind, line in lines(report):
        if kind in marks:
            out += ["", marks[kind] + _md_escape(line), ""]
        elif kind == "li":
            out.append(f"- {_md_escape(line)}")
        elif kind == "diff":
            fence = "```" + ("`" * line.count("```"))
            out += ["", fence + "diff", line, fence, ""]
        else:
            out += ["", _md_escape(line), ""]
    text = "\n".join(out).strip() + "\n"
    return re.sub(r"\n{3,}", "\n\n", text)
