"""Games declared as data give the same answers as the same rules written in Python, on every input.

Pips (the scaffold's game, as data and as Python), a 2d6+stat game against brute force, Façade's
core check and Facets' outcome bands against the bundled Python calls.
"""

from __future__ import annotations

import importlib.util
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from rollwright.data.checks import extra_odds, outcome_odds
from rollwright.data.loader import load_file, load_text
from rollwright.kit import errata

GAMES = Path(__file__).parent / "games"
SCAFFOLD = Path(__file__).resolve().parents[2] / "macros" / "rollwright" / "scaffold"


def _python_pips_hits():  # the template's rules module, loaded by path (its package is not this site's)
    spec = importlib.util.spec_from_file_location("python_pips_hits", SCAFFOLD / "template/pips/rules/hits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    before = list(errata._SOURCES)
    spec.loader.exec_module(module)
    errata._SOURCES[:] = before  # its errata source belongs to the template's site, not this one
    return module


def test_pips_as_data_equals_pips_in_python_on_every_input() -> None:
    hits = _python_pips_hits()
    game = load_file(SCAFFOLD / "template-data/pips/game.toml")
    check = game.checks["odds"]
    for dice, need in itertools.product(range(1, hits.MAX_DICE + 1), range(1, hits.MAX_NEED + 1)):
        odds = dict((o.key, p) for o, p in outcome_odds(check, {"dice": dice, "need": need}, game.ladders))
        assert odds["success"] == hits.chance(dice, need), (dice, need)
        assert odds["failure"] == 1 - hits.chance(dice, need)


def test_pips_as_data_finds_the_same_erratum_as_python() -> None:
    from rollwright.data.install import errata as data_errata

    game = load_file(SCAFFOLD / "template-data/pips/game.toml")
    found = [(e.printed, e.computed) for e in data_errata(game)]
    assert found == [("30%", "25.9%")]


def _brute_2d6(stat: int, advantage: bool) -> dict[str, Fraction]:
    counts = {"hit": 0, "cost": 0, "miss": 0}
    rolls = list(itertools.product(range(1, 7), repeat=3 if advantage else 2))
    for faces in rolls:
        total = sum(sorted(faces)[-2:]) + stat
        counts["hit" if total >= 10 else "cost" if total >= 7 else "miss"] += 1
    return {key: Fraction(n, len(rolls)) for key, n in counts.items()}


@pytest.mark.parametrize("advantage", [False, True])
def test_a_2d6_plus_stat_game_as_data_equals_brute_force(advantage: bool) -> None:
    game = load_file(GAMES / "flip.toml")
    for stat in range(-1, 3):
        odds = {o.key: p for o, p in outcome_odds(game.checks["move"], {"stat": stat}, game.ladders,
                                                 "advantage" if advantage else None)}
        assert odds == _brute_2d6(stat, advantage)


def test_the_2d6_plus_stat_game_is_short() -> None:
    lines = [line for line in (GAMES / "flip.toml").read_text().splitlines() if line.strip()]
    assert len(lines) < 60  # against 441 lines of Python for the same game


def test_facades_core_check_as_data_equals_the_bundled_call_on_every_input() -> None:
    from facade.rules.odds import MAX_DIFFICULTY, MIN_DIFFICULTY, outcome_odds as facade_odds
    from facade.rules.traits import MAX_TRAIT, MIN_TRAIT

    game = load_file(GAMES / "facade_core.toml", system_id="facadedata")
    check = game.checks["core"]
    for trait in range(MIN_TRAIT, MAX_TRAIT + 1):
        for difficulty in range(MIN_DIFFICULTY, MAX_DIFFICULTY + 1):
            ours = {o.key: p for o, p in outcome_odds(check, {"trait": trait, "difficulty": difficulty},
                                                       game.ladders)}
            assert ours == dict(facade_odds(trait, difficulty).by_key), (trait, difficulty)


def test_facets_bands_as_data_equal_the_bundled_rules_on_every_input() -> None:
    from facets.rules.bands import advantage_odds, band_odds
    from facets.rules.dice import DIE_STEPS, roll_distribution

    game = load_file(GAMES / "facets_bands.toml", system_id="facetsdata")
    check = game.checks["check"]
    for step, sides in enumerate(DIE_STEPS, start=1):
        roll = roll_distribution(sides)
        for bonus in range(-10, 21, 3):
            for tn in range(1, 61):
                values = {"step": step, "bonus": bonus, "tn": tn}
                ours = {o.key: p for o, p in outcome_odds(check, values, game.ladders)}
                assert ours == band_odds(roll, tn, bonus), values
                extras = dict(extra_odds(check, values, game.ladders)["advantage"])
                assert extras == advantage_odds(roll, tn, bonus), values


def test_a_mixed_game_adds_data_to_a_python_declaration() -> None:
    from rollwright.kit.system import Page, System

    system = System("mixed", "Mixed", "A test.", "a test", "mixed", (Page("mixed/index.md", "Mixed"),))
    game = load_text((GAMES / "facade_core.toml").read_text(), "mixed/game.toml", system=system)
    assert game.system is system and not game.declares_system and "core" in game.checks


def test_a_character_uses_the_games_ladders_in_its_formulas() -> None:
    from rollwright.data.character import derived_values, problems, read

    game = load_text('''
[ladders.cost]
from = 0
steps = [0, 1, 3, 6]
[character.fields.might]
label = "Might"
min = 0
max = 3
[character.fields.grace]
label = "Grace"
min = 0
max = 3
[character.derived.soak]
label = "Soak"
formula = "floor(might / 2) + cost[grace]"
[character.budget]
cost = "cost[value]"
points = 6
label = "points"
''', "demo/game.toml", system_id="demo")
    spec = game.character
    assert spec is not None
    three_two = read(spec, {"fields": {"might": 3, "grace": 2}})[0]
    assert derived_values(spec, three_two) == {"soak": 1 + 3}
    assert [m["text"] for m in problems(spec, three_two) if m["severity"] == "error"] == [
        "Spend at most 6 points on Might and Grace (now 9)."]
