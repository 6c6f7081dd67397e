"""A tracker remembers (issue 40), checked in one browser context: change it, close the page and open it
again (the address holds nothing), open it in a second tab while the first stays open, change it there, and
the first shows that change; Reset asks first, and is used by keyboard. Never asserts a time."""

from __future__ import annotations

from typing import Any

from tests.support.browser import BOOT_TIMEOUT_MS, WIDGET
from tests.support.keyboard import type_into


_RESAVED_ELSEWHERE = """(widget) => {
  let touched = 0;
  for (const key of Object.keys(localStorage)) {
    if (!key.includes(".trackers.") || key.endsWith(".backup")) continue;
    const saved = JSON.parse(localStorage.getItem(key));
    for (const doc of Object.values(saved.characters || {})) {
      if (doc.widget === widget) { doc.updated = new Date(Date.parse(doc.updated) + 1000).toISOString(); touched += 1; }
    }
    localStorage.setItem(key, JSON.stringify(saved));
  }
  return touched;
}"""


def _answered(page: Any, widget: str, field: str, value: str) -> None:
    page.wait_for_function(
        "([w, f, v]) => { const s = document.querySelector(`section[data-rw-widget='${w}']`);"
        " return s && s.querySelector(`[name=${f}]`).value === v && s.dataset.rwState === 'ready'"
        " && s.querySelector('[data-rw-keep-panel] select').value !== ''; }",
        arg=[widget, field, value], timeout=BOOT_TIMEOUT_MS)


def check_tracker_remembers(site: Any, tab: Any, widget: str, path: str, field: str, typed: str,
                            again: str, *, screenshot: str | None = None) -> None:
    """The whole round on ``widget`` at ``path``: ``typed`` survives closing the page; ``again``, typed in a
    second tab, shows in the first; Reset asks, then puts the page's own value back everywhere."""
    page = tab.page
    page.goto(site.url(path))
    section = page.locator(WIDGET.format(name=widget))
    tab.wait_state(widget, "ready")
    default = section.locator(f"[name={field}]").input_value()
    type_into(page, section.locator(f"[name={field}]"), typed)
    page.keyboard.press("Enter")
    _answered(page, widget, field, typed)
    status = section.locator("[data-rw-keep-panel] [role=status]")
    assert "Saved in this browser" in status.inner_text()
    page.close()

    reopened = tab.context.new_page()  # the page closed and opened again, with nothing in its address
    reopened.on("pageerror", lambda error: tab.errors.append(str(error)))
    reopened.goto(site.url(path))
    _answered(reopened, widget, field, typed)
    if screenshot:
        reopened.locator(WIDGET.format(name=widget)).screenshot(path=screenshot)

    second = tab.context.new_page()
    second.on("pageerror", lambda error: tab.errors.append(str(error)))
    second.goto(site.url(path))
    _answered(second, widget, field, typed)
    other = second.locator(WIDGET.format(name=widget))
    second.wait_for_selector(f"{WIDGET.format(name=widget)}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    type_into(second, other.locator(f"[name={field}]"), again)
    second.keyboard.press("Enter")
    _answered(second, widget, field, again)
    _answered(reopened, widget, field, again)  # the first tab shows the second's change, unasked
    assert "another tab" in reopened.locator(WIDGET.format(name=widget)).locator(
        "[data-rw-keep-panel] [role=status]").inner_text()

    # Another tab saved the same values once more and this tab has not heard of it yet (a late storage event):
    # written from this tab itself, which gets no event for its own write. Only the time of saving differs,
    # so the reset below is no conflict: the tracker is reset, not copied.
    assert reopened.evaluate(_RESAVED_ELSEWHERE, widget) == 1
    reset = reopened.locator(WIDGET.format(name=widget)).locator("[data-rw-keep-panel] button", has_text="Reset…")
    reset.focus()
    reopened.keyboard.press("Enter")
    ask = reopened.locator(WIDGET.format(name=widget)).locator("[data-rw-keep-panel] .rw-keep__ask")
    assert ask.is_visible() and "Put every value back" in ask.inner_text()
    assert reopened.evaluate("document.activeElement.textContent") == "Cancel"  # no by default
    reopened.keyboard.press("Shift+Tab")
    reopened.keyboard.press("Enter")  # "Reset it"
    _answered(reopened, widget, field, default)
    _answered(second, widget, field, default)
    assert reopened.locator(WIDGET.format(name=widget)).locator("[data-rw-keep-panel] select option").count() == 1
    assert tab.errors == []
