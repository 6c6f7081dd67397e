"""A mistake in a game.toml fails with the file, the line, the key and what to do; nothing else escapes."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from rollwright.data.loader import load_text
from rollwright.errors import DeclarationError

HEAD = '[inputs.stat]\nlabel = "Stat"\nmin = -1\nmax = 3\n\n[checks.move]\nroll = "2d6 + {stat}"\n'
BANDS = 'bands = [\n  { key = "hit", name = "Hit", from = 10 },\n  { key = "miss", name = "Miss", to = 9 },\n]\n'


def _fails(text: str) -> DeclarationError:
    with pytest.raises(DeclarationError) as caught:
        load_text(text, "flip/game.toml", system_id="flip")
    return caught.value


@pytest.mark.parametrize(("text", "line", "key", "words"), [
    (HEAD + "bandz = []\n", 8, "checks.move.bandz", "did you mean 'bands'?"),
    (HEAD.replace("{stat}", "{stta}") + BANDS, 6, "checks.move.inputs", "did you mean 'stat'?"),
    (HEAD.replace("{stat}", "{stat +}") + BANDS, 7, "checks.move.roll", "expected a number, a name"),
    (HEAD + BANDS.replace("from = 10", "from = 9"), 9, "checks.move.bands.0", "overlap (both hold 9)"),
    (HEAD + BANDS.replace("from = 10", "from = 11"), 9, "checks.move.bands.0", "no band holds 10"),
    (HEAD + BANDS.replace('to = 9 ', 'from = 2, to = 9 '), 10, "checks.move.bands.1", "below 2"),
    (HEAD.replace("2d6", "{stat}d6") + BANDS, 7, "checks.move.roll", "with stat = 0 this cannot be rolled"),
    (HEAD.replace("max = 3", "max = 1000") + BANDS, 4, "inputs.stat.max", "wider than 1000 values"),
    (HEAD + BANDS + '[tables.odds]\ncheck = "mvoe"\nrows = "stat"\ncolumns = "outcomes"\n', 13, "tables.odds.check",
     "did you mean 'move'?"),
    ('[character.fields.might]\nlabel = "Might"\nmin = 0\nmax = 3\n[character.derived.harm]\nlabel = "Harm"\n'
     'formula = "6 + migth"\n', 7, "character.derived.harm.formula", "did you mean 'might'?"),
    ("[checks.move\n", 1, "", "not valid TOML"),
])
def test_a_mistake_names_the_file_line_key_and_fix(text: str, line: int, key: str, words: str) -> None:
    error = _fails(text)
    assert (error.line, error.key) == (line, key), str(error)
    assert words in str(error) and str(error).startswith(f"flip/game.toml, line {line}")


@given(st.text(max_size=300))
def test_any_text_loads_or_fails_with_our_error(text: str) -> None:
    try:
        load_text(text, "any/game.toml", system_id="any")
    except DeclarationError as error:
        assert error.file == "any/game.toml"


@given(st.dictionaries(st.sampled_from(["roll", "pool", "hit", "against", "on", "bands", "modes", "depth", "inputs"]),
                       st.one_of(st.integers(-5, 30), st.text(max_size=20), st.booleans(),
                                 st.lists(st.integers(), max_size=3)), max_size=6))
def test_any_check_table_loads_or_fails_with_our_error(check: dict[str, object]) -> None:
    import json

    body = "\n".join(f"{key} = {json.dumps(value)}" for key, value in check.items())
    try:
        load_text(HEAD.split("[checks.move]")[0] + "[checks.move]\n" + body + "\n", "any/game.toml", system_id="any")
    except DeclarationError:
        pass
