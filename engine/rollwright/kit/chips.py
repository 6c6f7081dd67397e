"""Inline roll chips: a roll named in a sentence, its exact odds, and room for a live result.

A chip is phrasing content only (spans and one button), so it can sit inside a
paragraph. The anchor holds the button and its tooltip, so CSS can show the odds
on ``:hover``/``:focus-within`` right under the button::

    <span class="rw-chip" data-rw-chip="dice" data-rw-call="chip.dice"
          data-rw-params='{"notation":"2d10+d4","vs":10}' data-rw-p="163/200" ...>
      <span class="rw-chip__anchor">
        <button type="button" class="rw-chip__button" aria-describedby="ID-odds">
          <span class="rw-visually-hidden">Roll </span>2d10+d4 vs 10</button>
        <span class="rw-chip__tip" role="tooltip" id="ID-odds">...exact odds...</span>
      </span>
      <span class="rw-chip__result" aria-live="polite" aria-atomic="true" data-rw-chip-result></span>
    </span>

The odds are rendered at build time from registry call results (``dice.dist``,
or a system's own odds), so they read without JavaScript; the browser only
fills the result region, with the ``text`` of the chip's own call
(``data-rw-call``: ``chip.dice`` here, see engine/kit/calls/chips.py; a system
adds chips of its own kind with :func:`chip`, e.g. a trait roll against a difficulty).

>>> from rollwright.kit.api import call
>>> html = dice_chip(call("dice.dist", {"notation": "2d6"}), vs=7, chip_id="c1")
>>> 'data-rw-p="7/12"' in html and 'aria-describedby="c1-odds"' in html
True
>>> at_least(call("dice.dist", {"notation": "2d6"}), 12)
Fraction(1, 36)
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

__all__ = ["at_least", "chance", "chip", "dice_chip", "dice_detail", "dice_result_text", "exact_mean", "line",
           "most_likely", "number_text", "spread"]

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import chance_text, number_text, percent, short_fraction


def at_least(report: dict[str, Any], target: int) -> Fraction:
    """Exact chance that a ``dice.dist`` report's total meets or beats ``target``."""
    return sum((Fraction(p) for value, p in report["outcomes"] if value >= target), Fraction(0))


def exact_mean(report: dict[str, Any]) -> Fraction:
    """The exact mean of a ``dice.dist`` report.

    >>> exact_mean({"outcomes": [[1, "1/2"], [2, "1/2"]]})
    Fraction(3, 2)
    """
    return sum((value * Fraction(p) for value, p in report["outcomes"]), Fraction(0))


def chance(p: Fraction) -> list[object]:
    """A chance in a tooltip: ``never``/``always``, or the percentage and, when short, the exact fraction.

    >>> chance(Fraction(1, 4)), chance(Fraction(0)), chance(Fraction(1, 3**30))
    (['25%', '<span class="rw-exact"> (exactly 1/4)</span>'], ['never'], ['<0.01%'])
    """
    p = Fraction(p)
    short = short_fraction(p)
    if p in (0, 1) or short is None:
        return [chance_text(p)]
    return [percent(p), el("span", {"class": "rw-exact"}, f" (exactly {short})")]


def line(*children: object) -> Html:
    return el("span", {"class": "rw-chip__line"}, *children)


def spread(report: dict[str, Any]) -> Html:
    """Range and average of a ``dice.dist`` report."""
    values = [value for value, _ in report["outcomes"]]
    return line(f"Totals {min(values)} to {max(values)}, average {number_text(exact_mean(report))}.")


def most_likely(report: dict[str, Any]) -> Html:
    """The most likely total(s) and their exact chance."""
    best = max(Fraction(p) for _, p in report["outcomes"])
    modes = [str(value) for value, p in report["outcomes"] if Fraction(p) == best]
    shown = ", ".join(modes[:-1]) + " or " + modes[-1] if len(modes) > 1 else modes[0]
    each = " each" if len(modes) > 1 else ""
    return line(f"Most likely: {shown}, ", *chance(best), f"{each}.")


def chip(kind: str, chip_id: str, call: str, params: dict[str, Any], data: dict[str, str | int | None],
          label: str, name_extra: str, tip: list[Html]) -> Html:
    """The shared chip markup (see the module docstring)."""
    tip_id = f"{chip_id}-odds"
    attributes: dict[str, str | int | None] = {
        "class": "rw-chip", "id": chip_id, "data-rw-chip": kind, "data-rw-call": call,
        "data-rw-params": json.dumps(params, separators=(",", ":"), sort_keys=True), **data}
    button = el("button", {"type": "button", "class": "rw-chip__button", "aria-describedby": tip_id},
                el("span", {"class": "rw-visually-hidden"}, "Roll "), label,
                el("span", {"class": "rw-visually-hidden"}, name_extra) if name_extra else None)
    touch = el("span", {"class": "rw-chip__line rw-chip__touch"}, "Tap the roll again to roll it.")
    return el("span", attributes,
              el("span", {"class": "rw-chip__anchor"}, button,
                 el("span", {"class": "rw-chip__tip", "role": "tooltip", "id": tip_id}, *tip, touch)),
              el("span", {"class": "rw-chip__result", "aria-live": "polite", "aria-atomic": "true",
                          "data-rw-chip-result": ""}))


def dice_chip(report: dict[str, Any], vs: int | None, chip_id: str, *, label: str | None = None,
              about: str | None = None, name_extra: str = "") -> Html:
    """A chip for any dice expression, from its ``dice.dist`` report (and an optional target).

    A system's chip macro may name it in its own words: ``label`` is the visible text (default
    ``notation vs target``), ``name_extra`` what only a screen reader adds to it, and ``about``
    the tooltip's first line (default the notation).
    """
    notation = report["notation"]
    if label is None:
        label = notation if vs is None else f"{notation} vs {vs}"
    tip = [line(el("strong", None, about or notation)), spread(report)]
    p = None
    if vs is None:
        tip.append(most_likely(report))
    else:
        p = at_least(report, vs)
        tip.append(line(f"{vs} or more: ", el("strong", None, *chance(p)), "."))
    params: dict[str, Any] = {"notation": notation, "vs": vs}
    data: dict[str, str | int | None] = {"data-rw-notation": notation, "data-rw-vs": vs,
                                         "data-rw-p": None if p is None else f"{p.numerator}/{p.denominator}"}
    return chip("dice", chip_id, "chip.dice", params, data, label, name_extra, tip)


def dice_detail(report: dict[str, Any]) -> str:
    """The dice of a ``dice.roll`` report as a sum people can check.

    Exploded dice show every face, dropped dice are listed apart.

    >>> from rollwright.kit.api import call
    >>> dice_detail(call("dice.roll", {"notation": "2d10+d4-1", "seed": 5}))
    '10 + 5 + 3 − 1'
    >>> dice_detail(call("dice.roll", {"notation": "3k2", "seed": 1}))
    '(10+2) + 5; dropped 3'
    >>> dice_detail(call("dice.roll", {"notation": "3d6>=5", "seed": 1}))
    '1 from 3d6>=5: 2, 5, 1'
    """
    parts: list[tuple[int, str]] = []
    dropped: list[str] = []
    for term in report["terms"]:
        if term["kind"] == "constant":
            parts.append((term["sign"], str(term["value"])))
            continue
        if term["kind"] in ("count", "math"):  # a count or a product is not the sum of its dice: say both
            faces = ", ".join("+".join(str(f) for f in die["faces"]) for die in term["dice"])
            parts.append((term["sign"], f"{term['value']} from {term['text']}: {faces}"))
            continue
        for die in term["dice"]:
            faces = "+".join(str(f) for f in die["faces"])
            shown = f"({faces})" if len(die["faces"]) > 1 else faces
            if not die["kept"]:
                dropped.append(shown)
                continue
            sign = term["sign"] * die["sign"]
            parts.append((sign, shown))
    text = ""
    for index, (sign, shown) in enumerate(parts):
        if index == 0:
            text = shown if sign > 0 else f"−{shown}"
        else:
            text += f" {'+' if sign > 0 else '−'} {shown}"
    if dropped:
        text += "; dropped " + ", ".join(dropped)
    return text


def dice_result_text(report: dict[str, Any], vs: int | None) -> str:
    """One sentence for a rolled dice chip (shown and announced in its live region).

    No closing full stop: the chip sits inside the page's own sentence.

    >>> from rollwright.kit.api import call
    >>> dice_result_text(call("dice.roll", {"notation": "2d10+d4", "seed": 5}), 20)
    '2d10+d4 rolled 18 (10 + 5 + 3): misses 20 by 2'
    """
    text = f"{report['notation']} rolled {report['total']} ({dice_detail(report)})"
    if vs is None:
        return text
    if report["total"] >= vs:
        return f"{text}: reaches {vs}"
    return f"{text}: misses {vs} by {vs - report['total']}"
