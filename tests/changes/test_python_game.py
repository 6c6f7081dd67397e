"""``rollwright diff`` on a game written in Python: the scaffold's Pips, its hit widened from 5-6 to 4-6 in the
second version. Compared through its registry calls; every shift exact, against brute force."""

from __future__ import annotations

import itertools
import shutil
from fractions import Fraction
from pathlib import Path

from rollwright.changes.command import changes
from rollwright.kit.numbers import percent
from tests.support.fixture_site import TEMPLATE

RULE = Path("pips") / "rules" / "hits.py"


def brute(dice: int, need: int, hit_from: int) -> Fraction:
    """The chance of at least ``need`` hits on ``dice`` d6, each die showing ``hit_from`` or more a hit."""
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for r in rolls if sum(f >= hit_from for f in r) >= need), len(rolls))


def test_a_python_game_is_compared_through_its_calls(tmp_path: Path) -> None:
    for name in ("v1", "v2"):
        shutil.copytree(TEMPLATE, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", ".cache", "site"))
    rule = tmp_path / "v2" / RULE
    rule.write_text(rule.read_text().replace("P_HIT = Fraction(2, 6)", "P_HIT = Fraction(3, 6)"))
    pips = changes("v1", "v2", tmp_path, use_cache=False)["games"]["pips"]
    odds = next(c for c in pips["calls"]["checks"] if c["name"] == "pips.odds")
    assert odds["compared"] == 18 and odds["points_moved"] == 18 - 3  # need > dice: never, in both
    assert odds["shift_count"] == 2 * 15
    for shift in odds["shifts"]:
        dice, need = shift["params"]["dice"], shift["params"]["need"]
        old, new = brute(dice, need, 5), brute(dice, need, 4)
        if shift["outcome"] == "no":
            old, new = 1 - old, 1 - new
        assert (Fraction(shift["old"]), Fraction(shift["new"]), Fraction(shift["shift"])) == (old, new, new - old)
    (table,) = [t for t in pips["tables"]["changed"] if t["name"] == "pips-odds"]
    for cell in table["cells"]:
        dice, need = int(cell["row"]), int(cell["column"].split()[0])
        assert cell["new"].split(" (printed")[0] == percent(brute(dice, need, 4))
    assert table["cells_changed"] == 15
    # the draft's printed cells that the old rule gave are errata under the new one; the one already wrong changed
    assert [(e["item"], e["printed"], e["computed"]) for e in pips["errata"]["appeared"]] == [
        ("1 dice, 1 hits", "33.3%", "50%"), ("2 dice, 1 hits", "55.6%", "75%"), ("3 dice, 1 hits", "70.4%", "87.5%")]
    assert [(e["item"], e["changes"]) for e in pips["errata"]["changed"]] == [
        ("3 dice, 2 hits", [{"path": "computed", "old": "25.9%", "new": "50%"}])]
    assert pips["summary"]["biggest_shift"]["params"] == {"dice": 6, "need": 3}
