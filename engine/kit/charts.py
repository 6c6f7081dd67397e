"""Small SVG bar charts, styled by CSS classes so they follow light and dark themes.

>>> svg = bar_chart([Bar("A", Fraction(1, 4), "rw-bar--fail"), Bar("B", Fraction(3, 4), "rw-bar--success")], title="Demo")
>>> svg.startswith('<svg') and 'role="img"' in svg and "75%" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.kit.markup import Html, el
from engine.kit.numbers import percent

BAR_WIDTH = 28
GAP = 6
PLOT_HEIGHT = 120
TOP = 18
BOTTOM = 22


@dataclass(frozen=True)
class Bar:
    """One bar: a short axis label, an exact height, a CSS class and a longer tooltip."""

    label: str
    value: Fraction
    css: str = ""
    tooltip: str = ""


def bar_chart(bars: Sequence[Bar], *, title: str) -> Html:
    """A vertical bar chart; every bar carries its exact percentage as a tooltip and label."""
    tallest = max((b.value for b in bars), default=Fraction(0)) or Fraction(1)
    width = len(bars) * (BAR_WIDTH + GAP) + GAP
    height = TOP + PLOT_HEIGHT + BOTTOM
    items = []
    for i, bar in enumerate(bars):
        x = GAP + i * (BAR_WIDTH + GAP)
        h = round(float(bar.value / tallest) * PLOT_HEIGHT, 2)
        y = TOP + PLOT_HEIGHT - h
        shown = percent(bar.value)
        tip = f"{bar.tooltip or bar.label}: {shown}"
        items.append(el("g", {"class": f"rw-bar {bar.css}".strip()},
                        el("title", None, tip),
                        el("rect", {"x": x, "y": y, "width": BAR_WIDTH, "height": h, "rx": 2}),
                        el("text", {"class": "rw-value", "x": x + BAR_WIDTH / 2, "y": y - 4,
                                    "text-anchor": "middle"}, shown if bar.value else ""),
                        el("text", {"class": "rw-label", "x": x + BAR_WIDTH / 2, "y": height - 6,
                                    "text-anchor": "middle"}, bar.label)))
    axis = el("line", {"class": "rw-axis", "x1": 0, "x2": width, "y1": TOP + PLOT_HEIGHT, "y2": TOP + PLOT_HEIGHT})
    return el("svg", {"class": "rw-chart", "viewBox": f"0 0 {width} {height}", "role": "img",
                      "aria-label": title, "xmlns": "http://www.w3.org/2000/svg"},
              el("title", None, title), axis, items)
