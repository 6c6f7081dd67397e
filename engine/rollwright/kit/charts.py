"""Small SVG bar charts, styled by CSS classes so they follow light and dark themes.

A chart is drawn at its natural size (one text size at every screen width; a chart
wider than the page scrolls sideways). Every bar takes the keyboard focus and names
its exact share; the browser shows the share of the bar focused or tapped in a line
under the chart (``[data-rw-chart-readout]``), whose hint offers the keyboard and taps only
with JavaScript on (without it, a bar's tooltip shows on hover). Short bar labels can be explained in
a key under the chart.

>>> box = bar_chart([Bar("A", Fraction(1, 4), "rw-bar--fail"), Bar("B", Fraction(3, 4), "rw-bar--success")],
...                 title="Demo", key=[("A", "first"), ("B", "second")])
>>> '<svg' in box and 'tabindex="0"' in box and "75% (exactly 3/4)" in box and "A: first" in box
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent

BAR_WIDTH = 32
GAP = 8
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


def bar_chart(bars: Sequence[Bar], *, title: str, key: Iterable[tuple[str, str]] = ()) -> Html:
    """A vertical bar chart; every bar carries its exact share as its name, tooltip and label.

    ``key``: (short label, meaning) pairs explained under the chart, e.g. ``("NM", "near miss")``.
    """
    tallest = max((b.value for b in bars), default=Fraction(0)) or Fraction(1)
    width = len(bars) * (BAR_WIDTH + GAP) + GAP
    height = TOP + PLOT_HEIGHT + BOTTOM
    items = []
    for i, bar in enumerate(bars):
        x = GAP + i * (BAR_WIDTH + GAP)
        h = round(float(bar.value / tallest) * PLOT_HEIGHT, 2)
        y = TOP + PLOT_HEIGHT - h
        shown = percent(bar.value)
        value = Fraction(bar.value)
        tip = f"{bar.tooltip or bar.label}: {shown} (exactly {value.numerator}/{value.denominator})"
        items.append(el("g", {"class": f"rw-bar {bar.css}".strip(), "tabindex": 0, "role": "img",
                              "aria-label": tip, "data-rw-tip": tip},
                        el("title", None, tip),
                        # an invisible full-height target: a short bar is as easy to tap as a tall one
                        el("rect", {"class": "rw-bar__target", "x": x - GAP / 2, "y": TOP, "width": BAR_WIDTH + GAP,
                                    "height": PLOT_HEIGHT + BOTTOM}),
                        el("rect", {"x": x, "y": y, "width": BAR_WIDTH, "height": h, "rx": 2}),
                        el("text", {"class": "rw-value", "x": x + BAR_WIDTH / 2, "y": y - 4,
                                    "text-anchor": "middle"}, shown if bar.value else ""),
                        el("text", {"class": "rw-label", "x": x + BAR_WIDTH / 2, "y": height - 7,
                                    "text-anchor": "middle"}, bar.label)))
    axis = el("line", {"class": "rw-axis", "x1": 0, "x2": width, "y1": TOP + PLOT_HEIGHT, "y2": TOP + PLOT_HEIGHT})
    svg = el("svg", {"class": "rw-chart", "viewBox": f"0 0 {width} {height}", "width": width, "height": height,
                     "role": "group", "aria-label": title, "xmlns": "http://www.w3.org/2000/svg"},
             el("title", None, title), axis, items)
    pairs = list(key)
    legend = el("p", {"class": "rw-chart__key"},
                "Key: ", "; ".join(f"{short}: {meaning}" for short, meaning in pairs), ".") if pairs else None
    return el("div", {"class": "rw-chart-box"},
              el("div", {"class": "rw-chart-scroll"}, svg), legend,
              el("p", {"class": "rw-chart__readout", "data-rw-chart-readout": True, "aria-live": "polite"},
                 # the keyboard and taps answer only with JavaScript (chart-readout.js); hovering always does
                 el("span", {"class": "rw-chart__hint-js"},
                    "Focus a bar with Tab, or tap it, to read its exact share here."),
                 el("span", {"class": "rw-chart__hint-no-js"}, "Hover over a bar to read its exact share.")))
