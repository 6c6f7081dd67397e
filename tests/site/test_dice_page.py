"""The Dice page as built: in the navigation, its default state rendered by the engine, working examples."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from rollwright.dice.notation import parse
from rollwright.dice.notation.limits import MAX_CONSTANT, MAX_DICE, MAX_INPUT_LENGTH, MAX_NESTING, MAX_SIDES
from rollwright.dice.pools import DEFAULT_DEPTH
from rollwright.kit.api import call
from rollwright.kit.dice_views import compare_view, odds_view
from rollwright.kit.widget import all_widgets, lookup_widget
from tests.support.html_reader import read
from tests.support.site_build import page

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def html(site: Path) -> str:
    return page(site, "dice")


def test_dice_is_in_the_main_navigation_after_home(html: str) -> None:
    nav = [(unescape(text).strip(), href) for href, text in re.findall(
        r'<a href="([^"]*)" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">\s*([^<]+?)\s*</span>', html)]
    titles = [t for t, _ in nav]
    assert titles.index("Dice") == titles.index("Home") + 1
    assert '<h1 id="dice">Dice' in html


def test_widgets_are_prerendered_from_the_engine_with_javascript_off(html: str) -> None:
    assert re.findall(r'data-rw-widget="([a-z-]+)"', html) == ["dice-odds", "dice-compare", "dice-roll"]
    assert re.findall(r'data-rw-url="([a-z]+)"', html) == ["q", "vs", "roll"]
    odds = odds_view(call("dice.odds", dict(lookup_widget("dice-odds").defaults)))
    built, engine = read(html).tables, read(odds).tables
    for name in ("dice-odds-summary", "dice-odds"):
        assert built[name] == engine[name], name
    assert [r[0] for r in built["dice-odds-summary"][1:]] == ["3d6", "4d6kh3", "2d10"]
    compare = read(compare_view(call("dice.compare", dict(lookup_widget("dice-compare").defaults)))).tables
    assert built["dice-compare-margin"] == compare["dice-compare-margin"]
    roll = call("dice.roll", dict(lookup_widget("dice-roll").defaults))
    assert f'data-rw-total="{roll["total"]}" data-rw-seed="1" data-rw-notation="10k5"' in html
    assert html.count('<fieldset class="rw-fields" disabled>') == 3  # inert until Python is live
    assert html.count("data-rw-field-error hidden") == sum(len(lookup_widget(n).fields) for n in
                                                            ("dice-odds", "dice-compare", "dice-roll"))


def _examples(html: str) -> list[dict[str, str]]:
    return [dict(parse_qsl(urlsplit(unescape(href)).query, keep_blank_values=True))
            for href in re.findall(r'<a href="(\?q\.[^"]+)"', html)]


def test_one_example_for_each_kind_of_dice_and_each_is_a_valid_state(html: str) -> None:
    examples = _examples(html)
    assert [e["q.e1"] for e in examples] == ["3d10+d6", "10k5", "d8!", "od20"]
    keys = {w.url_key: w for w in all_widgets().values() if w.url_key}
    for example in examples:
        for key, widget in keys.items():
            given = {name.split(".", 1)[1]: value for name, value in example.items() if name.startswith(f"{key}.")}
            if not given:
                continue
            fields = {f.param: f for f in widget.fields}
            assert set(given) <= set(fields), given
            params = {**(widget.defaults or {}), **{k: (int(v) if v.lstrip("-").isdigit() else v)
                                                   for k, v in given.items()}}
            params = {k: v for k, v in params.items() if not (v == "" and fields[k].optional)}
            call(widget.call, params)  # a valid state: no error


def test_notation_table_examples_parse() -> None:
    table = SOURCE[SOURCE.index("| Write |"):SOURCE.index("### `XkY`")]
    rows = [row for row in table.splitlines()[2:] if row.startswith("|")]
    examples = [code for row in rows for code in re.findall(r"`([^`]+)`", row.split("|")[3])]
    assert len(examples) >= 12
    for example in examples:
        parse(example)


def test_limits_on_the_page_are_the_engines() -> None:
    limits = SOURCE[SOURCE.index("### Limits"):]
    for value in (MAX_INPUT_LENGTH, MAX_NESTING, MAX_DICE, MAX_SIDES, DEFAULT_DEPTH):
        assert f"**{value}**" in limits, value
    assert f"**{MAX_CONSTANT:,}**" in limits


def test_inline_rolls_contrast_xky_with_keep_highest(html: str) -> None:
    assert 'data-rw-chip="dice"' in html
    assert 'data-rw-notation="10k5"' in html and 'data-rw-notation="10d10kh5"' in html
    assert call("dice.dist", {"notation": "10d10kh5"})["max"] == 50 < call("dice.dist", {"notation": "10k5"})["max"]
