"""The print editions on paper (issue 27), on the shared tests' own site: nothing wider than an A4 page in
Chromium's print media with JavaScript off, and ``rollwright pdf``'s PDFs: one per game and one for the
site, numbered pages, numbered contents, and an outline whose entries are the nav's pages.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.support.accessibility import AXE, RUN, RUN_LIGHTHOUSE_EXTRAS
from tests.support.browser import open_tab
from tests.support.fixture_site import FixtureSite, rollwright
from tests.support.print_edition import A4_CONTENT_PX, nav_urls, outline, page_texts, too_wide

pytestmark = pytest.mark.browser

PDFS = {"site": "print/pips.pdf", "pips": "pips/print/pips.pdf"}


@pytest.fixture(scope="module")
def pdf_build(pips_project: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """``rollwright pdf`` on the fixture site: the site and its PDFs, built once for this module."""
    out = tmp_path_factory.mktemp("pdf-build") / "site"
    return out, rollwright(pips_project, "pdf", "--site-dir", str(out))


@pytest.mark.parametrize("path", ["print/", "pips/print/", "pips/"])
def test_nothing_is_wider_than_an_a4_page_in_print(pips_live: FixtureSite, browser, path: str) -> None:
    assert too_wide(browser, pips_live.url(path)) == []


def test_an_edition_reads_the_same_without_javascript(pips_live: FixtureSite, browser) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": A4_CONTENT_PX, "height": 900})
    try:
        page = context.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                   else route.abort())
        page.emulate_media(media="print")
        page.goto(pips_live.url("pips/print/"))
        shown = page.locator(".rw-print").inner_text()
        for words in ("Dice in the pool: 3; Hits needed: 2", "3 dice, 2 hits needed: 25.9% (exactly 7/27)",
                      "8 or more: 41.7% (exactly 5/12)", "Designer's note", "Pips character sheet"):
            assert words in " ".join(shown.split()), words
        breaks = page.evaluate("() => [...document.querySelectorAll('.rw-print-section')]"
                               ".map(s => getComputedStyle(s).breakBefore)")
        assert breaks == ["page"] * 4  # each section (three pages and the sheet) starts a new sheet of paper
    finally:
        context.close()


def test_rollwright_pdf_writes_one_pdf_per_game_and_one_for_the_site(pdf_build) -> None:
    out, done = pdf_build
    assert done.returncode == 0, done.stderr[-3000:]
    for path in PDFS.values():
        assert (out / path).read_bytes()[:5] == b"%PDF-"
        assert re.search(rf"{re.escape(str(out / path))}: \d+ pages, [\d.]+ MB\n", done.stdout), done.stdout
    assert "without page numbers" not in done.stdout + done.stderr


@pytest.mark.parametrize("key", PDFS)
def test_the_pdfs_outline_is_the_nav_and_its_contents_are_numbered(pdf_build, pips_project: Path, key: str) -> None:
    out, _ = pdf_build
    pdf = out / PDFS[key]
    pages = page_texts(pdf)
    assert 6 <= len(pages) <= 12
    titles = [re.search(r"<h1 id=[^>]*>(.*?)<", (out / url / "index.html").read_text(encoding="utf-8")).group(1)
              for url in nav_urls(pips_project / "mkdocs.yml", None if key == "site" else "pips")]
    marks = outline(pdf)
    top = [(title, page) for depth, title, page in marks if depth == 0]
    assert [title for title, _ in top] == ["Pips", "Contents", *titles, "Pips character sheet"]
    assert [page for _, page in top][:3] == [1, 2, 3] and top[-1][1] == len(pages)
    assert [page for _, page in top] == sorted(page for _, page in top)
    assert ("Rolling", "Odds", "Making a character") == tuple(t for d, t, _ in marks if d == 1 and t != "Contents")[:3]
    contents = " ".join(pages[1].split())
    for title, page in top[2:]:  # each entry of the contents, with the page its heading is on
        assert re.search(rf"{re.escape(title)}\s*{page}\b", contents), (title, page, contents)
    for number, text in enumerate(pages[1:], start=2):  # each page but the title page has its number in the footer
        assert text.split()[0] == str(number), (number, text[:80])  # (Chromium draws the footer first)
    assert not pages[0].split()[0].isdigit()


def test_the_home_pages_link_to_the_print_edition_and_the_pdf(pdf_build) -> None:
    out, _ = pdf_build
    game = (out / "pips" / "index.html").read_text(encoding="utf-8")
    home = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="print/" data-rw-print-link>' in game and '<a href="print/pips.pdf" data-rw-pdf-link download>' in game
    assert '<a href="print/" data-rw-print-link>' in home and '<a href="print/pips.pdf" data-rw-pdf-link download>' in home
    assert '"print/pips.pdf"' in (out / "sw.js").read_text(encoding="utf-8")  # listed, fetched when asked for


def test_rollwright_pdf_without_chromium_says_so(pips_project: Path, tmp_path: Path) -> None:
    done = rollwright(pips_project, "pdf", "--site-dir", str(tmp_path / "site"), "--chromium", str(tmp_path / "none"))
    assert done.returncode == 2
    assert f"error: no Chromium at {tmp_path / 'none'}" in done.stderr
    assert not (tmp_path / "site").exists()  # it says so before building anything


@pytest.mark.parametrize("path", ["print/", "pips/print/"])
def test_an_edition_has_no_serious_axe_findings(pips_live: FixtureSite, browser, path: str) -> None:
    """axe-core's serious and critical findings, and Lighthouse's extras (heading order, crawlable links)."""
    tab = open_tab(browser)
    try:
        tab.page.goto(pips_live.url(path))
        tab.page.add_script_tag(path=str(AXE))
        assert tab.page.evaluate(RUN) == []
        assert tab.page.evaluate(RUN_LIGHTHOUSE_EXTRAS) == []
    finally:
        tab.context.close()
    assert tab.external == []
