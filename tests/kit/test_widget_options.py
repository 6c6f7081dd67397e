"""The widget machinery's generic opt-ins: form state in the address, a log of answers, field errors."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from rollwright.kit.markup import el
from rollwright.kit.registry import REGISTRY, Param, register
from rollwright.kit.widget import _REGISTERED, Field, Widget, all_widgets, register_widget, render_widget


@pytest.fixture
def demo() -> Iterator[str]:
    @register("demo.echo", "Echo.", Param("word", str, "a word", default="hi", max_length=10),
              Param("n", int, "a number", default=1, minimum=0, maximum=9))
    def _echo(word: str, n: int) -> dict:
        return {"word": word, "n": n}

    yield "demo.echo"
    REGISTRY.pop("demo.echo")
    for name in [n for n in _REGISTERED if n.startswith("demo-")]:
        _REGISTERED.pop(name)


def _widget(name: str, **options) -> Widget:
    return Widget(name, "Demo", "demo.echo", (Field("word", "Word"), Field("n", "Number", hint="0 to 9")), "Go",
                  lambda data: el("p", {"data-rw-log-entry": True}, data["word"]), **options)


def test_url_key_and_log_are_marked_for_the_browser(demo: str) -> None:
    register_widget(_widget("demo-a", url_key="demo", log=3, log_title="Last words"))
    html = render_widget("demo-a", {}, widget_id="w9")
    assert 'data-rw-url="demo"' in html
    assert re.search(r'<div class="rw-log" data-rw-log-box hidden><p class="rw-log__title" id="w9-log-title">'
                     r'Last words</p><ol class="rw-log__list" data-rw-log data-rw-log-size="3" '
                     r'aria-labelledby="w9-log-title"></ol></div></section>$', html)
    register_widget(_widget("demo-b"))
    plain = render_widget("demo-b", {}, widget_id="w10")
    assert 'data-rw-url="demo-b"' in plain  # every widget keeps its inputs in the address
    assert "data-rw-log-box" not in plain


def test_url_keys_are_short_words_and_unique(demo: str) -> None:
    with pytest.raises(ValueError, match="short lower-case word"):
        register_widget(_widget("demo-c", url_key="Has Space"))
    register_widget(_widget("demo-d", url_key="dd"))
    with pytest.raises(ValueError, match="taken by another widget"):
        register_widget(_widget("demo-e", url_key="dd"))


def test_every_control_has_a_hidden_error_slot_it_is_described_by(demo: str) -> None:
    register_widget(_widget("demo-f"))
    html = render_widget("demo-f", {}, widget_id="w11")
    for name in ("word", "n"):
        control_id = f"w11-{name}"
        described = re.search(rf'id="{control_id}"[^>]*aria-describedby="([^"]+)"', html)
        described = described or re.search(rf'aria-describedby="([^"]+)"[^>]*id="{control_id}"', html)
        assert described and f"{control_id}-error" in described.group(1).split()
        assert f'<span class="rw-field__error" id="{control_id}-error" data-rw-field-error hidden></span>' in html
    assert 'aria-describedby="w11-n-hint w11-status w11-n-error"' in html


def test_the_kit_widgets_opt_in() -> None:
    widgets = all_widgets()
    assert {n: w.url_key for n, w in widgets.items() if n.startswith("dice-")} == {
        "dice-odds": "q", "dice-compare": "vs", "dice-roll": "roll"}
    assert widgets["dice-roll"].log == 8 and widgets["dice-odds"].live == "change"
