"""A declaration is read within limits, and its messages say what is wrong (issue 41, findings 4 and 6).

Before: 5,000 nested arrays or 3,000 nested inline tables made ``tomllib`` raise RecursionError
("Rollwright itself failed"); a huge number was "expected a whole number, got a whole number"; a
10,000-step ladder was "not a list of dice"; ``depth = 1000000`` was accepted until a page's call.
"""

from __future__ import annotations

import pytest

from rollwright.data.loader import load_text
from rollwright.data.toml_limits import MAX_TOML_TEXT, check_toml
from rollwright.errors import DeclarationError

HEAD = ('[game]\nid = "x"\ntitle = "X"\npitch = "p"\nsource = "s"\npages = [{ path = "x/index.md", title = "X" }]\n'
        '[inputs.a]\nlabel = "A"\nmin = 1\nmax = 3\n')
CHECK = '[checks.move]\nroll = "{a}d6!"\nbands = [{ key = "hit", name = "Hit", from = 1 }, ' \
        '{ key = "miss", name = "Miss", to = 0, succeeds = false }]\n'


def refusal(text: str) -> DeclarationError:
    with pytest.raises(DeclarationError) as caught:
        load_text(text, "x/game.toml")
    return caught.value


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{ a = " * 3000 + "1" + " }" * 3000],
                         ids=["arrays", "inline tables"])
def test_deep_nesting_is_refused_at_its_line_and_key(value: str) -> None:
    error = refusal(HEAD + CHECK + f"summary = {value}\n")
    assert (error.file, error.line, error.key) == ("x/game.toml", 14, "checks.move.summary")
    assert "nested more than 16 levels deep" in str(error)


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    check_toml('title = "[[[[[[[[[[[[[[[[[[[[[[[["  # {{{{{{{{{{{{{{{{{{{{{{\nx = \'\'\'\n[[[[[[[[[[[[[[[[[[[[[\n\'\'\'\n',
               "x/game.toml")


def test_a_text_too_long_is_refused_before_it_is_read() -> None:
    with pytest.raises(DeclarationError, match="the cap is 1,000,000"):
        check_toml("#" * (MAX_TOML_TEXT + 1), "x/game.toml")


def test_a_huge_number_is_too_large_not_the_wrong_type() -> None:
    error = refusal(HEAD.replace("max = 3", "max = " + "9" * 30))
    assert error.key == "inputs.a.max" and "30 digits is too large" in str(error)
    assert "expected a whole number" not in str(error)


def test_a_long_ladder_is_told_it_is_too_long() -> None:
    error = refusal(HEAD + "[ladders.l]\nsteps = [" + ", ".join(['"d6"'] * 10_000) + "]\n")
    assert "a ladder of 10,000 steps; the most a ladder takes is 200" in str(error)


def test_an_explosion_depth_past_the_engines_cap_is_refused_when_read() -> None:
    error = refusal(HEAD + CHECK + "depth = 1000000\n")
    assert error.key == "checks.move.depth" and "the most this key takes is 20" in str(error)


def test_the_command_line_names_the_line_of_a_deep_nesting(tmp_path) -> None:
    from tests.support.fixture_site import rollwright, write_data_project

    project = write_data_project(tmp_path / "nested")
    game = project / "pips" / "game.toml"
    text = game.read_text()
    game.write_text(text.replace('summary = "', 'summary = ' + "[" * 5000 + "]" * 5000 + '\nnote = "', 1))
    done = rollwright(project, "calls", timeout=120)
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert "pips/game.toml, line" in done.stderr and "nested more than 16 levels deep" in done.stderr
    assert "Traceback" not in done.stderr and "Rollwright itself failed" not in done.stderr
