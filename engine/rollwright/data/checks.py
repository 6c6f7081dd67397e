"""Working out a declared check: its dice for given inputs, the exact chance of each outcome, one seeded roll.

A check's measure is the roll's total, the hits of a pool, or either minus a target
(``against``); its bands say what each value of the measure means.

>>> from rollwright.data.loader import EXAMPLE, load_text
>>> game = load_text(EXAMPLE, "flip/game.toml", system_id="flip")
>>> move = game.checks["move"]
>>> notation(move, {"stat": -1}, game.ladders)
'2d6-1'
>>> [(o.key, str(p)) for o, p in outcome_odds(move, {"stat": 1}, game.ladders)]
[('hit', '5/18'), ('partial', '4/9'), ('miss', '5/18')]
>>> [str(p) for _, p in outcome_odds(move, {"stat": 1}, game.ladders, mode="advantage")][0]
'113/216'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rollwright.data.condition import reads
from rollwright.data.formula import Node, Value
from rollwright.data.model import Check, Input, Outcome, Template
from rollwright.dice import Distribution, repeat_sum
from rollwright.dice.notation import Count, Dice, distribution, parse
from rollwright.dice.rolling import roll_with
from rollwright.dice.script import dice_source
from rollwright.errors import LimitError, ParameterError, RollwrightError

if TYPE_CHECKING:
    from rollwright.data.loader import Reader

Ladders = Mapping[str, Mapping[int, Value]]
MAX_GRID = 20_000
"""Most input combinations a check is tried on when its file is read."""


def render(template: Template, scope: Mapping[str, Any], ladders: Ladders) -> str:
    """The template's dice notation for these inputs (``2d6 + -1`` is written ``2d6-1``).

    >>> from rollwright.data.loader import Reader
    >>> render(Reader("", "x").template("{n}d6 + {bonus}", "k"), {"n": 3, "bonus": -2}, {})
    '3d6-2'
    """
    text = "".join(str(part.evaluate(scope, ladders)) if isinstance(part, Node) else part for part in template.parts)
    text = re.sub(r"\s+", "", text)
    text = re.sub(r"\+-", "-", text)
    text = re.sub(r"--", "+", text)
    return text.removeprefix("+")


def _template(check: Check, mode: str | None, values: Mapping[str, Any] | None = None,
              ladders: Ladders | None = None) -> Template:
    for condition, template in check.instead:  # a roll for some inputs only (a pool of no dice, say)
        if values is not None and condition.evaluate(values, ladders):
            return template
    if mode is None or mode == "normal" or not check.modes:
        return check.roll
    for key, _, template in check.modes:
        if key == mode:
            return template
    raise ParameterError(f"{check.key}: no mode {mode!r} (there are {', '.join(k for k, _, _ in check.modes)})",
                         field="mode")


def notation(check: Check, values: Mapping[str, Any], ladders: Ladders, mode: str | None = None) -> str:
    """What is rolled, as dice notation."""
    return render(_template(check, mode, values, ladders), values, ladders)


def _pool(check: Check, text: str) -> Dice:
    expr = parse(text)
    if not isinstance(expr, Dice) or expr.select is not None:
        raise ParameterError(f"the pool is dice such as 5d6 or 5d10! (got {text!r}); keep or drop nothing")
    return expr


def measure(check: Check, values: Mapping[str, Any], ladders: Ladders, mode: str | None = None) -> Distribution:
    """The exact distribution of the check's measure (total or hits, minus the target if any)."""
    text = notation(check, values, ladders, mode)
    if check.hit is None:
        rolled = distribution(text, depth=check.depth)
    else:
        pool = _pool(check, text)
        if pool.explode:  # each extra roll is a die of its own, and may hit too ("10-again")
            rolled = distribution(Count(pool, ">=", check.hit), depth=check.depth)
        else:
            hits = max(pool.sides - check.hit + 1, 0)
            one = Distribution({0: pool.sides - hits, 1: hits}) if 0 < hits < pool.sides else Distribution.constant(
                1 if hits else 0)
            rolled = repeat_sum(one, pool.count)
    if check.against is None:
        return rolled
    target = distribution(render(check.against, values, ladders), depth=check.depth)
    return rolled - target


def outcome_of(check: Check, value: int) -> Outcome:
    """The outcome of one value of the measure."""
    for outcome in check.outcomes():
        band = outcome.band
        if band.holds(value):
            if outcome.level is None or band.levels is None:
                return outcome
            if band.levels.level(value - (band.low or 0)) == outcome.level:
                return outcome
    raise AssertionError(f"the bands of {check.key} hold every value (checked when the file was read)")


def outcome_odds(check: Check, values: Mapping[str, Any], ladders: Ladders,
                 mode: str | None = None) -> list[tuple[Outcome, Fraction]]:
    """The exact chance of every outcome, best first (outcomes with conditions: in their order)."""
    if check.reads:
        from rollwright.data.outcomes import reading_odds

        return reading_odds(check, values, ladders, mode)
    return odds_of(check, measure(check, values, ladders, mode))


def odds_of(check: Check, dist: Distribution) -> list[tuple[Outcome, Fraction]]:
    """The chance of every outcome, best first, for a measure's distribution already worked out."""
    found = {o.key: Fraction(0) for o in check.outcomes()}
    for value, p in dist.probabilities():
        found[outcome_of(check, value).key] += p
    return [(o, found[o.key]) for o in check.outcomes()]


def extra_odds(check: Check, values: Mapping[str, Any], ladders: Ladders,
               mode: str | None = None) -> dict[str, list[tuple[int, Fraction]]]:
    """For each band that earns extras: the exact chance of each count earned (0 included)."""
    return extras_of(check, measure(check, values, ladders, mode))


def extras_of(check: Check, dist: Distribution) -> dict[str, list[tuple[int, Fraction]]]:
    """:func:`extra_odds` for a measure's distribution already worked out."""
    found: dict[str, list[tuple[int, Fraction]]] = {}
    for band in check.bands:
        if band.extra is None:
            continue
        counts: dict[int, Fraction] = {}
        for value, p in dist.probabilities():
            count = band.extra.count(value) if band.holds(value) else 0
            counts[count] = counts.get(count, Fraction(0)) + p
        found[band.key] = sorted(counts.items())
    return found


def seeded_roll(check: Check, values: Mapping[str, Any], ladders: Ladders, seed: int,
                mode: str | None = None) -> dict[str, Any]:
    """One roll with every die shown: ``{"notation", "terms", "total", "hits", "target", "margin", "measure"}``."""
    rng = dice_source(seed)
    text = notation(check, values, ladders, mode)
    terms = roll_with(rng, text, check.depth)
    total = sum(t.sign * t.value for t in terms)
    hits = None
    if check.hit is not None:
        hits = sum(1 for t in terms for die in t.dice if die.kept for face in die.faces if face >= check.hit)
    measured = total if hits is None else hits
    target = target_terms = None
    if check.against is not None:
        target_text = render(check.against, values, ladders)
        target_terms = roll_with(rng, target_text, check.depth)
        target = sum(t.sign * t.value for t in target_terms)
        measured -= target
    if check.reads:
        from rollwright.data.outcomes import judge, rolled_scope

        outcome = judge(check, rolled_scope(check, values, ladders, terms, target))
    else:
        outcome = outcome_of(check, measured)
    extra = outcome.band.extra
    return {"notation": text, "terms": [t.to_dict() for t in terms], "total": total, "hits": hits,
            "target": target, "target_terms": None if target_terms is None else [t.to_dict() for t in target_terms],
            "margin": measured if check.against is not None else None, "measure": measured,
            "outcome": outcome.key, "outcome_name": outcome.name, "succeeds": outcome.band.succeeds,
            "extra": None if extra is None else {"count": extra.count(measured), "name": extra.name,
                                                 "plural": extra.plural}}


def grid(check: Check, inputs: Mapping[str, Input]) -> list[dict[str, Any]]:
    """Every combination of the check's inputs, in order (capped at :data:`MAX_GRID`)."""
    axes = [inputs[name].values() for name in check.inputs]
    size = 1
    for axis in axes:
        size *= len(axis)
    if size > MAX_GRID:
        raise ParameterError(f"{check.key}: its inputs make {size:,} combinations (at most {MAX_GRID:,})")
    return [dict(zip(check.inputs, combo)) for combo in itertools.product(*axes)]


def validate_check(reader: Reader, key: str, check: Check, inputs: Mapping[str, Input], ladders: Ladders) -> None:
    """Every input combination and mode must give dice that can be rolled (caps included); else the file fails."""
    try:
        combos = grid(check, inputs)
    except ParameterError as error:
        raise reader.fail(f"{key}.inputs", f"{error}; narrow the inputs' ranges") from None
    used = check.roll.names() | check.against.names() if check.against else check.roll.names()
    for _, _, template in check.modes:
        used |= template.names()
    for condition, template in check.instead:
        used |= condition.names() | template.names()
    seen: set[tuple[Any, ...]] = set()
    for values in combos:
        shown = tuple(values[n] for n in check.inputs if n in used)
        if shown in seen:
            continue
        seen.add(shown)
        for mode in [None, *(k for k, _, _ in check.modes[1:])]:
            template = _template(check, mode, values, ladders)
            where = f"{key}.modes.{mode}" if mode else f"{key}.{'pool' if check.hit is not None else 'roll'}"
            instead = [t for _, t in check.instead]
            if template in instead:
                where = f"{key}.instead.{instead.index(template)}.roll"
            _try(reader, where, check, values, ladders, lambda: _parse_checked(check, template, values, ladders))
        if check.against is not None:
            against = check.against
            _try(reader, f"{key}.against", check, values, ladders,
                 lambda: parse(render(against, values, ladders)))
        if check.reads:
            for index, band in enumerate(check.bands):
                when = band.when
                if when is not None:
                    _try(reader, f"{key}.outcomes.{index}.when", check, values, ladders,
                         lambda: reads(when, values, ladders))


def _parse_checked(check: Check, template: Template, values: Mapping[str, Any], ladders: Ladders) -> None:
    text = render(template, values, ladders)
    if check.reads:
        from rollwright.data.outcomes import check_reading

        check_reading(check, text)
    elif check.hit is None:
        from rollwright.dice.notation import check_work

        check_work(parse(text), check.depth)
    else:
        from rollwright.dice.notation import check_work

        pool = _pool(check, text)
        check_work(Count(pool, ">=", check.hit) if pool.explode else pool, check.depth)


def _try(reader: Reader, where: str, check: Check, values: Mapping[str, Any], ladders: Ladders, work: Any) -> None:
    try:
        work()
    except RollwrightError as error:
        inputs = ", ".join(f"{k} = {v}" for k, v in values.items())
        told = f"with {inputs} this cannot be rolled" if inputs else "this cannot be rolled"
        # a cap reached at some inputs is fixed by narrowing them; any other fault names its own fix
        fix = "; narrow the inputs' ranges or change the dice" if isinstance(error, LimitError) and inputs else ""
        if "rolls no dice" in str(error) and inputs:
            fix = "; or say what is rolled then: instead = [{ when = \"...\", roll = \"2d6kl1\" }]"
        raise reader.fail(where, f"{told}: {error}{fix}") from None
