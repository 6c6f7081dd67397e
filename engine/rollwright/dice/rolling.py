"""Seeded rolling that reports every die, so a roll can be shown and replayed.

Only ``random.Random(seed).randint`` is used, whose results are the same on
CPython 3.11 and Pyodide's 3.14. Dice are rolled left to right; an exploding
die rolls its extra dice before the next die is rolled.

``RollReport.to_dict()`` shape (every term and every die has the same keys)::

    {"notation": "2d10+d4", "seed": 42, "depth": 9, "total": 17,
     "terms": [
       {"kind": "dice", "text": "2d10", "sign": 1, "value": 12,
        "dice": [{"sides": 10, "faces": [7], "sign": 1, "value": 7,
                  "exploded": false, "capped": false, "kept": true}, ...]},
       {"kind": "constant", "text": "3", "sign": 1, "value": 3, "dice": []}]}

- ``kind``: ``"dice"`` (NdS, with any '!', '!>=N', kh/kl/dh/dl), ``"keep"`` (XkY),
  ``"open"`` (od20), ``"constant"``.
- ``term.value`` is the sum of the kept dice's values (or the constant);
  ``total`` is the sum of ``sign * value`` over the terms.
- ``faces``: every face rolled by that die, explosion rolls included;
  ``value``: ``sign * sum(faces)``; ``exploded``: it rolled extra dice (for
  od20: it came up 1 or 20); ``capped``: it stopped on an exploding face only
  because the explosion cap ``depth`` was reached; ``kept``: false only for
  the dice that XkY, kh, kl, dh or dl set aside. Dice are kept or dropped by
  their totals after exploding; between equal totals the earlier die is kept.
- od20 shows the d20 first and, after a 1 or 20, its extra d20 as a second
  die; after a 1 that extra die has ``sign`` -1.

>>> report = roll("2d10+d4", seed=42)
>>> report.total == sum(t.sign * t.value for t in report.terms)
True
>>> roll("2d10+d4", seed=42) == report
True
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rollwright.dice.script import DiceSource, dice_source
from rollwright.dice.notation import (
    BinOp,
    Call,
    Constant,
    Count,
    Fudge,
    GroupRoll,
    Reroll,
    Dice,
    Expr,
    Leaf,
    OpenD20,
    RollKeep,
    as_expr,
    check_depth,
    signed_terms,
    to_text,
)
from rollwright.dice.pools import DEFAULT_DEPTH
from rollwright.errors import ParameterError


@dataclass(frozen=True)
class DieRoll:
    """One die as rolled: its faces (explosions included) and what became of it."""

    sides: int
    faces: tuple[int, ...]
    sign: int = 1
    exploded: bool = False
    capped: bool = False
    kept: bool = True
    rerolled: tuple[int, ...] = ()
    """Faces rolled and set aside by a reroll (``r``, ``ro``), in order."""
    less: int = 0
    """Taken off the faces' sum: 1 for each extra roll of a penetrating die (``!p``)."""
    label: str = ""
    """How the die is named when it is not a dS: ``dF`` (a Fudge die, whose faces are -1, 0 and 1)."""

    @property
    def value(self) -> int:
        """What the die adds to its term: ``sign * (sum(faces) - less)``."""
        return self.sign * (sum(self.faces) - self.less)

    def to_dict(self) -> dict[str, Any]:
        """Every die has the keys below; ``rerolled``, ``less`` and ``label`` only when they are set."""
        found: dict[str, Any] = {
            "sides": self.sides,
            "faces": list(self.faces),
            "sign": self.sign,
            "value": self.value,
            "exploded": self.exploded,
            "capped": self.capped,
            "kept": self.kept,
        }
        if self.rerolled:
            found["rerolled"] = list(self.rerolled)
        if self.less:
            found["less"] = self.less
        if self.label:
            found["label"] = self.label
        return found


@dataclass(frozen=True)
class TermRoll:
    """One signed term of the expression, with its dice."""

    kind: str
    text: str
    sign: int
    value: int
    dice: tuple[DieRoll, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "sign": self.sign,
            "value": self.value,
            "dice": [die.to_dict() for die in self.dice],
        }


@dataclass(frozen=True)
class RollReport:
    """A whole roll: canonical notation, seed, explosion cap, total and terms."""

    notation: str
    seed: int
    depth: int
    total: int
    terms: tuple[TermRoll, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form (see the module docstring)."""
        return {
            "notation": self.notation,
            "seed": self.seed,
            "depth": self.depth,
            "total": self.total,
            "terms": [term.to_dict() for term in self.terms],
        }


def roll_die(
    rng: DiceSource, sides: int, explode: bool = False, depth: int = DEFAULT_DEPTH, at_least: int | None = None,
    reroll: Reroll | None = None, penetrate: bool = False, on: Collection[int] | None = None,
) -> DieRoll:
    """Roll one die; if ``explode``, roll again on ``at_least`` or more (default: the top face), or on the faces
    ``on``, at most ``depth`` extra times.

    >>> roll_die(random.Random(1), 6).faces
    (2,)
    >>> roll_die(random.Random(0), 8, explode=True, at_least=7).faces
    (7, 7, 1)
    >>> roll_die(random.Random(0), 8, explode=True, on={7}).faces
    (7, 7, 1)
    """
    threshold = sides if at_least is None else at_least
    trigger = frozenset(range(threshold, sides + 1)) if on is None else frozenset(on)
    explodes = explode and bool(trigger.intersection(range(1, sides + 1))) and not trigger.issuperset(
        range(1, sides + 1))
    aside: list[int] = []

    def one() -> int:
        face = rng.randint(1, sides)
        if reroll is not None:
            while reroll.matches(face):  # the parser refuses a reroll of every face, so this ends
                aside.append(face)
                face = rng.randint(1, sides)
                if reroll.once:
                    break
        return face

    faces = [one()]
    if explodes:
        while faces[-1] in trigger and len(faces) <= depth:
            faces.append(one())
    capped = explodes and faces[-1] in trigger
    return DieRoll(sides, tuple(faces), exploded=len(faces) > 1, capped=capped, rerolled=tuple(aside),
                   less=len(faces) - 1 if penetrate else 0)


def mark_kept(dice: Sequence[DieRoll], kept: int, highest: bool = True) -> tuple[DieRoll, ...]:
    """Keep the ``kept`` highest (or lowest) dice by value, the earlier die first among equals.

    >>> [d.kept for d in mark_kept([DieRoll(6, (3,)), DieRoll(6, (5,)), DieRoll(6, (3,))], 2)]
    [True, True, False]
    """
    direction = -1 if highest else 1
    order = sorted(range(len(dice)), key=lambda i: (direction * dice[i].value, i))
    chosen = set(order[:kept])
    return tuple(die if i in chosen else replace(die, kept=False) for i, die in enumerate(dice))


def _roll_keep(rng: DiceSource, leaf: RollKeep, depth: int) -> tuple[DieRoll, ...]:
    """XkY: roll X exploding d10; keep the Y highest (ties: the earlier die is kept)."""
    return mark_kept([roll_die(rng, 10, True, depth) for _ in range(leaf.rolled)], leaf.kept)


def _roll_dice(rng: DiceSource, leaf: Dice, depth: int) -> tuple[DieRoll, ...]:
    """NdS with its reroll, explosion and keep/drop: every die is rolled (and exploded), then some are set aside."""
    dice = [roll_die(rng, leaf.sides, leaf.explode, depth, None, leaf.reroll, leaf.style == "!p", leaf.trigger)
            for _ in range(leaf.count)]
    if leaf.select is None:
        return tuple(dice)
    highest, kept = leaf.select.kept(leaf.count)
    return mark_kept(dice, kept, highest)


def _roll_open_d20(rng: DiceSource) -> tuple[DieRoll, ...]:
    """od20: a 1 subtracts a second d20, a 20 adds one; the second die never opens."""
    face = rng.randint(1, 20)
    if face not in (1, 20):
        return (DieRoll(20, (face,)),)
    extra = rng.randint(1, 20)
    return (DieRoll(20, (face,), exploded=True), DieRoll(20, (extra,), sign=-1 if face == 1 else 1))


def roll_term(rng: DiceSource, leaf: Leaf, sign: int = 1, depth: int = DEFAULT_DEPTH) -> TermRoll:
    """Roll one leaf of a syntax tree (a constant rolls nothing)."""
    if isinstance(leaf, Constant):
        return TermRoll("constant", to_text(leaf), sign, leaf.value)
    if isinstance(leaf, Dice):
        dice = _roll_dice(rng, leaf, depth)
        kind = "dice"
    elif isinstance(leaf, RollKeep):
        dice = _roll_keep(rng, leaf, depth)
        kind = "keep"
    elif isinstance(leaf, OpenD20):
        dice = _roll_open_d20(rng)
        kind = "open"
    elif isinstance(leaf, (Fudge, Count, GroupRoll, Call, BinOp)):
        from rollwright.dice.rolling_forms import roll_form

        return roll_form(rng, leaf, sign, depth)
    else:
        raise TypeError(f"not a dice term: {leaf!r}")
    value = sum(die.value for die in dice if die.kept)
    return TermRoll(kind, to_text(leaf), sign, value, dice)


def roll_with(rng: DiceSource, text_or_expr: str | Expr, depth: int = DEFAULT_DEPTH) -> tuple[TermRoll, ...]:
    """Roll every term of an expression from a caller's generator (for rules that roll several things from one seed).

    >>> [t.value for t in roll_with(random.Random(1), "d6+2")]
    [2, 2]
    """
    return _roll_terms(rng, as_expr(text_or_expr), check_depth(depth))


def _roll_terms(rng: DiceSource, expr: Expr, depth: int) -> tuple[TermRoll, ...]:
    return tuple(roll_term(rng, leaf, sign, depth) for sign, leaf in signed_terms(expr))


def roll(text_or_expr: str | Expr, seed: int, depth: int = DEFAULT_DEPTH) -> RollReport:
    """Roll a dice expression with ``random.Random(seed)`` (or scripted dice); same seed, same dice.

    >>> roll("d8!", seed=3, depth=0).to_dict()["terms"][0]["dice"][0]["faces"]
    [4]
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ParameterError(f"seed must be a whole number (got {seed!r})", field="seed")
    expr = as_expr(text_or_expr)
    depth = check_depth(depth)
    terms = _roll_terms(dice_source(seed), expr, depth)
    total = sum(term.sign * term.value for term in terms)
    return RollReport(to_text(expr), seed, depth, total, terms)
