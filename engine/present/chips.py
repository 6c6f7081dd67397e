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

The odds are rendered here at build time from registry call results
(``dice.dist``, ``facade.odds``, ``facade.traits``), so they read without
JavaScript; the browser only fills the result region, with the ``text`` of
``chip.dice``/``chip.trait`` (see engine/api/chip_calls.py, which uses the
result texts below).

>>> from engine.api import call
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

from engine.present.markup import Html, el
from engine.present.numbers import percent, signed


def at_least(report: dict[str, Any], target: int) -> Fraction:
    """Exact chance that a ``dice.dist`` report's total meets or beats ``target``."""
    return sum((Fraction(p) for value, p in report["outcomes"] if value >= target), Fraction(0))


def exact_mean(report: dict[str, Any]) -> Fraction:
    """The exact mean of a ``dice.dist`` report.

    >>> exact_mean({"outcomes": [[1, "1/2"], [2, "1/2"]]})
    Fraction(3, 2)
    """
    return sum((value * Fraction(p) for value, p in report["outcomes"]), Fraction(0))


def number_text(value: Fraction) -> str:
    """A mean for people: whole numbers plain, others to two decimals at most.

    >>> number_text(Fraction(25, 2)), number_text(Fraction(10, 3)), number_text(Fraction(7))
    ('12.5', '3.33', '7')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _chance(p: Fraction) -> list[object]:
    return [percent(p), el("span", {"class": "rw-exact"}, f" (exactly {p.numerator}/{p.denominator})")]


def _line(*children: object) -> Html:
    return el("span", {"class": "rw-chip__line"}, *children)


def _spread(report: dict[str, Any]) -> Html:
    """Range and average of a ``dice.dist`` report."""
    values = [value for value, _ in report["outcomes"]]
    return _line(f"Totals {min(values)} to {max(values)}, average {number_text(exact_mean(report))}.")


def _most_likely(report: dict[str, Any]) -> Html:
    """The most likely total(s) and their exact chance."""
    best = max(Fraction(p) for _, p in report["outcomes"])
    modes = [str(value) for value, p in report["outcomes"] if Fraction(p) == best]
    shown = ", ".join(modes[:-1]) + " or " + modes[-1] if len(modes) > 1 else modes[0]
    each = " each" if len(modes) > 1 else ""
    return _line(f"Most likely: {shown}, ", *_chance(best), f"{each}.")


def _chip(kind: str, chip_id: str, call: str, params: dict[str, Any], data: dict[str, str | int | None],
          label: str, name_extra: str, tip: list[Html]) -> Html:
    """The shared chip markup (see the module docstring)."""
    tip_id = f"{chip_id}-odds"
    attributes: dict[str, str | int | None] = {
        "class": "rw-chip", "id": chip_id, "data-rw-chip": kind, "data-rw-call": call,
        "data-rw-params": json.dumps(params, separators=(",", ":"), sort_keys=True), **data}
    button = el("button", {"type": "button", "class": "rw-chip__button", "aria-describedby": tip_id},
                el("span", {"class": "rw-visually-hidden"}, "Roll "), label,
                el("span", {"class": "rw-visually-hidden"}, name_extra) if name_extra else None)
    return el("span", attributes,
              el("span", {"class": "rw-chip__anchor"}, button,
                 el("span", {"class": "rw-chip__tip", "role": "tooltip", "id": tip_id}, *tip)),
              el("span", {"class": "rw-chip__result", "aria-live": "polite", "aria-atomic": "true",
                          "data-rw-chip-result": ""}))


def dice_chip(report: dict[str, Any], vs: int | None, chip_id: str) -> Html:
    """A chip for any dice expression, from its ``dice.dist`` report (and an optional target)."""
    notation = report["notation"]
    label = notation if vs is None else f"{notation} vs {vs}"
    tip = [_line(el("strong", None, notation)), _spread(report)]
    p = None
    if vs is None:
        tip.append(_most_likely(report))
    else:
        p = at_least(report, vs)
        tip.append(_line(f"{vs} or more: ", el("strong", None, *_chance(p)), "."))
    params: dict[str, Any] = {"notation": notation, "vs": vs}
    data: dict[str, str | int | None] = {"data-rw-notation": notation, "data-rw-vs": vs,
                                         "data-rw-p": None if p is None else f"{p.numerator}/{p.denominator}"}
    return _chip("dice", chip_id, "chip.dice", params, data, label, "", tip)


def trait_chip(trait: dict[str, Any], report: dict[str, Any], odds: dict[str, Any] | None, chip_id: str,
               label: str | None = None) -> Html:
    """A chip for a Façade trait roll.

    ``trait`` is the trait's row of ``facade.traits``, ``report`` the ``dice.dist`` of its dice
    and ``odds`` the ``facade.odds`` against the difficulty (None to just roll).
    """
    rating, dice = trait["rating"], trait["dice"]
    vs = None if odds is None else odds["difficulty"]
    shown = label if label is not None else f"trait {rating}"
    visible = shown if vs is None else f"{shown} vs {vs}"
    tip = [_line(el("strong", None, f"Trait {rating} ({trait['label']}) rolls {dice}"),
                 "" if vs is None else f" against difficulty {vs}."),
           _spread(report)]
    p = None
    if odds is None:
        tip.append(_most_likely(report))
    else:
        p = Fraction(odds["p_success"])
        tip.append(_line("Success: ", el("strong", None, *_chance(p)), "."))
        for outcome in odds["outcomes"]:
            chance = Fraction(outcome["p"])
            if chance:
                tip.append(_line(el("span", {"class": "rw-chip__outcome", "data-rw-outcome": outcome["key"]},
                                    f"{outcome['name']}: ", *_chance(chance))))
        if odds["automatic_failure"]:
            tip.append(_line(f"No roll reaches {vs} (best is {odds['max_roll']}): an automatic failure "
                             "unless stunts are in use."))
        if odds["automatic_success"]:
            tip.append(_line(f"Uncontested, the trait may take an automatic {odds['automatic_success']} "
                             "success instead of rolling, if the GM allows."))
    extra = f" (trait {rating}, {dice})" if label is not None else f" ({dice})"
    params: dict[str, Any] = {"trait": rating, "vs": vs}
    data: dict[str, str | int | None] = {"data-rw-trait": rating, "data-rw-notation": dice, "data-rw-vs": vs,
                                         "data-rw-p": None if p is None else f"{p.numerator}/{p.denominator}"}
    return _chip("trait", chip_id, "chip.trait", params, data, visible, extra, tip)


def dice_detail(report: dict[str, Any]) -> str:
    """The dice of a ``dice.roll`` report as a sum people can check.

    Exploded dice show every face, dropped dice are listed apart.

    >>> from engine.api import call
    >>> dice_detail(call("dice.roll", {"notation": "2d10+d4-1", "seed": 5}))
    '10 + 5 + 3 − 1'
    >>> dice_detail(call("dice.roll", {"notation": "3k2", "seed": 1}))
    '(10+2) + 5; dropped 3'
    """
    parts: list[tuple[int, str]] = []
    dropped: list[str] = []
    for term in report["terms"]:
        if term["kind"] == "constant":
            parts.append((term["sign"], str(term["value"])))
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

    >>> from engine.api import call
    >>> dice_result_text(call("dice.roll", {"notation": "2d10+d4", "seed": 5}), 20)
    '2d10+d4 rolled 18 (10 + 5 + 3): misses 20 by 2'
    """
    text = f"{report['notation']} rolled {report['total']} ({dice_detail(report)})"
    if vs is None:
        return text
    if report["total"] >= vs:
        return f"{text}: reaches {vs}"
    return f"{text}: misses {vs} by {vs - report['total']}"


def trait_result_text(data: dict[str, Any]) -> str:
    """One sentence for a rolled trait chip, from ``facade.roll``.

    >>> from engine.api import call
    >>> trait_result_text(call("facade.roll", {"trait": 12, "difficulty": 10, "seed": 5}))
    'Trait 12 rolled 18 (10 + 5 + 3) against 10: Full Success, margin +8, level 2'
    """
    text = f"Trait {data['trait']} rolled {data['total']} ({dice_detail(data['roll'])})"
    outcome = data["outcome"]
    if outcome is None:
        return text
    level = "" if outcome["level"] is None else f", level {outcome['level']}"
    return f"{text} against {data['difficulty']}: {outcome['name']}, margin {signed(outcome['margin'])}{level}"
