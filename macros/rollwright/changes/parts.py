"""Comparing the parts of a game that are not odds: declarations, tables, errata, things and pages.

>>> leaf_changes({"a": 1, "b": {"c": 2}}, {"a": 1, "b": {"c": 3}, "d": 4})
[{'path': 'b.c', 'old': 2, 'new': 3}, {'path': 'd', 'old': None, 'new': 4}]
>>> cells({"headers": ["n", "odds"], "rows": [["1", "50%"]], "row_keys": None},
...       {"headers": ["n", "odds"], "rows": [["1", "55%"], ["2", "10%"]], "row_keys": None})
{'cells': [{'row': '1', 'column': 'odds', 'old': '50%', 'new': '55%'}], 'rows_added': ['2'], 'rows_removed': [], 'columns_added': [], 'columns_removed': []}
"""

from __future__ import annotations

import difflib
from typing import Any

MAX_DIFF_LINES = 200
"""Most lines of one page's text diff kept in a report."""
MAX_CELLS = 200
"""Most changed cells of one table kept in a report (the count is always whole)."""
MOVED_LIKENESS = 0.6
"""How alike (difflib's ratio) a removed page and an added one must be to count as moved, if their titles differ."""


def leaf_changes(old: Any, new: Any, path: str = "") -> list[dict[str, Any]]:
    """Every leaf that differs between two plain values, by its dotted path (None: absent)."""
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[dict[str, Any]] = []
        for name in list(old) + [k for k in new if k not in old]:
            found += leaf_changes(old.get(name), new.get(name), f"{path}.{name}" if path else str(name))
        return found
    return [] if old == new else [{"path": path, "old": old, "new": new}]


def keyed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Entries of two mappings: added and removed keys, and each changed entry's leaf changes."""
    return {"added": [k for k in new if k not in old], "removed": [k for k in old if k not in new],
            "changed": {k: leaf_changes(old[k], new[k]) for k in old if k in new and old[k] != new[k]}}


def declarations(old: dict[str, Any] | None, new: dict[str, Any] | None) -> dict[str, Any] | None:
    """A data game's declarations compared section by section (inputs, checks, ladders, tables, formulas, fields)."""
    if old is None and new is None:
        return None
    old, new = old or {}, new or {}
    return {section: keyed(old.get(section, {}), new.get(section, {}))
            for section in ("inputs", "checks", "ladders", "tables", "formulas", "fields")}


def _labels(table: dict[str, Any]) -> list[str]:
    keys = table.get("row_keys")
    if keys:
        return list(keys)
    return [row[0] if row else str(index) for index, row in enumerate(table["rows"])]


def cells(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The cells of one table that changed (rows by key or first cell, columns by header), rows and columns added."""
    old_rows = dict(zip(_labels(old), old["rows"]))
    new_rows = dict(zip(_labels(new), new["rows"]))
    old_cols, new_cols = list(old["headers"]), list(new["headers"])
    changed = []
    for label, row in old_rows.items():
        other = new_rows.get(label)
        if other is None:
            continue
        for index, header in enumerate(old_cols):
            if header in new_cols and index < len(row) and new_cols.index(header) < len(other):
                before, after = row[index], other[new_cols.index(header)]
                if before != after:
                    changed.append({"row": label, "column": header, "old": before, "new": after})
    return {"cells": changed, "rows_added": [r for r in new_rows if r not in old_rows],
            "rows_removed": [r for r in old_rows if r not in new_rows],
            "columns_added": [c for c in new_cols if c not in old_cols],
            "columns_removed": [c for c in old_cols if c not in new_cols]}


def tables(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Every generated table: added, removed, and the cells that changed (old -> new)."""
    changed = []
    for name in old:
        if name in new and old[name] != new[name] and "rows" in old[name] and "rows" in new[name]:
            found = cells(old[name], new[name])
            total = len(found["cells"])
            found["cells"] = found["cells"][:MAX_CELLS]
            changed.append({"name": name, "caption": new[name]["caption"], "cells_changed": total, **found})
    return {"added": [n for n in new if n not in old], "removed": [n for n in old if n not in new], "changed": changed}


def errata(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Errata that appeared, went away, or now print or compute another value."""
    return {"appeared": [{"key": k, **new[k]} for k in new if k not in old],
            "gone": [{"key": k, **old[k]} for k in old if k not in new],
            "changed": [{"key": k, "where": new[k]["where"], "item": new[k]["item"],
                         "changes": leaf_changes(old[k], new[k])} for k in old if k in new and old[k] != new[k]]}


def things(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Kinds added and removed; per kind, entries added, removed, renamed (same id, new name), changed field by field."""
    kinds: dict[str, Any] = {}
    for kind in old:
        if kind not in new or old[kind] == new[kind]:
            continue
        before, after = old[kind]["entries"], new[kind]["entries"]
        renamed, changed = [], []
        for entry in before:
            if entry not in after or before[entry] == after[entry]:
                continue
            if before[entry]["name"] != after[entry]["name"]:
                renamed.append({"id": entry, "old": before[entry]["name"], "new": after[entry]["name"]})
            fields = [c for c in leaf_changes(before[entry], after[entry]) if c["path"] != "name"]
            if fields:
                changed.append({"id": entry, "name": after[entry]["name"], "fields": fields})
        kinds[kind] = {"title": new[kind]["title"],
                       "added": [{"id": e, "name": after[e]["name"]} for e in after if e not in before],
                       "removed": [{"id": e, "name": before[e]["name"]} for e in before if e not in after],
                       "renamed": renamed, "changed": changed,
                       "fields": keyed(old[kind]["fields"], new[kind]["fields"])}
    return {"kinds_added": [k for k in new if k not in old], "kinds_removed": [k for k in old if k not in new],
            "kinds": kinds}


def text_diff(old: str, new: str, old_name: str, new_name: str) -> list[str]:
    """A unified diff of two pages' Markdown, two lines of context, capped at :data:`MAX_DIFF_LINES` lines."""
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), old_name, new_name, n=2, lineterm=""))
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more lines)"]
    return lines


def pages(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Pages added, removed, moved (a removed page and an added one with its title or most of its text), and
    each page whose text changed as a text diff."""
    gone = [p for p in old if p not in new]
    came = [p for p in new if p not in old]
    moved = []
    for path in list(gone):
        best, likeness = None, 0.0
        for other in came:
            same_title = old[path]["title"] == new[other]["title"]
            ratio = 1.0 if same_title else difflib.SequenceMatcher(None, old[path]["text"], new[other]["text"]).quick_ratio()
            if ratio > likeness:
                best, likeness = other, ratio
        if best is not None and likeness >= MOVED_LIKENESS:
            moved.append({"old": path, "new": best, "title": new[best]["title"],
                          "diff": text_diff(old[path]["text"], new[best]["text"], path, best)})
            gone.remove(path)
            came.remove(best)
    changed = [{"path": p, "title": new[p]["title"], "diff": text_diff(old[p]["text"], new[p]["text"], p, p)}
               for p in old if p in new and old[p]["digest"] != new[p]["digest"]]
    return {"added": came, "removed": gone, "moved": moved, "changed": changed}
