"""Outcomes that read the dice: a check's ``outcomes``, each a condition, tried in order (the first true wins).

>>> from rollwright.data.loader import load_text
>>> game = load_text('''
... [inputs.bonus]
... label = "Bonus"
... min = 0
... max = 5
... [inputs.target]
... label = "Target"
... min = 10
... max = 20
... default = 15
... [checks.attack]
... roll = "d20 + {bonus}"
... outcomes = [
...   { key = "crit", name = "Critical hit", when = "die(1) == 20" },
...   { key = "fumble", name = "Fumble", when = "die(1) == 1", succeeds = false },
...   { key = "hit", name = "Hit", when = "total >= target" },
...   { key = "miss", name = "Miss" },
... ]
... ''', "strike/game.toml", system_id="strike")
>>> check = game.checks["attack"]
>>> [(o.key, str(p)) for o, p in reading_odds(check, {"bonus": 0, "target": 25}, game.ladders)]
[('crit', '1/20'), ('fumble', '1/20'), ('hit', '0'), ('miss', '9/10')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rollwright.data.condition import READ_FUNCTIONS, READ_WORDS, feature, parse, reads, reads_pool
from rollwright.data.model import Band, Check, Input, Outcome
from rollwright.dice.notation import distribution
from rollwright.dice.notation import parse as parse_notation
from rollwright.dice.notation.syntax import GroupRoll
from rollwright.dice.reading import FACE_TESTS, joint, one_die_each
from rollwright.errors import FormulaError

if TYPE_CHECKING:
    from rollwright.data.checks import Ladders
    from rollwright.data.loader import Reader

_OUTCOME_KEY = re.compile(r"^[a-z][a-z0-9-]*$")
OUTCOME_KEYS = ("key", "name", "when", "succeeds")


def read_outcomes(reader: Reader, raw: Any, key: str, inputs: Mapping[str, Input], ladders: Ladders, *,
                  pool: bool, against: bool) -> tuple[Band, ...]:
    """``outcomes = [{ key, name, when, succeeds }, ...]``: every one but the last has ``when``; the last has none."""
    if not isinstance(raw, list) or not raw or len(raw) > 200:
        raise reader.fail(key, "expected a list of outcomes, such as [{ key = \"crit\", name = \"Critical\", "
                               "when = \"die(1) == 20\" }, { key = \"miss\", name = \"Miss\" }]")
    words = set(READ_WORDS) - ({"hits"} if not pool else set()) - ({"margin"} if not against else set())
    found: list[Band] = []
    for index, value in enumerate(raw):
        where = f"{key}.{index}"
        table = reader.table(value, where, OUTCOME_KEYS, required=("key", "name"))
        outcome_key = table.text("key")
        if not _OUTCOME_KEY.match(outcome_key):
            raise reader.fail(f"{where}.key", f"an outcome's key is lower-case words joined by '-' "
                                              f"(got {outcome_key!r})")
        if outcome_key in {b.key for b in found}:
            raise reader.fail(f"{where}.key", f"two outcomes share the key {outcome_key!r}")
        last = index == len(raw) - 1
        if last != ("when" not in table):
            raise reader.fail(f"{where}.when" if last else where,
                              "the last outcome takes every roll the others leave: leave out its 'when'" if last else
                              "every outcome but the last says when it happens, as in when = \"total >= 10\"")
        when = None if last else _condition(reader, f"{where}.when", table.text("when"), inputs, ladders, words)
        rule = "otherwise" if when is None else table.text("when")
        found.append(Band(outcome_key, table.text("name"), succeeds=table.flag("succeeds", not last), when=when,
                          rule=rule))
    return tuple(found)


def _condition(reader: Reader, key: str, text: str, inputs: Mapping[str, Input], ladders: Ladders,
               words: set[str]) -> Any:
    from rollwright.data.formula import suggest

    try:
        node = parse(text)
    except FormulaError as error:
        raise reader.fail(key, f"{error}; fix the condition") from None
    for name in sorted(node.names()):
        if name in inputs and name in READ_WORDS:
            raise reader.fail(key, f"the input {name!r} has the name of a word that reads the roll; rename the "
                                   f"input (as in [inputs.{name}_n])")
        if name not in inputs and name not in words:
            known = sorted(set(inputs) | words)
            raise reader.fail(key, f"unknown name {name!r}{suggest(name, known)} (a condition here reads the "
                                   f"inputs and {', '.join(sorted(words))}, or calls {', '.join(READ_FUNCTIONS)})")
    for ladder in sorted(node.ladders()):
        if ladder not in ladders:
            raise reader.fail(key, f"no ladder named {ladder!r}{suggest(ladder, ladders)}")
    return node


def _features(check: Check, values: Mapping[str, Any], ladders: Ladders) -> list[str]:
    keys: set[str] = set()
    for band in check.bands:
        if band.when is not None:
            keys |= reads(band.when, values, ladders)
    return sorted(keys)


def reading_odds(check: Check, values: Mapping[str, Any], ladders: Ladders,
                 mode: str | None = None) -> list[tuple[Outcome, Fraction]]:
    """The exact chance of every outcome: the joint distribution of what the conditions read, each state judged."""
    from rollwright.data.checks import notation, render

    keys = _features(check, values, ladders)
    rolled = [k for k in keys if k != "margin"]
    if "margin" in keys:
        rolled.append("hits" if check.hit is not None else "total")
    wanted = [("count", ">=", check.hit) if k == "hits" and check.hit is not None else feature(k) for k in rolled]
    expr = parse_notation(notation(check, values, ladders, mode))
    states = joint(expr, list(dict.fromkeys(wanted)), check.depth)
    order = list(dict.fromkeys(wanted))
    target = None
    if "margin" in keys and check.against is not None:
        target = distribution(render(check.against, values, ladders), depth=check.depth)
    counts: dict[str, int] = {o.key: 0 for o in check.outcomes()}
    measured = order.index(wanted[-1]) if "margin" in keys else None
    for state, weight in states.items():
        scope = dict(values)
        scope.update({k: state[order.index(f)] for k, f in zip(rolled, wanted)})
        if target is None or measured is None:
            counts[judge(check, scope).key] += weight
            continue
        for value, tw in target.items():
            scope["margin"] = state[measured] - value
            counts[judge(check, scope).key] += weight * tw
    total_weight = sum(counts.values())
    return [(o, Fraction(counts[o.key], total_weight)) for o in check.outcomes()]


def judge(check: Check, scope: Mapping[str, Any]) -> Outcome:
    """The first outcome whose condition holds (the last one holds always)."""
    outcomes = check.outcomes()
    for outcome in outcomes:
        when = outcome.band.when
        if when is None or when.evaluate(scope):
            return outcome
    return outcomes[-1]


def rolled_scope(check: Check, values: Mapping[str, Any], ladders: Ladders, terms: Sequence[Any],
                 target: int | None) -> dict[str, Any]:
    """What the conditions read, from one seeded roll's terms (every die as rolled), as :func:`reading_odds` reads
    the same roll: each kept die by its value (an open-ended d20 as one die), ``die(n)`` by its term's value."""
    kept: list[int] = []
    effect = 0
    for term in terms:
        if term.kind == "open":
            kept.append(term.value)
        elif term.kind in ("dice", "keep", "fudge", "group"):  # a group's dice are read only when one pool
            kept += [die.value for die in term.dice if die.kept]
            group = parse_notation(term.text) if term.kind == "group" else None
            aside = group.sets_aside if isinstance(group, GroupRoll) else (lambda value: False)
            effect = max([effect, *(die.sides for die in term.dice if not die.kept and not aside(die.value))])
    scope: dict[str, Any] = dict(values)
    scope["total"] = sum(t.sign * t.value for t in terms)
    scope["dice"] = len(kept)
    scope["highest"] = max(kept, default=0)
    scope["lowest"] = min(kept, default=0)
    scope["largest_set"] = max((kept.count(v) for v in kept), default=0)
    scope["effect"] = effect
    index = 0
    for term in terms:
        if term.kind == "constant":
            continue
        each = term.kind == "group" and one_die_each(parse_notation(term.text))  # as reading_odds numbers them
        for value in ([die.value for die in term.dice] if each else [term.value]):
            index += 1
            scope[f"die({index})"] = value
    for key in _features(check, values, ladders):
        if key.startswith(("count(", "at_least(", "at_most(")):
            _, op, face = feature(key)
            test = FACE_TESTS[str(op)]
            scope[key] = len([v for v in kept if test(v, int(str(face)))])
    if check.hit is not None:
        scope["hits"] = sum(1 for v in kept if v >= check.hit)
    if target is not None:
        scope["margin"] = (scope["hits"] if check.hit is not None else scope["total"]) - target
    return scope


def check_reading(check: Check, text: str) -> None:
    """Refuse, before any work, dice whose reading is past the caps (as the file is read, for every input)."""
    from rollwright.dice.notation import Dice, check_work
    from rollwright.dice.reading import check_bound, groups_of
    from rollwright.errors import ParameterError

    expr = parse_notation(text)
    check_work(expr, check.depth)
    if check.hit is not None and isinstance(expr, Dice) and expr.explode:
        raise ParameterError("outcomes read each die whole, so an exploding pool's extra rolls would not be hits "
                             "of their own; count its hits with bands, or roll it without '!'")
    if any(band.when is not None and reads_pool(band.when) for band in check.bands):
        check_bound(groups_of(expr, check.depth)[0])


def read_instead(reader: Reader, raw: Any, key: str, inputs: Mapping[str, Input]) -> tuple[Any, ...]:
    """``instead = [{ when = "pool == 0", roll = "2d6kl1" }]``: for the inputs where ``when`` holds, that is rolled."""
    from rollwright.data.condition import reads_dice
    from rollwright.data.formula import suggest

    if not isinstance(raw, list) or len(raw) > 200:
        raise reader.fail(f"{key}.instead", "expected a list such as [{ when = \"pool == 0\", roll = \"2d6kl1\" }]")
    found = []
    for index, value in enumerate(raw):
        where = f"{key}.instead.{index}"
        item = reader.table(value, where, ("when", "roll"), required=("when", "roll"))
        try:
            condition = parse(item.text("when"))
        except FormulaError as error:
            raise reader.fail(f"{where}.when", f"{error}; fix the condition") from None
        unknown = sorted(n for n in condition.names() if n not in inputs)
        if unknown or reads_dice(condition, inputs):
            name = unknown[0] if unknown else "the dice"
            raise reader.fail(f"{where}.when", f"this condition chooses what is rolled, so it reads the inputs only, "
                                               f"not {name!r}{suggest(name, inputs) if unknown else ''}")
        found.append((condition, reader.template(item.get("roll"), f"{where}.roll")))
    return tuple(found)
