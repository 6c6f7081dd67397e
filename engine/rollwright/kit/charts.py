"""Small SVG bar charts, styled by CSS classes so they follow light and dark themes.

A chart is drawn at one text size at every screen width, its bars narrowed so that it
fits a desktop page's column (:data:`FIT_WIDTH`); on a narrower screen it scrolls
sideways, and says so. A chart is ONE stop for the Tab key: its tallest bar takes the
focus, and the arrow keys (Home, End) move between its bars (``widgets/chart-readout.js``).
Every bar names its share; the browser shows the share of the bar focused or tapped in a line
under the chart (``[data-rw-chart-readout]``), whose hint offers the keyboard and taps only
with JavaScript on (without it, a bar's tooltip shows on hover). Short bar labels can be explained in
a key under the chart.

>>> box = bar_chart([Bar("A", Fraction(1, 4), "rw-bar--fail"), Bar("B", Fraction(3, 4), "rw-bar--success")],
...                 title="Demo", key=[("A", "first"), ("B", "second")])
>>> '<svg' in box and box.count('tabindex="0"') == 1 and "75% (exactly 3/4)" in box and "A: first" in box
True
>>> many = bar_chart([Bar(str(n), Fraction(1, 41)) for n in range(41)], title="Many")
>>> tiny = bar_chart([Bar("a", Fraction(1, 10**6)), Bar("b", Fraction(1, 2))], title="Tiny")
>>> re.findall(r'class="rw-value"[^>]*>([^<]*)<', tiny)  # a share wider than its bar's slot is left out
['', '50%']
>>> many.count('tabindex="0"'), many.count('tabindex="-1"'), int(re.search(r'width="(\\d+)"', many)[1]) <= FIT_WIDTH
(1, 40, True)
"""

from __future__ import annotations

import re  # noqa: F401 - the module's example reads the chart's width
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import chance_text, percent, short_fraction

BAR_WIDTH = 32
GAP = 8
FIT_WIDTH = 600
"""The widest a bar chart is drawn (px): a desktop page's column holds it whole."""
MIN_SLOT = 14
"""The narrowest a bar and its gap get (px); a chart of more bars than fit is wider and scrolls."""
VALUE_ROOM = 36
"""A bar's share is written above it only when its slot is at least this wide (px)."""
VALUE_MARGIN = 4
"""Room (px) kept free between two bars' shares, so that neighbours never touch."""
_GLYPH_WIDTHS = {".": 3.4, ",": 3.4, "%": 10.8, "<": 7.2, ">": 7.2, " ": 3.2}
"""About how wide (px) a glyph of the chart's 12 px text is, beside a digit's 6.8 px."""


def text_width(text: str) -> float:
    """About how wide ``text`` is drawn in the chart's 12 px type, in px.

    >>> round(text_width("12.5%")), round(text_width("<0.01%"))
    (35, 42)
    """
    return sum(_GLYPH_WIDTHS.get(ch, 6.8) for ch in text)


LABEL_CHAR = 7.5
"""About how wide (px) one character of a bar's label is, to thin out labels that would touch."""
PLOT_HEIGHT = 120
TOP = 20
BOTTOM = 24


@dataclass(frozen=True)
class Bar:
    """One bar: a short axis label, an exact height, a CSS class and a longer tooltip."""

    label: str
    value: Fraction
    css: str = ""
    tooltip: str = ""


def _share(value: Fraction) -> str:
    """A bar's share for its tooltip: ``never``, ``always``, or the percentage with the exact
    fraction when it is short enough to read.

    >>> _share(Fraction(3, 4)), _share(Fraction(0)), _share(Fraction(1, 3**30))
    ('75% (exactly 3/4)', 'never', '<0.01%')
    """
    short = short_fraction(value)
    if value in (0, 1) or short is None:
        return chance_text(value)
    return f"{percent(value)} (exactly {short})"


def bar_chart(bars: Sequence[Bar], *, title: str, key: Iterable[tuple[str, str]] = ()) -> Html:
    """A vertical bar chart; every bar carries its exact share as its name, tooltip and label.

    ``key``: (short label, meaning) pairs explained under the chart, e.g. ``("NM", "near miss")``.
    """
    tallest = max((b.value for b in bars), default=Fraction(0)) or Fraction(1)
    first = max(range(len(bars)), key=lambda i: bars[i].value, default=0)  # the one Tab stop
    slot = max(MIN_SLOT, min(BAR_WIDTH + GAP, (FIT_WIDTH - GAP) // max(len(bars), 1)))
    bar_width, gap = round(slot * 0.8), slot - round(slot * 0.8)
    widest_label = max((len(b.label) for b in bars), default=1)
    every = max(1, -(-round(widest_label * LABEL_CHAR + 4) // slot))  # label every n-th bar, so none touch
    width = len(bars) * slot + gap
    height = TOP + PLOT_HEIGHT + BOTTOM
    items = []
    for i, bar in enumerate(bars):
        x = gap + i * slot
        h = round(float(bar.value / tallest) * PLOT_HEIGHT, 2)
        y = TOP + PLOT_HEIGHT - h
        shown = percent(bar.value) if bar.value and slot >= VALUE_ROOM else ""
        if text_width(shown) > slot - VALUE_MARGIN:
            shown = ""  # wider than its slot it would run into its neighbour's ("<0.01%<0.01%")
        tip = f"{bar.tooltip or bar.label}: {_share(Fraction(bar.value))}"
        items.append(el("g", {"class": f"rw-bar {bar.css}".strip(), "tabindex": 0 if i == first else -1,
                              "role": "img", "aria-label": tip, "data-rw-tip": tip},
                        el("title", None, tip),
                        # an invisible full-height target: a short bar is as easy to tap as a tall one
                        el("rect", {"class": "rw-bar__target", "x": x - gap / 2, "y": TOP, "width": slot,
                                    "height": PLOT_HEIGHT + BOTTOM}),
                        el("rect", {"x": x, "y": y, "width": bar_width, "height": h, "rx": 2}),
                        el("text", {"class": "rw-value", "x": x + bar_width / 2, "y": y - 4,
                                    "text-anchor": "middle"}, shown),
                        el("text", {"class": "rw-label", "x": x + bar_width / 2, "y": height - 7,
                                    "text-anchor": "middle"}, bar.label if i % every == 0 else "")))
    axis = el("line", {"class": "rw-axis", "x1": 0, "x2": width, "y1": TOP + PLOT_HEIGHT, "y2": TOP + PLOT_HEIGHT})
    svg = el("svg", {"class": "rw-chart", "viewBox": f"0 0 {width} {height}", "width": width, "height": height,
                     "role": "group", "aria-label": f"{title} ({len(bars)} bars: arrow keys move between them)",
                     "xmlns": "http://www.w3.org/2000/svg", "data-rw-bars": len(bars)},
             el("title", None, title), axis, items)
    pairs = list(key)
    legend = el("p", {"class": "rw-chart__key"},
                "Key: ", "; ".join(f"{short}: {meaning}" for short, meaning in pairs), ".") if pairs else None
    return el("div", {"class": "rw-chart-box", "data-search-exclude": True},  # its numbers are in a table or list
              el("div", {"class": "rw-chart-scroll"}, svg), legend,
              # shown only while the chart is wider than its box (scroll-regions.js marks the box)
              el("p", {"class": "rw-chart__more"}, "The chart is wider than the page: scroll it sideways, "
                 "or move along its bars with the arrow keys."),
              el("p", {"class": "rw-chart__readout", "data-rw-chart-readout": True, "aria-live": "polite"},
                 # the keyboard and taps answer only with JavaScript (chart-readout.js); hovering always does
                 el("span", {"class": "rw-chart__hint-js"},
                    "Tab to the chart and move along its bars with the arrow keys, or tap a bar, "
                    "to read its exact share here."),
                 el("span", {"class": "rw-chart__hint-no-js"}, "Hover over a bar to read its exact share.")))
