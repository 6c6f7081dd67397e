"""Keyboard-only input for browser tests: what a person without a mouse would do."""

from __future__ import annotations


def type_into(page, locator, text: str) -> None:
    """Replace an input's value the way a person would: focus, select all, type."""
    locator.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def choose(page, select, value: str) -> None:
    """Pick an option of a closed select with the arrow keys alone."""
    values = select.evaluate("el => [...el.options].map(o => o.value)")
    select.focus()
    steps = values.index(value) - values.index(select.input_value())
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
    assert select.input_value() == value


def next_field(page, text: str) -> None:
    """Tab to the next control and replace its value by typing."""
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
