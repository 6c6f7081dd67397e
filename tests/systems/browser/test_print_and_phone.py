"""At the table (issue 40): the print editions print clean and pass axe, and answers read on a 390 px phone.

- An edition prints no number longer than the screen shows (no run of 40 digits), holds no page of one
  or two lines, and has no serious axe finding on a desktop or a phone (its boxes that may scroll are
  tab stops: an edition runs no script to mark them).
- At 390 px no word is split across lines, and nothing inside a widget's answer scrolls sideways but
  a chart (which says so, and opens on its tallest bar).
"""

from __future__ import annotations

import io
import json
import re

import pytest

from tests.support.accessibility import AXE, RUN
from tests.support.browser import open_tab
from tests.support.phone import PHONE

pytestmark = pytest.mark.browser

EDITIONS = ("print/", "facade/print/", "facets/print/", "skillful/print/", "roll-and-keep/print/")

SPLIT_WORDS = """() => {
  const found = [], range = document.createRange();
  const walker = document.createTreeWalker(document.querySelector('.md-content'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('svg, [hidden], code, pre, .rw-visually-hidden, .rw-exact-more__value')) continue;
    for (const m of node.data.matchAll(/[A-Za-zÀ-ÿ]{3,}/g)) {
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) found.push(m[0]);
    }
  }
  return found;
}"""
SIDEWAYS = """() => [...document.querySelectorAll('.rw-result *')]
  .filter(b => !b.closest('.rw-chart-scroll') && b.scrollWidth > b.clientWidth + 1
               && /auto|scroll/.test(getComputedStyle(b).overflowX))
  .map(b => b.className || b.tagName)"""


def test_editions_print_no_long_number(live_site) -> None:
    for edition in EDITIONS:
        html = (live_site.directory / edition / "index.html").read_text(encoding="utf-8")
        words = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S))
        assert re.findall(r"\d{40,}", words) == [], edition


def test_an_edition_pdf_has_no_page_of_one_line(live_site, browser) -> None:
    from pypdf import PdfReader

    tab = open_tab(browser, javascript=False)
    try:
        tab.page.goto(live_site.url("facets/print/"))
        tab.page.emulate_media(media="print")
        pdf = tab.page.pdf(prefer_css_page_size=True)
    finally:
        tab.context.close()
    pages = [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]
    lines = [[line for line in text.splitlines() if line.strip() and not line.strip().isdigit()] for text in pages]
    assert [i + 1 for i, found in enumerate(lines) if i and len(found) <= 2] == []
    assert not any(re.search(r"\d{40,}", text) for text in pages)


@pytest.mark.parametrize("view", [({"width": 1280, "height": 900}, "light"), (PHONE, "dark")])
def test_editions_pass_axe(live_site, browser, view) -> None:
    viewport, scheme = view
    tab = open_tab(browser)
    found = {}
    try:
        tab.page.set_viewport_size(viewport)
        tab.page.emulate_media(color_scheme=scheme)
        for edition in EDITIONS:
            tab.page.goto(live_site.url(edition))
            tab.page.add_script_tag(path=str(AXE))
            findings = tab.page.evaluate(RUN)
            if findings:
                found[edition] = findings
    finally:
        tab.context.close()
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("path", ["dice/", "facade/combat/", "facade/builder/", "facets/conflicts/"])
def test_answers_fit_a_phone(live_site, browser, path: str) -> None:
    tab = open_tab(browser)
    try:
        tab.page.set_viewport_size(PHONE)
        tab.page.goto(live_site.url(path))
        tab.page.wait_for_load_state("load")
        assert tab.page.evaluate(SPLIT_WORDS) == [], path
        assert tab.page.evaluate(SIDEWAYS) == [], path
        assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], path
    finally:
        tab.context.close()

