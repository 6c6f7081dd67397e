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


def tab_to(page, element_id: str, limit: int = 300) -> int:
    """Press Tab (only) until the element with ``element_id`` has the focus; the number of presses."""
    for presses in range(limit):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def follow_report_link(page, code: str) -> str:
    """From the focused control, Tab to the rule link of the report's ``code`` problem and press Enter;
    the address it leads to."""
    link = page.locator(f"[data-rw-report-region] li[data-rw-code='{code}'] a").first
    link.wait_for()
    target = link.evaluate("a => a.href")
    for _ in range(300):
        if page.evaluate("a => document.activeElement === a", link.element_handle()):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached the rule link of {code}")
    page.keyboard.press("Enter")
    page.wait_for_url(target)
    return target
