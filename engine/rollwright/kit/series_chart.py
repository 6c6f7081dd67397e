"""Overlaid line charts in SVG: up to four series of (whole number, exact chance) points.

Each series has its own style, told apart by more than colour: a colour from a
colour-blind-safe set (CSS classes ``rw-series--1`` .. ``--4``), a dash pattern
and a marker shape, repeated in the legend (:func:`legend`). Markers carry the
exact point as a tooltip. Numbers stay exact until they become coordinates.

>>> from fractions import Fraction as F
>>> svg = series_chart([Series("d4", [(v, F(1, 4)) for v in range(1, 5)])], title="One d4")
>>> "<svg" in svg and 'role="img"' in svg and "d4: 3 → 25%" in svg
True
>>> 'stroke-dasharray="6 3"' in legend(["a", "b"])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent

STYLES = 4
"""How many series one chart tells apart."""

DASHES = (None, "6 3", "1.5 2.5", "8 3 2 3")
"""Dash pattern of each series' line (solid first)."""

MARKERS = ("circle", "square", "triangle", "diamond")
"""Marker shape of each series."""

WIDTH, HEIGHT = 480, 230
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 10, 34
MAX_MARKERS = 30
"""Most markers drawn per series; longer series mark every n-th point."""


@dataclass(frozen=True)
class Series:
    """One line: its name in the legend and tooltips, and its points, ascending by x."""

    name: str
    points: Sequence[tuple[int, Fraction]]


def nice_step(span: float, most: int) -> int:
    """The smallest 1, 2 or 5 x 10^n whole step giving at most ``most`` ticks over ``span``.

    >>> nice_step(15, 10), nice_step(500, 10), nice_step(3, 10)
    (2, 50, 1)
    """
    step = 1
    while span / step > most:
        step = _next_nice(step)
    return step


def _next_nice(step: int) -> int:
    """1 -> 2 -> 5 -> 10 -> 20 ..."""
    scale: int = 10 ** (len(str(step)) - 1)
    return {1: 2, 2: 5, 5: 10}[step // scale] * scale


def _percent_step(top: Fraction) -> Fraction:
    """A gridline step in percent (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 25%) giving 2 to 5 lines up to ``top``."""
    for step in (Fraction(1, 1000), Fraction(1, 500), Fraction(1, 200), Fraction(1, 100), Fraction(1, 50),
                 Fraction(1, 20), Fraction(1, 10), Fraction(1, 5), Fraction(1, 4)):
        if top / step <= 5:
            return step
    return Fraction(1, 4)


def _marker(shape: str, x: float, y: float) -> Html:
    """One marker centred on (x, y)."""
    if shape == "circle":
        return el("circle", {"cx": _n(x), "cy": _n(y), "r": 3.2})
    if shape == "square":
        return el("rect", {"x": _n(x - 2.8), "y": _n(y - 2.8), "width": 5.6, "height": 5.6})
    if shape == "triangle":
        return el("path", {"d": f"M{_n(x)} {_n(y - 3.8)}L{_n(x + 3.6)} {_n(y + 2.6)}L{_n(x - 3.6)} {_n(y + 2.6)}Z"})
    return el("path", {"d": f"M{_n(x)} {_n(y - 4)}L{_n(x + 4)} {_n(y)}L{_n(x)} {_n(y + 4)}L{_n(x - 4)} {_n(y)}Z"})


def _n(value: float) -> str:
    """A coordinate with at most one decimal."""
    return f"{value:.1f}".removesuffix(".0")


def _style(index: int) -> dict[str, str | None]:
    return {"class": f"rw-series rw-series--{index % STYLES + 1}", "stroke-dasharray": DASHES[index % STYLES]}


def series_chart(series: Sequence[Series], *, title: str, window: tuple[int, int] | None = None,
                 top: Fraction | None = None, mark: tuple[int, str] | None = None) -> Html:
    """The chart: x from ``window`` (default: every point), y from 0 to ``top`` (default: a little over the highest point).

    ``mark`` draws a labelled vertical line at one x (a target, or a tie).
    """
    xs = [x for s in series for x, _ in s.points]
    low, high = window or (min(xs, default=0), max(xs, default=1))
    high = max(high, low + 1)
    shown = [[(x, p) for x, p in s.points if low <= x <= high] for s in series]
    if top is None:  # the highest point, with a tenth of headroom
        top = max((p for points in shown for _, p in points), default=Fraction(0)) * Fraction(11, 10)
    top = top or Fraction(1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - low) / (high - low) * plot_w

    def py(p: Fraction) -> float:
        return TOP + plot_h - float(p / top) * plot_h

    grid = []
    step = _percent_step(top)
    level = Fraction(0)
    while level <= top:
        y = py(level)
        grid.append(el("line", {"class": "rw-grid", "x1": LEFT, "x2": WIDTH - RIGHT, "y1": _n(y), "y2": _n(y)}))
        grid.append(el("text", {"class": "rw-tick", "x": LEFT - 4, "y": _n(y + 3), "text-anchor": "end"},
                       percent(level)))
        level += step
    x_step = nice_step(high - low, 10)
    first = -(-low // x_step) * x_step
    for x in range(first, high + 1, x_step):
        grid.append(el("text", {"class": "rw-tick", "x": _n(px(x)), "y": HEIGHT - BOTTOM + 14,
                                "text-anchor": "middle"}, x))
    if mark is not None and low <= mark[0] <= high:
        at = _n(px(mark[0]))
        grid.append(el("line", {"class": "rw-mark", "x1": at, "x2": at, "y1": TOP, "y2": TOP + plot_h}))
        grid.append(el("text", {"class": "rw-tick rw-mark__label", "x": at, "y": HEIGHT - 4,
                                "text-anchor": "middle"}, mark[1]))
    lines = []
    for index, (line, points) in enumerate(zip(series, shown)):
        if not points:
            continue
        path = "".join(f"{'M' if i == 0 else 'L'}{_n(px(x))} {_n(py(p))}" for i, (x, p) in enumerate(points))
        every = max(1, -(-len(points) // MAX_MARKERS))
        markers = [el("g", {"class": "rw-point"}, el("title", None, f"{line.name}: {x} → {percent(p)}"),
                      _marker(MARKERS[index % STYLES], px(x), py(p)))
                   for i, (x, p) in enumerate(points) if i % every == 0 or i == len(points) - 1]
        lines.append(el("g", {**_style(index), "data-rw-series": index + 1},
                        el("path", {"class": "rw-series__line", "d": path, "fill": "none"}), markers))
    axis = el("line", {"class": "rw-axis", "x1": LEFT, "x2": WIDTH - RIGHT, "y1": TOP + plot_h, "y2": TOP + plot_h})
    svg = el("svg", {"class": "rw-chart rw-chart--series", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "width": WIDTH,
                     "height": HEIGHT, "role": "img", "aria-label": title, "xmlns": "http://www.w3.org/2000/svg"},
             el("title", None, title), grid, axis, lines)
    # Drawn at its natural size (one text size at every width); on a narrow screen it scrolls
    # sideways, so its box takes the keyboard focus.
    return el("div", {"class": "rw-chart-scroll", "tabindex": 0, "role": "region", "aria-label": f"{title} (chart)",
                      "data-search-exclude": True},
              svg)


def swatch(index: int) -> Html:
    """A short sample of series ``index``'s line and marker, for a legend or a table row."""
    return el("svg", {"class": "rw-swatch", "viewBox": "0 0 36 12", "width": 36, "height": 12, "aria-hidden": "true"},
              el("g", _style(index),
                 el("path", {"class": "rw-series__line", "d": "M1 6L35 6", "fill": "none"}),
                 _marker(MARKERS[index % STYLES], 18, 6)))


def legend(names: Sequence[str]) -> Html:
    """The chart's legend as an HTML list (readable at any width): a swatch and a name per series."""
    return el("ul", {"class": "rw-legend", "aria-label": "Legend", "data-search-exclude": True},
              [el("li", {"data-rw-series": i + 1}, swatch(i), el("span", None, name)) for i, name in enumerate(names)])
