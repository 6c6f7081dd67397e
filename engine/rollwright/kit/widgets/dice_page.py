"""The Dice page's widgets: any expressions side by side, two compared, and a roller with a log.

All three keep their form in the page's address (``?q.e1=3d6&q.view=at-least``,
``?vs.a=...``, ``?roll.notation=...``), so a link or a reload shows the same state.

>>> from rollwright.kit.widget import lookup_widget, render_widget
>>> [lookup_widget(n).url_key for n in ("dice-odds", "dice-compare", "dice-roll")]
['q', 'vs', 'roll']
>>> html = render_widget("dice-roll", {}, widget_id="w1")
>>> 'data-rw-url="roll"' in html and 'data-rw-log-size="8"' in html and "?roll.notation=" in html
True
"""

from __future__ import annotations

from functools import partial

from rollwright.kit.calls.dice_odds import MAX_EXPRESSIONS
from rollwright.kit.dice_views import compare_view, odds_view, roll_view
from rollwright.kit.widget import Field, Widget, register_widget

ODDS_DEFAULTS = {"e1": "3d6", "e2": "4d6kh3", "e3": "2d10", "view": "exactly", "target": 12}
"""What the page shows with JavaScript off: three ways to roll 3 to 20, and the chance of 12 or more."""

_EXPRESSION_FIELDS = tuple(
    field for i in range(1, MAX_EXPRESSIONS + 1)
    for field in (Field(f"e{i}", f"Expression {i}", optional=True),
                  Field(f"l{i}", f"Label {i} (optional)", optional=True)))

register_widget(Widget(
    "dice-odds", "Exact odds, side by side", "dice.odds",
    (*_EXPRESSION_FIELDS,
     Field("view", "Show the chance of", choice_labels={"exactly": "exactly each total",
                                                        "at-least": "each total or more",
                                                        "at-most": "each total or less"}),
     Field("target", "Target (optional)", optional=True, hint="chance of this total or more"),
     Field("exact", "Exact fractions in the table")),
    "Show", odds_view, live="change", defaults=ODDS_DEFAULTS, url_key="q"))

register_widget(Widget(
    "dice-compare", "Compare two rolls", "dice.compare",
    (Field("a", "A"), Field("b", "B")),
    "Compare", compare_view, live="change", defaults={"a": "4d6kh3", "b": "3d6"}, url_key="vs"))

register_widget(Widget(
    "dice-roll", "Roll", "dice.roll",
    (Field("notation", "Expression"), Field("seed", "Seed (optional)", optional=True, seed=True,
                                            hint="empty: a new roll each time")),
    "Roll", partial(roll_view, url_key="roll"), defaults={"notation": "10k5", "seed": 1}, url_key="roll",
    log=8, log_title="Last rolls"))
