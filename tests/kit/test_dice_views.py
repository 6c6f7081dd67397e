"""The Dice page's views: tables equal the calls' data, one overlaid chart told apart without colour,
never a false 0% or 100%, and every die of a roll shown."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from rollwright.dice.notation import distribution
from rollwright.kit.api import call
from rollwright.kit.dice_views import central_window, column, compare_view, odds_view, roll_view
from rollwright.kit.numbers import MAX_EXACT_CHARS, chance_text, percent, signed
from rollwright.kit.series_chart import DASHES, MARKERS, MAX_MARKERS, Series, legend, nice_step, series_chart
from tests.support.html_reader import read


def _odds(**params) -> tuple[dict, str]:
    data = call("dice.odds", params)
    return data, odds_view(data)


def test_summary_table_is_the_calls_data() -> None:
    data, html = _odds(e1="3d6", l1="Plain", e2="4d6kh3", e3="2d10", target=12)
    rows = read(html).tables["dice-odds-summary"]
    assert rows[0] == ["Roll", "Mean", "SD", "Min", "Max", "12 or more"]
    assert rows[1] == ["Plain 3d6", "10.5", "2.96", "3", "18", "37.5% (exactly 3/8)"]
    assert rows[2][0] == "4d6kh3" and rows[2][1] == "12.24" and rows[2][5] == "61.7% (exactly 799/1296)"
    assert rows[3][3:] == ["2", "20", "45% (exactly 9/20)"]
    assert re.findall(r'data-rw-p-target="([^"]+)"', html) == [r["p_target"] for r in data["rolls"]]


@pytest.mark.parametrize("view", ["exactly", "at-least", "at-most"])
def test_distribution_table_lists_every_total_of_every_expression(view: str) -> None:
    data, html = _odds(e1="d4", e2="2d6-4", e3="od20", view=view)
    rows = read(html).tables["dice-odds"]
    assert rows[0] == ["Total", "d4", "2d6-4", "od20"]
    totals = sorted({v for n in ("d4", "2d6-4", "od20") for v in distribution(n).outcomes()})
    assert [int(r[0]) for r in rows[1:]] == totals
    for index, notation in enumerate(("d4", "2d6-4", "od20"), start=1):
        dist = distribution(notation)
        chance = {"exactly": dist.probability, "at-least": dist.at_least, "at-most": dist.at_most}[view]
        assert [r[index] for r in rows[1:]] == [chance_text(chance(t)) for t in totals]


def test_exact_fractions_on_request() -> None:
    _, html = _odds(e1="2d6", exact=True)
    rows = read(html).tables["dice-odds"]
    assert rows[1] == ["2", "2.8% 1/36"] and rows[6] == ["7", "16.7% 1/6"]
    _, plain = _odds(e1="2d6")
    assert read(plain).tables["dice-odds"][6] == ["7", "16.7%"]


def test_no_chance_reads_zero_or_certain_unless_it_is() -> None:
    data, html = _odds(e1="10k5", view="at-least", exact=True)
    rows = read(html).tables["dice-odds"][1:]
    for row, (_, p) in zip(rows, data["rolls"][0]["series"]):
        p = Fraction(p)
        shown = row[1].split(" ")[0]
        assert (shown == "never") == (p == 0) and (shown == "always") == (p == 1)
        assert shown not in ("0%", "100%")


def test_long_exact_fractions_wait_behind_a_button() -> None:
    _, html = _odds(e1="10k5", view="at-least", exact=True)
    long_ones = re.findall(r'<span class="rw-exact-more__value" hidden>(?:exactly )?(\d+/\d+)</span>', html)
    assert long_ones and all(len(f) > MAX_EXACT_CHARS for f in long_ones)
    assert html.count('data-rw-exact-toggle') == len(long_ones)
    _, html = _odds(e1="2d6", exact=True)
    short = re.findall(r'<span class="rw-exact rw-exact--block">(\d+/\d+)</span>', html)
    assert short and all(len(f) <= MAX_EXACT_CHARS for f in short)


class _Chart(HTMLParser):
    """The series groups of an SVG chart: (class, dash pattern, marker tags, tooltips)."""

    def __init__(self) -> None:
        super().__init__()
        self.series: list[dict] = []
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "g" and "data-rw-series" in values and self.series is not None:
            self.series.append({"class": values["class"], "dash": values.get("stroke-dasharray"),
                                "markers": [], "tips": []})
        elif self.series and tag in ("circle", "rect", "path") and values.get("class") != "rw-series__line":
            self.series[-1]["markers"].append(tag if tag != "path" else values["d"].count("L"))
        self.in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self.in_title and self.series:
            self.series[-1]["tips"].append(data)


def _chart(html: str) -> list[dict]:
    svg = re.search(r'<svg class="rw-chart rw-chart--series".*?</svg>', html, re.S).group(0)
    parser = _Chart()
    parser.feed(svg)
    return parser.series


def test_one_chart_overlays_the_expressions_in_styles_not_told_apart_by_colour_alone() -> None:
    _, html = _odds(e1="3d6", e2="4d6kh3", e3="2d10", e4="d20", target=12)
    assert html.count('<svg class="rw-chart rw-chart--series"') == 1
    series = _chart(html)
    assert [s["class"] for s in series] == [f"rw-series rw-series--{i}" for i in range(1, 5)]
    assert [s["dash"] for s in series] == list(DASHES)
    shapes = [s["markers"][0] for s in series]
    assert len(set(map(str, shapes))) == 4, shapes  # circle, square, triangle (2 L), diamond (3 L)
    assert series[0]["tips"][0] == "3d6: 3 → 0.46%"
    legend_items = re.findall(r'<li data-rw-series="(\d)"><svg class="rw-swatch".*?<span>([^<]+)</span></li>', html)
    assert legend_items == [("1", "3d6"), ("2", "4d6kh3"), ("3", "2d10"), ("4", "d20")]
    assert "target 12" in html


def test_wide_distributions_chart_their_middle_and_say_so() -> None:
    _, html = _odds(e1="10k5")
    dist = distribution("10k5")
    below, low_end, high_start, above = map(int, re.search(
        r"Totals (\d+) to (\d+) and (\d+) to (\d+) are left off the chart", html).groups())
    assert (below, above) == (dist.min_outcome, dist.max_outcome)
    low, high = low_end + 1, high_start - 1
    assert dist.at_most(low - 1) <= Fraction(1, 2000) and dist.at_least(high + 1) <= Fraction(1, 2000)
    assert high - low < 100 < dist.max_outcome - dist.min_outcome
    assert "stops after 9 extra rolls" in html
    assert all(len(s["markers"]) <= MAX_MARKERS + 1 for s in _chart(html))
    _, narrow = _odds(e1="3d6")
    assert "left off the chart" not in narrow and "extra rolls" not in narrow


def test_column_fills_totals_an_expression_cannot_roll() -> None:
    series = [(1, Fraction(1, 2)), (3, Fraction(1, 2))]
    assert column(series, [0, 1, 2, 3, 4], "exactly") == [0, Fraction(1, 2), 0, Fraction(1, 2), 0]
    cumulative = [(1, Fraction(1, 2)), (3, Fraction(1))]
    assert column(cumulative, [0, 1, 2, 3, 4], "at-most") == [0, Fraction(1, 2), Fraction(1, 2), 1, 1]
    assert central_window([(v, Fraction(1, 10)) for v in range(10)]) == (0, 9)


def test_compare_view_shows_who_wins_and_every_margin() -> None:
    data = call("dice.compare", {"a": "4d6kh3", "b": "3d6"})
    html = compare_view(data)
    for key in ("greater", "equal", "less"):
        assert f'data-rw-{key}="{data[key]}"' in html and f"exactly {data[key]}" in html
    rows = read(html).tables["dice-compare-margin"]
    assert rows[0] == ["Margin A − B", "Exactly", "At least", "Exactly, as a fraction"]
    assert [r[3] for r in rows[1:]] == [str(Fraction(p)) for _, p in data["margin"]]
    assert rows[1][0] == "-15" and rows[-1][0] == "+15" and rows[-1][2] == rows[-1][1]
    assert ">tie<" in html and len(_chart(html)) == 1


def test_roll_view_shows_every_die_and_how_to_replay_it() -> None:
    data = call("dice.roll", {"notation": "10k5+2", "seed": 1})
    html = roll_view(data, url_key="roll")
    dice = re.findall(r'<li class="(rw-die[^"]*)" data-rw-sides="10" data-rw-faces="([^"]+)" data-rw-kept="(\w+)"',
                      html)
    expected = [d for t in data["terms"] for d in t["dice"]]
    assert [faces for _, faces, _ in dice] == [" ".join(map(str, d["faces"])) for d in expected]
    assert [kept == "true" for _, _, kept in dice] == [d["kept"] for d in expected]
    assert [("rw-die--exploded" in css, "rw-die--dropped" in css) for css, _, _ in dice] == \
        [(d["exploded"], not d["kept"]) for d in expected]
    assert sum(1 for _, _, kept in dice if kept == "true") == 5
    assert f'data-rw-total="{data["total"]}"' in html and "seed 1" in html
    assert 'href="?roll.notation=10k5%2B2&amp;roll.seed=1"' in html
    assert "data-rw-log-entry" in html and "+ 2" in html
    assert "Link to this roll" not in roll_view(data)


def test_capped_explosions_are_marked() -> None:
    data = call("dice.roll", {"notation": "d2!", "seed": 3, "depth": 0})
    html = roll_view(data)
    capped = data["terms"][0]["dice"][0]["capped"]
    assert ("rw-die--capped" in html) == capped and ("stopped by the cap" in html) == capped


def test_chart_helpers() -> None:
    assert [nice_step(span, 10) for span in (9, 15, 40, 97, 480)] == [1, 2, 5, 10, 50]
    svg = series_chart([Series("<b>", [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], title="A & B")
    assert "&lt;b&gt;: 1 → 50%" in svg and 'aria-label="A &amp; B"' in svg
    assert legend(["x"]).count("<li") == 1 and len(MARKERS) == len(DASHES) == 4


def test_a_wide_compare_table_folds_to_the_margins_that_matter() -> None:
    """Issue 40: not every margin from -500: the likely ones, each rare tail as one row, every margin folded."""
    data = call("dice.compare", {"a": "100d6", "b": "50d12"})
    tables = read(compare_view(data)).tables
    every, likely = tables["dice-compare-margin"][1:], tables["dice-compare-margins"][1:]
    assert len(every) == len(data["margin"]) and len(likely) < len(every) // 4
    low_tail, high_tail = likely[0], likely[-1]
    assert low_tail[0].startswith("-500 to ") and high_tail[0].endswith(" to +550")
    margin = [(v, Fraction(p)) for v, p in data["margin"]]
    first, last = int(likely[1][0]), int(likely[-2][0])
    below = sum(p for v, p in margin if v < first)
    above = sum(p for v, p in margin if v > last)
    assert below <= Fraction(1, 1000) and above <= Fraction(1, 1000)
    assert low_tail[1] == f"{percent(below)} in all" and high_tail[1] == f"{percent(above)} in all"
    assert [r[0] for r in likely[1:-1]] == [signed(v) for v, _ in margin if first <= v <= last]
