"""HTML views of the Dice page's answers: expressions side by side, two compared, and one roll.

Each view takes the plain dict its registry call returned (``dice.odds``,
``dice.compare``, ``dice.roll``), so the page shows exactly the numbers the call
computed. Chances are exact fractions until they become a percentage, which
never reads 0% or 100% unless it is exactly that.

>>> from rollwright.kit.api import call
>>> html = odds_view(call("dice.odds", {"e1": "3d6", "e2": "2d10", "target": 12}))
>>> 'data-rw-table="dice-odds"' in html and 'data-rw-p-target="3/8"' in html
True
>>> 'data-rw-greater="103/144"' in compare_view(call("dice.compare", {"a": "2d6", "b": "d8"}))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rollwright.kit.chips import dice_detail, number_text
from rollwright.kit.markup import Html, el
from rollwright.kit.exact import chance, exact_cell, number
from rollwright.kit.numbers import chance_text, percent, signed
from rollwright.kit.plain_table import table
from rollwright.kit.series_chart import Series, legend, series_chart, swatch
from rollwright.kit.widget import state_link

TAIL = Fraction(1, 2000)
"""A chart leaves off the outer totals of a wide distribution while each tail holds at most this much."""

FULL_SPAN = 60
"""Totals spanning at most this many values are always charted whole."""
MARGIN_TAIL = Fraction(1, 1000)
"""The compare table lists margins one by one until each rarer tail holds at most this (0.1%); the
tails are one row each, and every margin waits, folded, under the table."""

VIEW_CAPTIONS = {"exactly": "Chance of rolling each total exactly",
                 "at-least": "Chance of rolling each total or more",
                 "at-most": "Chance of rolling each total or less"}


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def exactly(series: Sequence[tuple[int, Fraction]], view: str) -> list[tuple[int, Fraction]]:
    """Each outcome's own chance, from a series in any view (undoing the running sums).

    >>> exactly([(1, Fraction(1)), (2, Fraction(1, 2))], "at-least")
    [(1, Fraction(1, 2)), (2, Fraction(1, 2))]
    """
    if view == "exactly":
        return list(series)
    values = [p for _, p in series]
    if view == "at-least":
        own = [p - (values[i + 1] if i + 1 < len(values) else 0) for i, p in enumerate(values)]
    else:
        own = [p - (values[i - 1] if i else 0) for i, p in enumerate(values)]
    return list(zip((v for v, _ in series), own))


def central_window(points: Sequence[tuple[int, Fraction]], tail: Fraction = TAIL) -> tuple[int, int]:
    """The totals to chart: all of them when they span :data:`FULL_SPAN` or less, else those
    left once each tail holding at most :data:`TAIL` is cut off.

    >>> central_window([(v, Fraction(1, 100)) for v in range(100)])
    (0, 99)
    >>> central_window([(0, Fraction(1, 2)), (1, Fraction(4999, 10000)), (100, Fraction(1, 10000))])
    (0, 1)
    """
    low, high = points[0][0], points[-1][0]
    if high - low <= FULL_SPAN:
        return low, high
    cut, index = Fraction(0), 0
    while cut + points[index][1] <= tail and index < len(points) - 1:
        cut += points[index][1]
        index += 1
    start = points[index][0]
    cut, index = Fraction(0), len(points) - 1
    while cut + points[index][1] <= tail and index > 0:
        cut += points[index][1]
        index -= 1
    return start, max(points[index][0], start)


def column(series: Sequence[tuple[int, Fraction]], totals: Sequence[int], view: str) -> list[Fraction]:
    """The chance a series gives each of ``totals`` (ascending), also for totals it cannot roll:
    0 exactly; or more, as the next total it can roll; or less, as the last one below.

    >>> column([(2, Fraction(1)), (4, Fraction(1, 2))], [1, 2, 3, 4, 5], "at-least")
    [Fraction(1, 1), Fraction(1, 1), Fraction(1, 2), Fraction(1, 2), Fraction(0, 1)]
    """
    own = dict(series)
    out: list[Fraction] = []
    if view == "at-least":
        following, index = Fraction(0), len(series) - 1
        for total in reversed(totals):
            while index >= 0 and series[index][0] >= total:
                following, index = series[index][1], index - 1
            out.append(following)
        return out[::-1]
    last = Fraction(0)
    for total in totals:
        if view == "exactly":
            out.append(own.get(total, Fraction(0)))
        else:
            last = own.get(total, last)
            out.append(last)
    return out


def _chance(p: Fraction, exact: bool) -> list[object]:
    """A percentage (or never, always), with the exact fraction under it when asked (and not 0 or 1)."""
    if not exact or p in (0, 1):
        return [chance_text(p)]
    return [percent(p), " ", el("span", {"class": "rw-exact rw-exact--block"}, exact_cell(p))]


def roll_name(roll: dict[str, Any]) -> str:
    """A roll as its legend names it: ``Label (3d6)``, or just ``3d6``."""
    return f"{roll['label']} ({roll['notation']})" if roll["label"] else roll["notation"]


def _summary(rolls: list[dict[str, Any]], target: int | None, exact: bool) -> Html:
    headers: list[object] = ["Roll", "Mean", el("abbr", {"title": "standard deviation"}, "SD"), "Min", "Max"]
    if target is not None:
        headers.append(f"{target} or more")
    rows = []
    for index, roll in enumerate(rolls):
        mean = Fraction(roll["mean"])
        row: list[object] = [
            [swatch(index), " ", roll["label"] or None, " " if roll["label"] else None,
             el("code", None, roll["notation"])],
            number(mean) if exact else number_text(mean),
            f"{roll['stdev']:.2f}", roll["min"], roll["max"]]
        if target is not None:
            p = _fraction(roll["p_target"])
            row.append(el("span", {"data-rw-p-target": roll["p_target"]}, chance(p)))
        rows.append(row)
    return table(headers, rows, name="dice-odds-summary", row_keys=[r["field"] for r in rolls])


def odds_view(data: dict[str, Any]) -> Html:
    """``dice.odds``: summary (mean, spread, the target), one overlaid chart, every total in a table."""
    rolls, view, target, exact = data["rolls"], data["view"], data["target"], data["exact"]
    series = [[(v, _fraction(p)) for v, p in roll["series"]] for roll in rolls]
    own = [exactly(s, view) for s in series]
    windows = [central_window(points) for points in own]
    low, high = min(w[0] for w in windows), max(w[1] for w in windows)
    full_low, full_high = min(r["min"] for r in rolls), max(r["max"] for r in rolls)
    if target is not None and full_low <= target <= full_high:
        low, high = min(low, target), max(high, target)
    names = [roll_name(r) for r in rolls]
    title = f"{VIEW_CAPTIONS[view]}: {', '.join(names)}"
    chart = series_chart([Series(n, s) for n, s in zip(names, series)], title=title, window=(low, high),
                         top=Fraction(1) if view != "exactly" else None,
                         mark=None if target is None else (target, f"target {target}"))
    notes = []
    left_off = [f"{a} to {b}" for a, b in ((full_low, low - 1), (high + 1, full_high)) if a <= b]
    if left_off:
        notes.append(f"Totals {' and '.join(left_off)} are left off the chart (at most 0.05% of each "
                     "expression's rolls on either side); the table lists every total.")
    if any(r["explodes"] for r in rolls):
        notes.append(f"An exploding die stops after {data['depth']} extra rolls (the depth cap) and counts "
                     "what it has; every chance here is exact under that cap.")
    totals = sorted({v for s in series for v, _ in s})
    columns = [column(s, totals, view) for s in series]
    rows = [[total, *[_chance(c[i], exact) for c in columns]] for i, total in enumerate(totals)]
    heads = ["Total", *names]
    return el("div", {"class": "rw-dice-odds", "data-rw-view": view, "data-rw-target": target},
              _summary(rolls, target, exact),
              el("figure", {"class": "rw-figure"}, legend(names), chart,
                 el("figcaption", {"class": "rw-caption"}, title, ". ", " ".join(notes) or None)),
              el("div", {"class": "rw-scroll", "tabindex": 0, "role": "region",
                         "aria-label": f"{VIEW_CAPTIONS[view]} (table)"},
                 table(heads, rows, name="dice-odds", caption=f"{VIEW_CAPTIONS[view]} ({len(totals)} totals)",
                       row_keys=[str(t) for t in totals])))


def compare_view(data: dict[str, Any]) -> Html:
    """``dice.compare``: who wins how often, and the margin A − B charted and tabled."""
    a, b = data["a"], data["b"]
    margin = [(v, _fraction(p)) for v, p in data["margin"]]
    lines = [("A beats B", data["greater"]), ("A and B tie", data["equal"]), ("B beats A", data["less"])]
    summary = el("ul", {"class": "rw-compare__summary"},
                 [el("li", None, f"{what}: ", chance(p, strong=True)) for what, p in lines])
    at_least, running = [], Fraction(0)
    for _, p in reversed(margin):
        running += p
        at_least.append(running)
    at_least.reverse()
    name = f"A − B ({a} − {b})"
    rows = [[signed(v), chance_text(p), chance_text(q), exact_cell(p)] for (v, p), q in zip(margin, at_least)]
    low, high = central_window(margin, MARGIN_TAIL)
    heads = ["Margin A − B", "Exactly", "At least", "Exactly, as a fraction"]
    if (low, high) == (margin[0][0], margin[-1][0]):
        margins = el("div", {"class": "rw-scroll", "tabindex": 0, "role": "region", "aria-label": "Margins (table)"},
                     table(heads, rows, name="dice-compare-margin", caption=f"Every margin of {a} against {b}",
                           row_keys=[str(v) for v, _ in margin]))
    else:
        margins = _folded_margins(margin, at_least, rows, (low, high), heads, f"{a} against {b}")
    return el("div", {"class": "rw-dice-compare", "data-rw-greater": data["greater"],
                      "data-rw-equal": data["equal"], "data-rw-less": data["less"]},
              el("p", {"class": "rw-headline"}, "A is ", el("code", None, a), ", B is ", el("code", None, b),
                 ", rolled independently."),
              summary,
              el("figure", {"class": "rw-figure"},
                 series_chart([Series(name, margin)], title=f"Chance of each margin {name}",
                              window=central_window(margin), mark=(0, "tie")),
                 el("figcaption", {"class": "rw-caption"},
                    f"Chance of each margin {name}: right of the tie line A wins, left of it B wins.")),
              margins)


def _folded_margins(margin: list[tuple[int, Fraction]], at_least: list[Fraction], rows: list[list[Any]],
                    window: tuple[int, int], heads: list[str], which: str) -> Html:
    """The margins that matter (the chart's window), each rare tail as one row, then every margin folded away."""
    low, high = window
    shown: list[list[Any]] = []
    keys: list[str] = []
    inside = [i for i, (v, _) in enumerate(margin) if low <= v <= high]
    first, last = inside[0], inside[-1]
    tails: tuple[tuple[list[tuple[int, Fraction]] | None, str], ...] = (
        (margin[:first], "below"), (None, "inside"), (margin[last + 1:], "above"))
    for part, key in tails:
        if part is None:
            shown += [rows[i] for i in inside]
            keys += [str(margin[i][0]) for i in inside]
            continue
        if not part:
            continue
        total = sum((p for _, p in part), Fraction(0))
        start = at_least[0] if key == "below" else at_least[last + 1]
        shown.append([f"{signed(part[0][0])} to {signed(part[-1][0])}", f"{chance_text(total)} in all",
                      chance_text(start), exact_cell(total)])
        keys.append(key)
    likely = table(heads, shown, name="dice-compare-margins", row_keys=keys,
                   caption=f"Margins of {which} from {signed(low)} to {signed(high)}; the rarer ones beyond, "
                           "each side as one row")
    every = table(heads, rows, name="dice-compare-margin", caption=f"Every margin of {which}",
                  row_keys=[str(v) for v, _ in margin])
    return el("div", {"class": "rw-dice-compare__margins"},
              el("div", {"class": "rw-scroll", "tabindex": 0, "role": "region", "aria-label": "Likely margins (table)"},
                 likely),
              el("details", {"class": "rw-details"}, el("summary", None, f"Every margin ({len(margin)})"),
                 el("div", {"class": "rw-scroll", "tabindex": 0, "role": "region",
                            "aria-label": "Every margin (table)"}, every)))


def _die(die: dict[str, Any], term_sign: int) -> Html:
    faces = "+".join(str(f) for f in die["faces"])
    negative = term_sign * die["sign"] < 0
    states = ["exploded" if die["exploded"] else None, "stopped at the depth cap" if die["capped"] else None,
              "dropped" if not die["kept"] else None,
              f"rerolled {', '.join(map(str, die['rerolled']))}" if die.get("rerolled") else None,
              f"{die['less']} less for its extra rolls" if die.get("less") else None]
    said = ", ".join(s for s in states if s)
    name = die.get("label") or f"d{die['sides']}"
    label = f"{name} {'minus ' if negative else ''}{faces.replace('+', ' then ')}{', ' + said if said else ''}"
    css = " ".join(filter(None, ["rw-die", "rw-die--exploded" if die["exploded"] else None,
                                 "rw-die--dropped" if not die["kept"] else None,
                                 "rw-die--capped" if die["capped"] else None]))
    return el("li", {"class": css, "data-rw-sides": die["sides"], "data-rw-faces": " ".join(map(str, die["faces"])),
                     "data-rw-kept": "true" if die["kept"] else "false", "aria-label": label, "title": label},
              el("span", {"class": "rw-die__sides"}, name),
              el("span", {"class": "rw-die__face"}, ("−" if negative else "") + faces))


def _term(term: dict[str, Any], first: bool, totals: bool = True) -> Html:
    sign = "" if first and term["sign"] > 0 else ("+ " if term["sign"] > 0 else "− ")
    if term["kind"] == "constant":
        return el("li", {"class": "rw-roll__term"}, el("span", {"class": "rw-roll__text"}, f"{sign}{term['value']}"))
    return el("li", {"class": "rw-roll__term", "data-rw-term": term["text"]},
              el("span", {"class": "rw-roll__text"}, sign, el("code", None, term["text"])),
              el("ul", {"class": "rw-dice", "aria-label": f"Dice of {term['text']}"},
                 [_die(d, term["sign"]) for d in term["dice"]]),
              el("span", {"class": "rw-roll__value"}, f"= {term['value']}") if totals else None)


def every_die(terms: list[dict[str, Any]], label: str = "Every die", *, totals: bool = True) -> Html:
    """A roll's terms as a list, each die shown (exploded, dropped and capped dice marked); ``totals``:
    each term's sum after its dice (not for a pool whose hits are counted)."""
    return el("ol", {"class": "rw-roll__terms", "aria-label": label},
              [_term(t, i == 0, totals) for i, t in enumerate(terms)])


def roll_view(data: dict[str, Any], url_key: str | None = None) -> Html:
    """``dice.roll``: the total, every die of every term, the seed, and a link that replays it."""
    link = None
    if url_key:
        link = state_link(url_key, {"notation": data["notation"], "seed": data["seed"]}, "Link to this roll",
                          "rw-roll__link")
    return el("div", {"class": "rw-dice-roll", "data-rw-total": data["total"], "data-rw-seed": data["seed"],
                      "data-rw-notation": data["notation"]},
              el("p", {"class": "rw-roll__what", "data-rw-log-entry": True},
                 el("code", None, data["notation"]), " rolled ", el("strong", None, data["total"]),
                 el("span", {"class": "rw-exact"}, f" ({dice_detail(data)})"),
                 el("span", {"class": "rw-seed"}, f" · seed {data['seed']}")),
              every_die(data["terms"]),
              _caption(roll_legend(data["terms"], data["depth"]), link))


def _caption(legend_text: str, link: Html | None) -> Html | None:
    """The roll's key and link under its dice, when there is either."""
    return el("p", {"class": "rw-caption"}, legend_text, link) if legend_text or link else None


def roll_legend(terms: list[dict[str, Any]], depth: int) -> str:
    """The key to the marks a roll's dice actually carry (none: no key at all).

    >>> plain = [{"dice": [{"exploded": False, "kept": True, "capped": False}]}]
    >>> roll_legend(plain, 20)
    ''
    >>> roll_legend([{"dice": [{"exploded": True, "kept": False, "capped": False}]}], 20)
    '✱ exploded (its extra rolls add to it); struck through: dropped. '
    """
    dice = [d for t in terms for d in t.get("dice", ())]
    marks = ["✱ exploded (its extra rolls add to it)" if any(d["exploded"] for d in dice) else None,
             "struck through: dropped" if any(not d["kept"] for d in dice) else None,
             f"⊘ stopped by the cap of {depth} extra rolls" if any(d["capped"] for d in dice) else None]
    said = "; ".join(m for m in marks if m)
    return f"{said}. " if said else ""
