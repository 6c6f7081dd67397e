"""Declarations that read fine but say nothing: an outcome that no input can ever reach, a budget no
character can meet. Each finding names the file, the line and the key, as an error would.

>>> from rollwright.data.loader import load_text
>>> text = '''
... [inputs.stat]
... label = "Stat"
... min = 0
... max = 2
... [checks.move]
... roll = "2d6 + {stat}"
... bands = [
...   { key = "legend", name = "Legendary", from = 20 },
...   { key = "hit", name = "Hit", from = 7, to = 19 },
...   { key = "miss", name = "Miss", to = 6, succeeds = false },
... ]
... [character.fields.might]
... label = "Might"
... min = 0
... max = 3
... [character.budget]
... total = 9
... '''
>>> for finding in lint(load_text(text, "flip/game.toml", system_id="flip"), text):
...     print(finding)
flip/game.toml, line 9, checks.move.bands.0: the outcome 'legend' can never happen, for any input (stat 0 to 2); widen the band or remove it
flip/game.toml, line 17, character.budget: no character can spend exactly 9 points: the fields cost 0 to 3 in all
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.data.checks import grid, outcome_odds
from rollwright.data.model import Check, Game
from rollwright.data.toml_lines import locate
from rollwright.errors import DeclarationError, RollwrightError

MAX_LINT_INPUTS = 2_000
"""A check with more input combinations than this is not swept for outcomes that never happen."""


def lint(game: Game, text: str) -> list[DeclarationError]:
    """Every finding of the game read from ``text`` (its ``game.toml``), in the file's order."""
    found = [finding for check in game.checks.values() for finding in _never(game, check, text)]
    return found + _budget(game, text)


def _finding(game: Game, text: str, key: str, message: str) -> DeclarationError:
    return DeclarationError(message, file=game.file, line=locate(text, key), key=key)


def _never(game: Game, check: Check, text: str) -> list[DeclarationError]:
    """Outcomes whose chance is 0 for every combination of the check's inputs (and every mode)."""
    try:
        combos = grid(check, game.inputs)
    except RollwrightError:
        return []
    if len(combos) > MAX_LINT_INPUTS:
        return []
    reached: set[str] = set()
    modes = [None, *(key for key, _, _ in check.modes[1:])]
    for values in combos:
        for mode in modes:
            reached |= {o.key for o, p in outcome_odds(check, values, game.ladders, mode) if p > Fraction(0)}
    kind = "outcomes" if check.reads else "bands"
    ranges = ", ".join(f"{n} {_span(game, n)}" for n in check.inputs) or "no inputs"
    found = []
    for outcome in check.outcomes():
        if outcome.key not in reached:
            index = check.bands.index(outcome.band)
            found.append(_finding(game, text, f"checks.{check.key}.{kind}.{index}",
                                  f"the outcome {outcome.key!r} can never happen, for any input ({ranges}); "
                                  f"widen the band or remove it" if kind == "bands" else
                                  f"the outcome {outcome.key!r} can never happen, for any input ({ranges}); "
                                  f"an outcome above it takes every roll it would, or its condition never holds"))
    return found


def _span(game: Game, name: str) -> str:
    item = game.inputs[name]
    return ", ".join(item.choices) if item.choices else f"{item.low} to {item.high}"


def _budget(game: Game, text: str) -> list[DeclarationError]:
    """A budget that no choice of the fields' values can meet."""
    spec = game.character
    if spec is None or spec.budget is None:
        return []
    budget = spec.budget
    fields = {f.key: f for f in spec.fields}
    low = high = 0
    for name in budget.fields:
        field = fields[name]
        costs = []
        for value in range(field.low, field.high + 1):
            cost = value if budget.cost is None else budget.cost.evaluate({"value": value}, spec.ladders)
            costs.append(cost if isinstance(cost, int) else 0)
        low, high = low + min(costs), high + max(costs)
    if budget.total is not None and not low <= budget.total <= high:
        return [_finding(game, text, "character.budget", f"no character can spend exactly {budget.total} "
                                                         f"{budget.label}: the fields cost {low} to {high} in all")]
    if budget.points is not None and low > budget.points:
        return [_finding(game, text, "character.budget", f"no character fits in {budget.points} {budget.label}: "
                                                         f"the fields cost at least {low} in all")]
    return []
