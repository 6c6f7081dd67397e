"""A game's quick reference (``quick_reference(game)``, issue 40): the odds it prints are the engine's exact
ones, checked by brute force over every face; a bad ``[quick_reference]`` is named by file, line and key."""

from __future__ import annotations

import html
import itertools
import re
import sys
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from rollwright.data.loader import load_text
from rollwright.errors import DeclarationError
from rollwright.kit import discovery
from rollwright.kit.numbers import percent
from rollwright.kit.reload import forget_systems
from rollwright.mkdocs.quick_reference import quick_reference

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "designers" / "gallery"
ROW = re.compile(r'<tr><th scope="row">([^<]+)</th><td>[^<]*</td><td class="rw-num">([^<]+)</td>'
                 r'<td class="rw-num">([^<]+)</td></tr>')


def _rows(markdown: str) -> dict[str, tuple[str, str]]:
    """Each outcome row of the quick reference: name -> (percent, exact)."""
    return {html.unescape(name): (html.unescape(p), exact) for name, p, exact in ROW.findall(markdown)}


def _shown(odds: Counter[str], total: int) -> dict[str, tuple[str, str]]:
    return {name: (percent(Fraction(n, total)), str(Fraction(n, total))) for name, n in odds.items() if n}


def test_a_python_games_quick_reference_shows_the_exact_odds_of_its_core_roll() -> None:
    out = quick_reference("facade")
    assert "<code>1d10+d10</code>" in out and "Trait 10, Difficulty 10" in out  # the stated input
    names = ("Minimal", "Minor", "Full", "Good")
    odds: Counter[str] = Counter()
    for a, b in itertools.product(range(1, 11), repeat=2):  # trait 10 rolls d10 + d10, against 10
        margin = a + b - 10
        odds["Complete Failure" if margin <= -3 else "Near Miss" if margin < 0 else f"{names[margin // 3]} Success"] += 1
    assert _rows(out) == _shown(odds, 100)
    assert "Out of reach at these inputs: Epic Success, Legendary Success" in out  # levels 4-9: past a sum of 20
    assert 'data-rw-table="facade-traits"' in out  # the dice chart it declares


@pytest.fixture
def gallery_ladder() -> Iterator[None]:
    """The flagship's games, with the gallery's Fudge-dice game (declared as data) as an example game."""
    flagship, examples = discovery.system_packages(), discovery.example_packages()
    if "ladder" in examples:  # the site's mkdocs.yml names the gallery's games as examples: already loaded
        discovery.load_all()
        yield
        return
    sys.path.insert(0, str(GALLERY))
    try:
        discovery.use_systems(flagship, examples=[*examples, "ladder"])
        yield
    finally:
        forget_systems(["ladder"])
        sys.path.remove(str(GALLERY))
        discovery.use_systems(flagship, examples)


def test_a_data_games_quick_reference_is_its_first_check_at_its_defaults(gallery_ladder: None) -> None:
    out = quick_reference("ladder")
    assert "<code>4dF+2</code>" in out and "Skill 2, Difficulty 2" in out
    odds: Counter[str] = Counter()
    for faces in itertools.product((-1, 0, 1), repeat=4):  # 4dF + skill 2 against difficulty 2
        margin = sum(faces)
        odds["Succeed with style" if margin >= 3 else "Success" if margin >= 1 else "Tie" if margin == 0
             else "Failure"] += 1
    assert _rows(out) == _shown(odds, 81)


GAME = """[inputs.skill]
label = "Skill"
min = 0
max = 5
default = 2

[checks.overcome]
roll = "4dF + {skill}"
against = "3"
bands = [
  { key = "success", name = "Success", from = 0 },
  { key = "fail", name = "Failure", to = -1, succeeds = false },
]

[tables.odds]
title = "Odds"
check = "overcome"
rows = "skill"
columns = "outcomes"

[quick_reference]
"""


def test_a_declared_quick_reference_picks_the_input_and_the_table() -> None:
    from rollwright.data.quick import quick_sheet

    game = load_text(GAME + 'inputs = { skill = 5 }\ntable = "odds"\nroll = "Four Fudge dice."\n', "fate/game.toml",
                     system_id="fate")
    sheet = quick_sheet(game)
    assert (sheet.notation, sheet.at, sheet.table, sheet.roll) == ("4dF+5", "Skill 5", "fate-odds", "Four Fudge dice.")
    at_least = sum(1 for faces in itertools.product((-1, 0, 1), repeat=4) if sum(faces) + 5 >= 3)
    assert [(band.name, band.chance) for band in sheet.bands] == [("Success", Fraction(at_least, 81)),
                                                                  ("Failure", Fraction(81 - at_least, 81))]


@pytest.mark.parametrize(("tail", "line", "key", "words"), [
    ('chek = "overcome"\n', 22, "quick_reference.chek", "did you mean 'check'"),
    ('check = "overcom"\n', 22, "quick_reference.check", "did you mean 'overcome'"),
    ('inputs = { skill = 9 }\n', 22, "quick_reference.inputs.skill", "from 0 to 5 (got 9)"),
    ('inputs = { skil = 1 }\n', 22, "quick_reference.inputs.skil", "takes no input 'skil'"),
    ('table = "od"\n', 22, "quick_reference.table", "no table 'od'"),
])
def test_a_bad_quick_reference_is_named_by_file_line_and_key(tail: str, line: int, key: str, words: str) -> None:
    with pytest.raises(DeclarationError) as raised:
        load_text(GAME + tail, "fate/game.toml", system_id="fate")
    error = raised.value
    assert (error.file, error.line, error.key) == ("fate/game.toml", line, key)
    assert words in str(error)
