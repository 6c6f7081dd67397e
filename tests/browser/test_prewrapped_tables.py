"""Tables wrapped at build time (macros/prewrapped_tables.py) in Chromium: the theme's script leaves
them where they are, and they look as a table the theme wrapped itself. On the shared tests' own site."""

from __future__ import annotations

import pytest

from tests.support.fixture_site import RULES

pytestmark = pytest.mark.browser

PAGE = RULES
PROPERTIES = ["display", "font-size", "border-top-width", "border-radius", "max-width", "overflow-x"]
CELL = ["padding-top", "padding-left", "vertical-align", "text-align", "border-top-width", "font-weight"]


def test_prewrapped_tables_stay_put_and_look_like_the_themes(pips_live, tab) -> None:
    page = tab.page
    page.goto(pips_live.url(PAGE), wait_until="commit")
    page.wait_for_selector("article table.rw-wrapped", state="attached")
    page.evaluate("""() => { window.__moved = 0; new MutationObserver((records) => {
        for (const r of records) for (const n of [...r.removedNodes]) if (n.nodeName === 'TABLE') window.__moved++; })
      .observe(document.body, { childList: true, subtree: true }); }""")
    page.wait_for_function("() => document.readyState === 'complete'")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__moved") == 0, "the theme's script moved a table"
    depths = page.eval_on_selector_all("article table.rw-wrapped", """tables => tables.map(t => {
        let n = 0; for (let e = t; e; e = e.parentElement) if (e.classList.contains('md-typeset__scrollwrap')) n++;
        return n; })""")
    assert depths and set(depths) == {1}, depths  # one box each, never wrapped twice
    # A class-less table the theme wraps itself, beside a built one: the same computed style.
    page.evaluate("""() => {
        const table = document.createElement('table');
        table.innerHTML = '<tbody><tr><th>A</th></tr><tr><td>1</td></tr></tbody>';
        const box = document.createElement('div'); box.className = 'md-typeset__scrollwrap';
        const inner = document.createElement('div'); inner.className = 'md-typeset__table';
        inner.append(table); box.append(inner);
        document.querySelector('article').append(box); }""")
    compare = """([props, cells]) => {
        const pick = (el, names) => names.map(n => getComputedStyle(el).getPropertyValue(n));
        const built = document.querySelector('article table.rw-wrapped');
        const theirs = document.querySelector('article > .md-typeset__scrollwrap:last-child table');
        return [pick(built, props), pick(theirs, props), pick(built.querySelector('td'), cells),
                pick(theirs.querySelector('td'), cells), pick(built.querySelector('th'), cells), pick(theirs.querySelector('th'), cells)];
    }"""
    built, theirs, built_td, their_td, built_th, their_th = page.evaluate(compare, [PROPERTIES, CELL])
    assert built == theirs and built_td == their_td and built_th == their_th
    assert tab.errors == []
