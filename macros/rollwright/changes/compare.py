"""Two snapshots compared: per game, the checks whose odds moved (largest shifts first), the calls whose answers
changed, and the parts of :mod:`.parts`.

A *check* is a call whose answer lists outcomes with their chances (a data game's checks, and any Python
game's call that answers ``[{"key", "name", "p"}, ...]``). For each check in both versions, every point
(parameter set) both versions answer is compared outcome by outcome, exactly; shifts are new minus old, in
points of probability, and relative to the old chance where it was not zero. Points one version answers and
the other refuses (or no longer declares) are inputs now impossible or newly possible.

>>> old = {"results": {'{"n":1}': {"odds": {"hit": "1/2", "miss": "1/2"}}}, "outcomes": {"hit": "Hit", "miss": "Miss"},
...        "params": [], "odds_field": "outcomes"}
>>> new = {"results": {'{"n":1}': {"odds": {"hit": "2/3", "miss": "1/3"}}}, "outcomes": {"hit": "Hit", "miss": "Miss"},
...        "params": [], "odds_field": "outcomes"}
>>> [(s["outcome"], s["shift"], s["relative"]) for s in check("x", old, new)["shifts"]]
[('hit', '1/6', '1/3'), ('miss', '-1/6', '-1/3')]
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from rollwright.changes import parts

FORMAT = "rollwright-changes/1"
MAX_SHIFTS = 25
"""Most shifts of one check kept in a report (counted whole)."""
MAX_POINTS_LISTED = 20
"""Most inputs now impossible (or newly possible) listed per check (counted whole)."""


def _accepted(call: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in call.get("results", {}).items() if "refused" not in v}


def params_changes(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> dict[str, Any]:
    """A call's declared parameters compared by name: added, removed, and what changed in each (its range...)."""
    found = parts.keyed({p["name"]: p for p in old}, {p["name"]: p for p in new})
    for name, leaves in found["changed"].items():  # a range's description follows the range: say it once
        if any(c["path"] != "description" for c in leaves):
            found["changed"][name] = [c for c in leaves if c["path"] != "description"]
    return found


def _relative(shift: Fraction, before: Fraction) -> str | None:
    return None if before == 0 else str(shift / before)


def check(name: str, old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """One check in both versions: its parameters' changes, the odds shifts, the inputs lost and gained."""
    before, after = _accepted(old), _accepted(new)
    names = {**old.get("outcomes", {}), **new.get("outcomes", {})}
    shifts: list[dict[str, Any]] = []
    moved_points = 0
    common = [k for k in before if k in after and "odds" in before[k] and "odds" in after[k]]
    for point in common:
        a, b = before[point]["odds"], after[point]["odds"]
        moved = False
        for outcome in list(a) + [o for o in b if o not in a]:
            p, q = Fraction(a.get(outcome, "0")), Fraction(b.get(outcome, "0"))
            if p != q:
                moved = True
                shifts.append({"params": json.loads(point), "outcome": outcome, "name": names.get(outcome, outcome),
                               "old": str(p), "new": str(q), "shift": str(q - p), "relative": _relative(q - p, p)})
        moved_points += moved
    shifts.sort(key=lambda s: (-abs(Fraction(s["shift"])), json.dumps(s["params"], sort_keys=True), s["outcome"]))
    lost = [json.loads(k) for k in before if k not in after]
    gained = [json.loads(k) for k in after if k not in before]
    return {"name": name, "params": params_changes(old.get("params", []), new.get("params", [])),
            "outcomes_added": [o for o in new.get("outcomes", {}) if o not in old.get("outcomes", {})],
            "outcomes_removed": [o for o in old.get("outcomes", {}) if o not in new.get("outcomes", {})],
            "outcome_names": names, "compared": len(common), "points_moved": moved_points,
            "shift_count": len(shifts), "shifts": shifts[:MAX_SHIFTS],
            "now_impossible": lost[:MAX_POINTS_LISTED], "now_impossible_count": len(lost),
            "newly_possible": gained[:MAX_POINTS_LISTED], "newly_possible_count": len(gained)}


def _is_check(call: dict[str, Any]) -> bool:
    return bool(call.get("odds_field"))


def _same_answers(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two calls answer alike wherever both answer (odds for checks, else the whole answer)."""
    a, b = _accepted(old), _accepted(new)
    common = [k for k in a if k in b]
    what = "odds" if _is_check(old) and _is_check(new) else "digest"
    return bool(common) and all(a[k].get(what) == b[k].get(what) for k in common)


def _renames(old: dict[str, Any], new: dict[str, Any], gone: list[str], came: list[str]) -> list[dict[str, str]]:
    """Calls that went away while a call with the same parameters and the same answers came."""
    found = []
    for name in list(gone):
        for other in came:
            same_params = [p["name"] for p in old[name].get("params", [])] == [p["name"] for p in new[other].get("params", [])]
            if same_params and _same_answers(old[name], new[other]):
                found.append({"old": name, "new": other})
                gone.remove(name)
                came.remove(other)
                break
    return found


def calls(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Every call of a game: checks (odds) and other calls (answers), added, removed, renamed, changed."""
    gone = [n for n in old if n not in new]
    came = [n for n in new if n not in old]
    renamed = _renames(old, new, gone, came)
    pairs = [(n, n) for n in old if n in new] + [(r["old"], r["new"]) for r in renamed]
    checks, others = [], []
    for before, after in pairs:
        a, b = old[before], new[after]
        if _is_check(a) or _is_check(b):
            found = check(after, a, b)
            if found["shift_count"] or found["now_impossible_count"] or found["newly_possible_count"] or \
                    any(found["params"].values()) or found["outcomes_added"] or found["outcomes_removed"]:
                checks.append(found)
            continue
        ra, rb = a.get("results", {}), b.get("results", {})
        common = [k for k in ra if k in rb]
        differ = sum(1 for k in common if ra[k] != rb[k])
        params = params_changes(a.get("params", []), b.get("params", []))
        if differ or any(params.values()) or set(ra) != set(rb):
            others.append({"name": after, "params": params, "compared": len(common), "answers_changed": differ,
                           "skipped": b.get("skipped") or a.get("skipped")})
    checks.sort(key=lambda c: -abs(Fraction(c["shifts"][0]["shift"])) if c["shifts"] else 0)
    kinds = {n: "check" if _is_check(new[n]) else "call" for n in came}
    kinds.update({n: "check" if _is_check(old[n]) else "call" for n in gone})
    return {"added": [{"name": n, "kind": kinds[n]} for n in came],
            "removed": [{"name": n, "kind": kinds[n]} for n in gone], "renamed": renamed,
            "checks": checks, "calls": others,
            "not_compared": sorted({n: (new.get(n) or old.get(n) or {}).get("skipped") for n in set(old) | set(new)
                                    if (new.get(n) or old.get(n) or {}).get("skipped")}.items())}


def game(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """One game in both versions."""
    return {"title": new["title"], "docs": new["docs"], "status": "changed",
            "calls": calls(old["calls"], new["calls"]),
            "declared": parts.declarations(old.get("declared"), new.get("declared")),
            "tables": parts.tables(old["tables"], new["tables"]),
            "errata": parts.errata(old["errata"], new["errata"]),
            "things": parts.things(old["things"], new["things"]),
            "pages": parts.pages(old["pages"], new["pages"])}


def compare(old: dict[str, Any], new: dict[str, Any], old_label: str = "old", new_label: str = "new") -> dict[str, Any]:
    """Two snapshots (:mod:`.snapshot`) compared game by game (games matched by id)."""
    games: dict[str, Any] = {}
    for gid, data in new["games"].items():
        if gid not in old["games"]:
            games[gid] = {"title": data["title"], "docs": data["docs"], "status": "added"}
        else:
            games[gid] = game(old["games"][gid], data)
            games[gid]["summary"] = summary(games[gid])
    for gid, data in old["games"].items():
        if gid not in new["games"]:
            games[gid] = {"title": data["title"], "docs": data["docs"], "status": "removed"}
    return {"format": FORMAT, "old": old_label, "new": new_label, "games": games}


def biggest(found: dict[str, Any]) -> dict[str, Any] | None:
    """A game's largest odds shift (with its check's name), or None."""
    best = None
    for one in found["calls"]["checks"]:
        if one["shifts"] and (best is None or abs(Fraction(one["shifts"][0]["shift"])) > abs(Fraction(best["shift"]))):
            best = {"check": one["name"], **one["shifts"][0]}
    return best


def summary(found: dict[str, Any]) -> dict[str, Any]:
    """Counts of what changed in one game, and its biggest shift."""
    c, t, e, th, p = found["calls"], found["tables"], found["errata"], found["things"], found["pages"]
    declared = found["declared"] or {}
    return {"checks_changed": len(c["checks"]),
            "checks_added": sum(1 for x in c["added"] if x["kind"] == "check"),
            "checks_removed": sum(1 for x in c["removed"] if x["kind"] == "check"),
            "calls_renamed": len(c["renamed"]), "calls_changed": len(c["calls"]),
            "declarations_changed": sum(len(s["added"]) + len(s["removed"]) + len(s["changed"]) for s in declared.values()),
            "table_cells_changed": sum(x["cells_changed"] for x in t["changed"]),
            "tables_added": len(t["added"]), "tables_removed": len(t["removed"]),
            "errata_appeared": len(e["appeared"]), "errata_gone": len(e["gone"]),
            "things_changed": sum(len(k["added"]) + len(k["removed"]) + len(k["renamed"]) + len(k["changed"])
                                  for k in th["kinds"].values()) + len(th["kinds_added"]) + len(th["kinds_removed"]),
            "pages_changed": len(p["changed"]), "pages_moved": len(p["moved"]),
            "pages_added": len(p["added"]), "pages_removed": len(p["removed"]),
            "biggest_shift": biggest(found)}


def is_empty(summary_of: dict[str, Any]) -> bool:
    return not any(v for k, v in summary_of.items())
