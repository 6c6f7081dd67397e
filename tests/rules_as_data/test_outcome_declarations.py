"""Declaring ``outcomes`` with conditions: what the file may say, each mistake's message, and the calls."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollwright.data.install import install, uninstall
from rollwright.data.loader import load_file, load_text
from rollwright.errors import DeclarationError
from rollwright.kit.discovery import load_all
from rollwright.kit.registry import call

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "designers" / "gallery"

GAME = '''
[inputs.bonus]
label = "Bonus"
min = 0
max = 3
[checks.attack]
roll = "d20 + {bonus}"
outcomes = [
  { key = "crit", name = "Critical", when = "%s" },
  { key = "miss", name = "Miss" %s},
]
'''


def load(when: str = "die(1) == 20", last: str = "") -> object:
    return load_text(GAME % (when, last), "strike/game.toml", system_id="strike")


@pytest.mark.parametrize("when, last, expected", [
    ("die(1) = 20", "", "line 9, checks.attack.outcomes.0.when: the character '=' has no meaning in a condition "
                        "(equal is written '==')"),
    ("totl >= 10", "", "unknown name 'totl'; did you mean 'total'?"),
    ("margin >= 0", "", "unknown name 'margin'"),
    ("total >= 10", ', when = "total < 10" ', "the last outcome takes every roll the others leave"),
    ("1 < total < 5", "", "compare two things at a time; join comparisons with 'and'"),
    ("count(6) >= 1 and", "", "checks.attack.outcomes.0.when"),
])
def test_a_wrong_outcome_names_its_key_and_the_fix(when: str, last: str, expected: str) -> None:
    with pytest.raises(DeclarationError) as caught:
        load(when, last)
    assert expected in str(caught.value)


def test_bands_or_outcomes_but_not_both() -> None:
    text = GAME % ("total > 1", "") + 'bands = [{ key = "all", name = "All" }]\n'
    with pytest.raises(DeclarationError, match="either bands"):
        load_text(text.replace("[checks.attack]\n", "[checks.attack]\n"), "strike/game.toml", system_id="strike")


def test_inputs_used_only_in_conditions_are_the_checks_inputs() -> None:
    text = GAME.replace("[checks.attack]", "[inputs.target]\nlabel = \"Target\"\nmin = 5\nmax = 25\n[checks.attack]")
    game = load_text(text % ("total >= target", ""), "strike/game.toml", system_id="strike")
    assert game.checks["attack"].inputs == ("bonus", "target")


def test_a_data_game_with_outcomes_answers_through_the_registry() -> None:
    """The gallery's strike game, registered as one of the flagship's examples (its mkdocs.yml's examples:)."""
    load_all()  # the site's games and examples, as every page's call finds them (alone, nothing loaded them yet)
    answer = call("strike.attack", {"bonus": 2, "target": 15})
    assert [(o["key"], o["p"], o["span"]) for o in answer["outcomes"]] == [
        ("critical", "1/20", "when die(1) == 20"), ("fumble", "1/20", "when die(1) == 1"),
        ("hit", "7/20", "when total >= target"), ("miss", "11/20", "otherwise")]
    assert answer["success"] == "2/5" and answer["measure"] == "outcomes"
    rolled = call("strike.attack.roll", {"bonus": 2, "target": 15, "seed": 4})
    assert rolled["outcome"] in {"critical", "fumble", "hit", "miss"}


def test_a_check_named_roll_is_a_check_and_a_wrong_name_is_never_offered_back() -> None:
    from rollwright.mkdocs.inline_rolls import check

    game = load_text(GAME.replace("[checks.attack]", "[checks.roll]") % ("die(1) == 20", ""), "strike/game.toml",
                     system_id="strike")
    names = install(game)
    try:
        assert "rw-chip" in check("strike.roll", bonus=1)
        with pytest.raises(Exception) as caught:
            check("strike.rol", bonus=1)
        assert "did you mean 'strike.roll'?" in str(caught.value)
        with pytest.raises(Exception) as caught:
            check("strike.roll.roll", bonus=1)
        assert "did you mean 'strike.roll.roll'" not in str(caught.value)
    finally:
        uninstall(names)


def test_rollwright_check_compares_a_data_games_checks_without_a_parity_file() -> None:
    from rollwright.checks.parity_calls import declared_calls
    from rollwright.kit.system import System

    system = System("strike", "Strike", "", "", "strike", ())  # the flagship's example, registered from its file
    calls = declared_calls(system)
    assert [(c.name, c.params) for c in calls] == [
        ("strike.attack", {"bonus": -2, "target": 15}), ("strike.attack.roll", {"bonus": -2, "target": 15, "seed": 1})]


def test_an_outcome_that_can_never_happen_and_an_impossible_budget_are_found_with_their_line() -> None:
    from rollwright.data.lint import lint

    text = (GAME % ("die(1) == 20", "")).replace('{ key = "crit"', '{ key = "never", name = "Never", when = "total > 40" },\n'
                                                 '  { key = "crit"')
    text += '[character.fields.might]\nlabel = "Might"\nmin = 3\nmax = 5\n[character.budget]\npoints = 2\n'
    found = [str(f) for f in lint(load_text(text, "strike/game.toml", system_id="strike"), text)]
    assert found == [
        "strike/game.toml, line 9, checks.attack.outcomes.0: the outcome 'never' can never happen, for any input "
        "(bonus 0 to 3); an outcome above it takes every roll it would, or its condition never holds",
        "strike/game.toml, line 17, character.budget: no character fits in 2 points: the fields cost at least 3 in all"]


def test_the_gallery_declares_nothing_that_can_never_happen() -> None:
    from rollwright.data.lint import lint

    for path in sorted((GALLERY).glob("*/game.toml")):
        text = path.read_text(encoding="utf-8")
        assert lint(load_file(path), text) == [], path.name


@pytest.mark.parametrize("when, words", [
    ("bonus == 0 and total > 3", "reads the inputs only, not 'total'"),
    ("count(6) > 0", "reads the inputs only, not 'the dice'"),
    ("bonsu == 0", "not 'bonsu'; did you mean 'bonus'?"),
])
def test_a_roll_instead_is_chosen_by_the_inputs_only(when: str, words: str) -> None:
    text = (GAME % ("die(1) == 20", "")).replace('roll = "d20 + {bonus}"',
                                                 f'roll = "d20 + {{bonus}}"\ninstead = [{{ when = "{when}", roll = "2d20kl1" }}]')
    with pytest.raises(DeclarationError) as caught:
        load_text(text, "strike/game.toml", system_id="strike")
    assert words in str(caught.value) and "checks.attack.instead.0.when" in str(caught.value)


def test_a_roll_instead_is_rolled_where_its_condition_holds() -> None:
    from rollwright.data.checks import notation

    text = (GAME % ("die(1) == 20", "")).replace('roll = "d20 + {bonus}"',
                                                 'roll = "d20 + {bonus}"\ninstead = [{ when = "bonus == 0", roll = "2d20kl1" }]')
    game = load_text(text, "strike/game.toml", system_id="strike")
    check = game.checks["attack"]
    assert notation(check, {"bonus": 0}, game.ladders) == "2d20kl1"
    assert notation(check, {"bonus": 2}, game.ladders) == "d20+2"


FUDGE_GAME = '''
[inputs.skill]
label = "Skill"
min = 0
max = 2
[checks.ladder]
roll = "4dF + {skill}"
outcomes = [
  { key = "twist", name = "A twist", when = "count(-1) >= 2 and total >= 1" },
  { key = "blank", name = "All blank", when = "all(0)" },
  { key = "up", name = "Up", when = "highest == 1 and lowest >= 0" },
  { key = "other", name = "Other" },
]
'''


def test_fudge_dice_are_read_by_their_faces_in_odds_and_in_rolls() -> None:
    import itertools
    from fractions import Fraction

    from rollwright.data.checks import outcome_odds, seeded_roll

    game = load_text(FUDGE_GAME, "ladder/game.toml", system_id="ladder")
    check = game.checks["ladder"]
    def judge(faces: list[int], skill: int) -> str:
        return ("twist" if faces.count(-1) >= 2 and sum(faces) + skill >= 1 else "blank" if set(faces) == {0}
                else "up" if max(faces) == 1 and min(faces) >= 0 else "other")

    for skill in range(3):
        found: dict[str, int] = {}
        for faces in itertools.product((-1, 0, 1), repeat=4):
            key = judge(list(faces), skill)
            found[key] = found.get(key, 0) + 1
        odds = {o.key: p for o, p in outcome_odds(check, {"skill": skill}, game.ladders)}
        assert odds == {k: Fraction(found.get(k, 0), 81) for k in odds}
        for seed in range(20):
            rolled = seeded_roll(check, {"skill": skill}, game.ladders, seed)
            faces = [d["faces"][0] for t in rolled["terms"] for d in t["dice"]]
            assert rolled["outcome"] == judge(faces, skill)


def test_an_input_named_like_a_word_of_the_roll_may_choose_a_roll_instead() -> None:
    from rollwright.data.checks import notation

    text = ('[inputs.dice]\nlabel = "Dice"\nmin = 0\nmax = 3\n[checks.pool]\npool = "{dice}d6"\nhit = 5\n'
            'instead = [{ when = "dice == 0", roll = "1d6" }]\n'
            'bands = [{ key = "hit", name = "Hit", from = 1 }, { key = "miss", name = "Miss", to = 0 }]\n')
    game = load_text(text, "pips/game.toml", system_id="pips")
    assert notation(game.checks["pool"], {"dice": 0}, game.ladders) == "1d6"


def test_a_data_games_messages_speak_of_its_game_toml_never_of_python() -> None:
    """A game declared as data hears of its file's keys ([character], game.docs, game.title), a Python game of
    its SYSTEM (issue 37, point 5)."""
    from rollwright.checks.contract import declaration_problems
    from rollwright.errors import ParameterError
    from rollwright.kit.builder_page import builder_shell
    from rollwright.kit.system import System

    data = load_file(GALLERY / "strike" / "game.toml").system
    assert isinstance(data, System) and data.declared_in == "strike/game.toml"
    with pytest.raises(ParameterError) as refused:
        builder_shell(data, without_js="")
    assert str(refused.value) == ("strike has no character builder: strike/game.toml declares no [character] "
                                  "table; add one to make characters")
    empty = System("strike", "", "", "", "strike", (), declared_in="strike/game.toml")
    assert declaration_problems(empty, "strike") == [f"strike/game.toml: game.{key} is empty; write the game's {key} "
                                                     f"there" for key in ("title", "pitch", "source")]
    python = System("demo", "Demo", "", "", "demo", ())
    with pytest.raises(ParameterError, match="its SYSTEM declares no character_schema"):
        builder_shell(python, without_js="")
    for message in [str(refused.value), *declaration_problems(empty, "strike")]:
        assert "SYSTEM" not in message and "__init__" not in message and "character_schema" not in message
