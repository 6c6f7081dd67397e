"""``dice.odds``: up to four dice expressions side by side, exactly, with an optional target.

The call behind the Dice page's main widget. Every number is exact (``"p/q"``
text) except ``stdev``, a float made from the exact variance. ``series`` holds
the chance of each outcome in the asked ``view``: ``exactly`` that total,
``at-least`` that total or more, ``at-most`` that total or less. Errors name the
expression's parameter (``e1`` .. ``e4``) so the form can show them under it; the
expressions share one work cap, as two do in ``dice.compare``.

>>> from rollwright.kit.registry import call
>>> out = call("dice.odds", {"e1": "2d6", "l1": "Two dice", "e3": "d12", "view": "at-least", "target": 7})
>>> [(r["field"], r["label"], r["notation"], r["p_target"]) for r in out["rolls"]]
[('e1', 'Two dice', '2d6', '7/12'), ('e3', '', 'd12', '1/2')]
>>> out["rolls"][0]["series"][:2], out["rolls"][0]["mean"]
([[2, '1/1'], [3, '35/36']], '7/1')
>>> call("dice.odds", {"e1": "2d6", "e2": "2d+1"})
Traceback (most recent call last):
...
rollwright.errors.NotationError: expression 2: expected a number of sides after 'd' (as in '2d6') at position 3
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from typing import Any

from rollwright.dice.distribution import Distribution
from rollwright.dice.notation import Dice, RollKeep, check_depth, distribution, estimate_work, parse, to_text
from rollwright.dice.notation.limits import MAX_INPUT_LENGTH, MAX_WORK
from rollwright.errors import LimitError, ParameterError
from rollwright.kit.calls.chips import MAX_TARGET
from rollwright.kit.calls.dice import DEPTH, NOTATION_SAMPLES, notation_field
from rollwright.kit.numbers import fraction_text
from rollwright.kit.registry import Param, register

MAX_EXPRESSIONS = 4
"""How many expressions one answer compares."""

MAX_LABEL = 40
"""Longest label of one expression, in characters."""

VIEWS = ("exactly", "at-least", "at-most")
"""What each outcome's chance counts: that total, that total or more, that total or less."""

_EXPRESSIONS = [Param(f"e{i}", str, f"dice expression {i} (empty: not shown)", default="",
                      max_length=MAX_INPUT_LENGTH, samples=NOTATION_SAMPLES) for i in range(1, MAX_EXPRESSIONS + 1)]
_LABELS = [Param(f"l{i}", str, f"label of expression {i} (optional)", default="", max_length=MAX_LABEL,
                 samples=("x" * MAX_LABEL,))
           for i in range(1, MAX_EXPRESSIONS + 1)]


def explodes(notation: str) -> bool:
    """Whether any die of the expression can explode, so the depth cap shapes its distribution.

    >>> explodes("4d6!kh3"), explodes("10k5"), explodes("od20+2d6"), explodes("{d8!,d6}kh1"), explodes("{5d10!}>8")
    (True, True, False, True, True)
    """
    return _explodes(parse(notation))


def _explodes(node: object) -> bool:
    """Any exploding die in the tree, inside groups, counts, calls and products too."""
    if (isinstance(node, Dice) and node.explode) or isinstance(node, RollKeep):
        return True
    for name in getattr(node, "_fields", ()):
        value = getattr(node, name)
        if any(_explodes(child) for child in (value if isinstance(value, tuple) else (value,))):
            return True
    return False


def view_series(dist: Distribution, view: str) -> list[tuple[int, Fraction]]:
    """Each outcome with its chance in ``view`` (exact; integer sums, one division each).

    >>> from rollwright.dice import die
    >>> [(v, str(p)) for v, p in view_series(die(4), "at-most")]
    [(1, '1/4'), (2, '1/2'), (3, '3/4'), (4, '1')]
    """
    outcomes, weights, total = dist.outcomes(), dist.weights(), dist.total_weight
    if view == "at-least":
        tails = list(accumulate(reversed(weights)))[::-1]
        return [(v, Fraction(w, total)) for v, w in zip(outcomes, tails)]
    if view == "at-most":
        return [(v, Fraction(w, total)) for v, w in zip(outcomes, accumulate(weights))]
    return [(v, Fraction(w, total)) for v, w in zip(outcomes, weights)]


def moments(dist: Distribution) -> tuple[Fraction, Fraction]:
    """Exact mean and variance, in whole numbers until the last division.

    >>> from rollwright.dice import die
    >>> moments(die(6))
    (Fraction(7, 2), Fraction(35, 12))
    """
    total = dist.total_weight
    s1 = sum(v * w for v, w in dist.items())
    s2 = sum(v * v * w for v, w in dist.items())
    return Fraction(s1, total), Fraction(total * s2 - s1 * s1, total * total)


def _check_total_work(texts: dict[str, str], depth: int) -> None:
    """Refuse, before any work, expressions that together cost more than one distribution may."""
    spent = 0
    for field, text in texts.items():
        with notation_field(field, f"expression {field[1:]}: "):
            spent += estimate_work(parse(text), depth)
        if spent > MAX_WORK:
            raise LimitError(
                f"expression {field[1:]}: with the expressions before it, these distributions would take about "
                f"{spent:,} steps (cap {MAX_WORK:,} for all of them together); clear an expression, or use "
                "fewer or smaller dice", limit="work", field=field)


def _report(field: str, label: str, text: str, view: str, target: int | None, depth: int) -> dict[str, Any]:
    with notation_field(field, f"expression {field[1:]}: "):
        dist = distribution(text, depth=depth)
        canonical = to_text(parse(text))
    mean, variance = moments(dist)
    return {
        "field": field, "label": label.strip(), "notation": canonical, "explodes": explodes(canonical),
        "series": [[v, fraction_text(p)] for v, p in view_series(dist, view)],
        "mean": fraction_text(mean), "variance": fraction_text(variance),
        "stdev": float(variance) ** 0.5, "min": dist.min_outcome, "max": dist.max_outcome,
        "p_target": None if target is None else fraction_text(dist.at_least(target)),
    }


@register("dice.odds", "Up to four dice expressions side by side: exact chances in one view, and a target.",
          *_EXPRESSIONS, *_LABELS,
          Param("view", str, "exactly: each total; at-least: that total or more; at-most: that total or less",
                default="exactly", choices=VIEWS),
          Param("target", int, "total to meet or beat: the chance of each expression doing so", default=None,
                minimum=-MAX_TARGET, maximum=MAX_TARGET),
          Param("exact", bool, "show every chance as an exact fraction too (for the page's table)", default=False),
          DEPTH)
def odds(e1: str, e2: str, e3: str, e4: str, l1: str, l2: str, l3: str, l4: str, view: str,
         target: int | None, exact: bool, depth: int) -> dict[str, Any]:
    """``{"view", "target", "exact", "depth", "rolls": [{"field", "label", "notation", "explodes", "series",
    "mean", "variance", "stdev", "min", "max", "p_target"}, ...]}``, one roll per non-empty expression."""
    depth = check_depth(depth)
    texts = {f"e{i}": text for i, text in enumerate((e1, e2, e3, e4), start=1) if text.strip()}
    if not texts:
        raise ParameterError("type a dice expression, e.g. 3d6", field="e1")
    labels = dict(zip(("e1", "e2", "e3", "e4"), (l1, l2, l3, l4)))
    _check_total_work(texts, depth)
    rolls = [_report(field, labels[field], text, view, target, depth) for field, text in texts.items()]
    return {"view": view, "target": target, "exact": exact, "depth": depth, "rolls": rolls}
