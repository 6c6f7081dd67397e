"""``rollwright diff`` on Dial in two versions (tests/changes/fixture.py): the exact report, against brute force."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rollwright.changes import report
from rollwright.changes.command import changes
from tests.changes.fixture import VERSIONS, make_repo, write


def brute_move(edge: int, version: int) -> dict[str, Fraction]:
    """Dial's Move by enumerating 2d6: each outcome's chance at this edge, in this version."""
    hit_from, cost_to = VERSIONS[version]["hit_from"], VERSIONS[version]["cost_to"]
    counts = {"hit": 0, "cost": 0, "miss": 0}
    for a, b in itertools.product(range(1, 7), repeat=2):
        total = a + b + edge
        counts["hit" if total >= hit_from else "cost" if 7 <= total <= cost_to else "miss"] += 1
    return {k: Fraction(v, 36) for k, v in counts.items()}


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    base = tmp_path_factory.mktemp("dial")
    write(base / "v1", 1)
    write(base / "v2", 2)
    return changes("v1", "v2", base, use_cache=False)


def test_odds_shifts_are_exact_and_largest_first(found: dict[str, Any]) -> None:
    dial = found["games"]["dial"]
    (move,) = dial["calls"]["checks"]
    assert move["name"] == "dial.move" and move["compared"] == 3 and move["points_moved"] == 3
    expected = {}
    for edge in (0, 1, 2):
        old, new = brute_move(edge, 1), brute_move(edge, 2)
        for outcome in old:
            if old[outcome] != new[outcome]:
                expected[(edge, outcome)] = (old[outcome], new[outcome])
    got = {(s["params"]["edge"], s["outcome"]): (Fraction(s["old"]), Fraction(s["new"])) for s in move["shifts"]}
    assert got == expected
    sizes = [abs(Fraction(s["shift"])) for s in move["shifts"]]
    assert sizes == sorted(sizes, reverse=True)
    first = move["shifts"][0]
    assert (first["params"], first["shift"], first["relative"]) == ({"edge": 2}, "-1/6", "-2/5")
    assert move["newly_possible"] == [{"edge": 3}] and move["now_impossible_count"] == 0
    assert move["params"]["changed"] == {"edge": [{"path": "maximum", "old": 2, "new": 3}]}
    assert dial["summary"]["biggest_shift"]["check"] == "dial.move"


def test_checks_added_and_removed_and_declarations(found: dict[str, Any]) -> None:
    calls = found["games"]["dial"]["calls"]
    assert {"name": "dial.parry", "kind": "check"} in calls["added"]
    assert {"name": "dial.dodge", "kind": "check"} in calls["removed"]
    declared = found["games"]["dial"]["declared"]
    assert declared["checks"]["added"] == ["parry"] and declared["checks"]["removed"] == ["dodge"]
    assert sorted(declared["checks"]["changed"]["move"], key=lambda c: c["path"]) == [
        {"path": "bands.cost.high", "old": 9, "new": 8}, {"path": "bands.hit.low", "old": 10, "new": 9}]
    assert declared["inputs"]["changed"]["edge"] == [{"path": "high", "old": 2, "new": 3}]


def test_table_cells_things_and_pages(found: dict[str, Any]) -> None:
    dial = found["games"]["dial"]
    (table,) = dial["tables"]["changed"]
    assert table["name"] == "dial-moves" and table["rows_added"] == ["3"]
    cells = {(c["row"], c["column"]): (c["old"], c["new"]) for c in table["cells"]}
    assert cells[("0", "Hit")] == ("16.7%", "27.8%")  # 6/36 -> 10/36
    assert len(cells) == 6
    gear = dial["things"]["kinds"]["gear"]
    assert gear["renamed"] == [{"id": "rope", "old": "Rope", "new": "Hemp rope"}]
    assert gear["changed"] == [{"id": "rope", "name": "Hemp rope", "fields": [{"path": "weight", "old": 2, "new": 3}]}]
    assert [(m["old"], m["new"], m["title"]) for m in dial["pages"]["moved"]] == [
        ("dial/gear.md", "dial/kit/gear.md", "Gear")]
    (page,) = dial["pages"]["changed"]
    assert "-A total of 10 or more is a hit." in page["diff"] and "+A total of 9 or more is a hit." in page["diff"]


def test_text_and_markdown_read_well(found: dict[str, Any]) -> None:
    text = report.text(found)
    assert "1 check changed; 1 check added; 1 check removed" in text
    assert "dial.move at edge 2: Hit at a cost 41.7% -> 25% (-16.7 points, -40.0%)" in text
    assert "gear: renamed rope: Rope -> Hemp rope" in text
    markdown = report.markdown(found)
    assert markdown.startswith("# What changed from v1 to v2\n") and "\n## Dial (dial)\n" in markdown
    assert "```diff\n--- dial/index.md" in markdown
    assert json.loads(json.dumps(found)) == found


def test_git_revisions_leave_the_working_tree_alone_and_are_cached(tmp_path: Path, found: dict[str, Any]) -> None:
    repo = make_repo(tmp_path / "srd")
    (repo / "docs" / "dial" / "index.md").write_text("# Dial\n\nUnsaved edit.\n")  # the working tree's own state
    from_git = changes("v1", "HEAD", repo)
    assert from_git["games"]["dial"]["calls"] == found["games"]["dial"]["calls"]
    assert from_git["games"]["dial"]["tables"] == found["games"]["dial"]["tables"]
    assert (repo / "docs" / "dial" / "index.md").read_text() == "# Dial\n\nUnsaved edit.\n"
    cached = sorted((repo / ".cache" / "rollwright" / "changes").glob("*.json"))
    assert len([p for p in cached if not p.name.startswith("game-")]) == 2  # one snapshot per revision
    assert len([p for p in cached if p.name.startswith("game-")]) == 2  # and Dial's answers in each
    again = changes("v1", "HEAD", repo)  # from the cache: the same report
    assert again == from_git
    with pytest.raises(Exception, match="neither a folder nor a revision"):
        changes("v0", "HEAD", repo)
