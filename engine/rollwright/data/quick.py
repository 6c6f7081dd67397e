"""A data game's quick reference: the optional ``[quick_reference]`` table of its ``game.toml``.

``check`` names the core roll (default: the file's first check), ``inputs`` the values its odds are shown at
(each input not named keeps its default), ``table`` one of the file's ``[tables]`` to show below (default:
none), ``roll`` the core roll in the game's own words::

    [quick_reference]
    check = "overcome"
    inputs = { skill = 3, difficulty = 2 }
    roll = "Four Fudge dice plus your skill, against a difficulty on the same ladder."

>>> from rollwright.data.loader import EXAMPLE, load_text
>>> game = load_text(EXAMPLE + '[quick_reference]\\ninputs = { stat = 2 }\\n', "flip/game.toml", system_id="flip")
>>> sheet = quick_sheet(game)
>>> sheet.notation, sheet.at, [(b.name, str(b.chance)) for b in sheet.bands]
('2d6+2', 'Stat 2', [('Hit', '5/12'), ('Partial hit', '5/12'), ('Miss', '1/6')])
>>> load_text(EXAMPLE + '[quick_reference]\\ncheck = "mvoe"\\n', "flip/game.toml", system_id="flip")
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: flip/game.toml, line 16, quick_reference.check: no check 'mvoe'; did you mean 'move'?
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rollwright.data.checks import Ladders, notation, outcome_odds
from rollwright.data.formula import suggest
from rollwright.data.model import Check, Input, TableSpec
from rollwright.kit.quick_reference import QuickBand, QuickSheet, checked_bands

if TYPE_CHECKING:
    from rollwright.data.loader import Reader
    from rollwright.data.model import Game

KEYS = ("check", "inputs", "table", "roll")
MAX_ROLL_WORDS = 400
"""Most characters of the ``roll`` words."""


@dataclass(frozen=True)
class QuickDeclared:
    """What a ``[quick_reference]`` table says, checked against the file's checks, inputs and tables."""

    check: str
    inputs: Mapping[str, int | str] = field(default_factory=dict)
    table: str | None = None
    roll: str = ""


def read_quick_reference(reader: Reader, raw: Any, checks: Mapping[str, Check], inputs: Mapping[str, Input],
                         tables: Mapping[str, TableSpec]) -> QuickDeclared | None:
    """The file's quick reference (None when it declares no check and no ``[quick_reference]``)."""
    if raw is None:
        return QuickDeclared(next(iter(checks))) if checks else None
    table = reader.table(raw, "quick_reference", KEYS)
    if not checks:
        raise reader.fail("quick_reference", "the file declares no check to give a quick reference of; "
                                             "add a [checks.<name>] table or remove [quick_reference]")
    check_key = table.text("check", next(iter(checks)))
    if check_key not in checks:
        raise reader.fail("quick_reference.check", f"no check {check_key!r}{suggest(check_key, tuple(checks))}")
    check = checks[check_key]
    values = _inputs(reader, table.get("inputs", {}), check, inputs)
    table_key = table.get("table")
    if table_key is not None and (not isinstance(table_key, str) or table_key not in tables):
        known = ", ".join(tables) or "none"
        raise reader.fail("quick_reference.table", f"no table {table_key!r} in [tables] (the file's tables: "
                                                   f"{known}){suggest(str(table_key), tuple(tables))}")
    roll = table.text("roll", "")
    if len(roll) > MAX_ROLL_WORDS:
        raise reader.fail("quick_reference.roll", f"at most {MAX_ROLL_WORDS} characters (got {len(roll)}); "
                                                  f"say the core roll in a sentence or two")
    return QuickDeclared(check_key, values, table_key, roll)


def _inputs(reader: Reader, raw: Any, check: Check, inputs: Mapping[str, Input]) -> dict[str, int | str]:
    if not isinstance(raw, Mapping):
        raise reader.fail("quick_reference.inputs", "expected a table of the check's inputs, such as "
                                                    "{ skill = 3 }")
    values: dict[str, int | str] = {}
    for key, value in raw.items():
        where = f"quick_reference.inputs.{key}"
        if key not in check.inputs:
            raise reader.fail(where, f"the check {check.key!r} takes no input {key!r} (it takes: "
                                     f"{', '.join(check.inputs) or 'none'}){suggest(key, check.inputs)}")
        allowed = inputs[key].values()
        if isinstance(value, bool) or value not in allowed:
            shown = (f"one of {', '.join(map(str, allowed))}" if inputs[key].choices
                     else f"a whole number from {inputs[key].low} to {inputs[key].high}")
            raise reader.fail(where, f"{inputs[key].label}: expected {shown} (got {value!r})")
        values[key] = value
    return values


def _values(game: Game, check: Check, declared: QuickDeclared) -> dict[str, int | str]:
    values: dict[str, int | str] = {}
    for key in check.inputs:
        one = game.inputs[key]
        default = one.default if one.default is not None else one.values()[0]
        values[key] = declared.inputs.get(key, default)
    return values


def quick_sheet(game: Game) -> QuickSheet:
    """The game's quick reference sheet: its core roll at the declared inputs, with exact odds."""
    declared = game.quick_reference
    if declared is None:
        from rollwright.errors import ParameterError

        raise ParameterError(f"{game.file} declares no check, so it has no quick reference", field="game")
    check = game.checks[declared.check]
    values = _values(game, check, declared)
    ladders: Ladders = game.ladders
    bands = tuple(QuickBand(outcome.name, outcome.band.span() if outcome.level is None else
                            f"{outcome.band.span()}, level {outcome.level}", chance)
                  for outcome, chance in outcome_odds(check, values, ladders))
    at = ", ".join(f"{game.inputs[key].label} {value}" for key, value in values.items())
    used = sorted(check.roll.ladders())
    ladder = None
    if used and used[0] in ladders:
        ladder = (used[0], tuple((str(rating), str(value)) for rating, value in ladders[used[0]].items()))
    roll = declared.roll or check.summary or check.title
    table = f"{game.id}-{declared.table}" if declared.table else None
    return QuickSheet(roll, notation(check, values, ladders), at, checked_bands(bands, game.file), table, ladder)
