"""Pips's tests: the checks every Rollwright game must pass, then the game's own.

Run them with ``pytest`` (``pip install pytest`` first). ``rollwright check`` runs the same
checks without pytest.
"""

from pathlib import Path

from rollwright.checks import run_checks
from rollwright.kit.api import call

SITE = Path(__file__).resolve().parents[1] / "mkdocs.yml"


def test_the_game_passes_every_check() -> None:
    report = run_checks(SITE)
    assert report.ok, report.text()


def test_a_hard_task_with_three_dice() -> None:
    # Each die hits one time in three: exactly two hits is 3 x (1/3)^2 x (2/3) = 6/27, all three 1/27.
    assert call("pips.odds", {"dice": 3, "need": 2})["success"] == "7/27"
