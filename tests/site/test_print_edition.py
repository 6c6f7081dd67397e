"""The print editions (issue 27) on the shared tests' own site: one page per game and one for the whole
site, each with every page of its nav in order, then the blank character sheet; tables whole and equal to
the pages'; every widget's build-time answer with its inputs as text; every chip with its exact odds;
links kept inside the document; no controls, navigation, search or scripts; a title page; a link from
each home page. (How wide it prints, and the PDF: tests/browser/test_print_pdf.py.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rollwright.checks.html import read
from rollwright.mkdocs.book.dom import parse
from tests.support.fixture_site import site_call
from tests.support.print_edition import article, nav_urls, registered_tables, sections, text, widget_answers

EDITIONS = {"site": ("print/index.html", None), "pips": ("pips/print/index.html", "pips")}
"""Each edition: its page, and the docs folder whose nav pages it holds (None: every page)."""


def _edition(site: Path, key: str) -> str:
    return (site / EDITIONS[key][0]).read_text(encoding="utf-8")


def _body(html: str) -> str:
    start = html.index('<div class="rw-print"')
    return html[start:html.rindex("</div>", start, html.rindex("</article>")) + 6]


def _source(site: Path, url: str) -> str:
    return article((site / url / "index.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", EDITIONS)
def test_an_edition_holds_every_nav_page_in_order_then_the_blank_sheet(pips_site: Path, pips_project: Path,
                                                                       key: str) -> None:
    found = sections(_edition(pips_site, key))
    expected = nav_urls(pips_project / "mkdocs.yml", EDITIONS[key][1])
    assert [url for _, kind, url in found if kind == "page"] == expected
    assert found[-1] == ("sheet-pips", "sheet", "pips")
    assert [kind for _, kind, _ in found].count("sheet") == 1


@pytest.mark.parametrize("key", EDITIONS)
def test_every_table_is_whole_and_equal_to_the_pages_and_the_engines(pips_site: Path, pips_project: Path,
                                                                     key: str) -> None:
    printed = registered_tables(_edition(pips_site, key))
    shown = [table for url in nav_urls(pips_project / "mkdocs.yml", EDITIONS[key][1])
             for table in registered_tables(_source(pips_site, url))]
    assert [name for name, _, _ in printed] == ["pips-odds", "pips-errata"]
    assert printed == shown
    odds = dict(printed[0][::2][:1] and [(printed[0][0], printed[0][2])])["pips-odds"]
    assert odds[0] == ["Dice", "1 hit", "2 hits", "3 hits"] and len(odds) == 7  # header and six rows, none cut
    engine = site_call(pips_project, "pips.odds", {"dice": 3, "need": 2})
    assert engine["p"] == "7/27" and odds[3][2].startswith("25.9%")


def test_a_widget_prints_its_build_time_answer_with_its_inputs_as_text(pips_site: Path, pips_project: Path) -> None:
    body = _body(_edition(pips_site, "pips"))
    widgets = re.findall(r'<section class="rw-widget"[^>]*data-rw-print-widget="([^"]+)"[^>]*>(.*?)</section>', body, re.S)
    assert [name for name, _ in widgets] == ["pips-odds"]
    inner = widgets[0][1]
    assert text(re.search(r'<p class="rw-print-inputs">.*?</p>', inner).group(0)) == "Dice in the pool: 3; Hits needed: 2"
    answer = site_call(pips_project, "pips.odds", {"dice": 3, "need": 2})
    assert f'data-rw-p="{answer["p"]}"' in inner
    assert "3 dice, 2 hits needed: 25.9% (exactly 7/27)" in text(inner)
    assert widget_answers(_source(pips_site, "pips/")) == widget_answers(body)  # as the page showed it, unclicked
    assert not re.search(r"<(form|input|select|textarea|button)\b", inner)
    assert not re.search(r"\bdata-rw-(widget|chip|builder|call|system)=", body)  # nothing a runtime picks up


def test_an_inline_roll_keeps_its_words_and_gets_its_exact_odds_in_a_note(pips_site: Path) -> None:
    source, body = _source(pips_site, "pips/"), _body(_edition(pips_site, "pips"))
    assert source.count("data-rw-chip=") == 1 and "data-rw-chip=" not in body
    chips = parse(body).find_all(lambda e: e.has_class("rw-print-chip"))
    assert [(c.attrs["data-rw-p"], c.text(lambda e: e.tag == "sup"), c.find(lambda e: e.tag == "sup").text())
            for c in chips] == [("5/12", "2d6 vs 8", "1")]  # its words and its note's number
    assert 'href="#pips--odds-1"' in chips[0].inner_html()
    note = re.search(r'<li id="pips--odds-1" value="1">(.*?)</li>', body, re.S)
    assert note is not None
    assert text(note.group(1)) == "2d6. Totals 2 to 12, average 7. 8 or more: 41.7% (exactly 5/12)."


@pytest.mark.parametrize("key", EDITIONS)
def test_links_stay_inside_the_document_and_every_target_is_there(pips_site: Path, pips_project: Path,
                                                                  key: str) -> None:
    body = _body(_edition(pips_site, key))
    ids = set(re.findall(r'\bid="([^"]+)"', body))
    anchors = re.findall(r'href="#([^"]*)"', body)
    assert anchors and all(anchor in ids for anchor in anchors), sorted(set(anchors) - ids)
    assert len(ids) == len(re.findall(r'\bid="', body)), "ids are unique across the edition's pages"
    pages = {f"../{url}" if key == "pips" else url for url in nav_urls(pips_project / "mkdocs.yml", EDITIONS[key][1])}
    others = [href for href in re.findall(r'href="([^"#][^"]*)"', body) if not href.startswith(("http", "mailto:"))]
    assert not [href for href in others if href.split("#")[0] in pages or href.split("#")[0].rstrip("/") + "/" in pages]
    assert 'href="#pips-builder"' in body  # the rules page's link to the builder, as an in-document link


@pytest.mark.parametrize("key", EDITIONS)
def test_an_edition_has_no_controls_navigation_search_or_scripts_to_run(pips_site: Path, key: str) -> None:
    html = _edition(pips_site, key)
    body = _body(html)
    assert not re.search(r"<(form|input|select|textarea|button|dialog|noscript)\b", body)
    assert not re.search(r'class="[^"]*(md-header|md-sidebar|md-search|md-footer|md-tabs|md-nav)\b', html)
    assert not [attrs for tag, attrs in read(html).attributes if tag == "script" and attrs.get("src")]
    assert "rw-config" not in html and "headerlink" not in body
    assert body.count('class="admonition designer"') == 1  # the designer's note is kept
    assert "printed: 30%" in text(body)  # and the errata mark in the odds table


def test_the_title_page_names_the_game_its_version_and_licence(pips_site: Path) -> None:
    import rollwright

    title = re.search(r'<header class="rw-print-title".*?</header>', _edition(pips_site, "pips"), re.S).group(0)
    words = text(title)
    assert words.startswith("Pips: print edition Pips Roll a d6 for each die of skill")
    assert f"Made with Rollwright {rollwright.__version__}" in words
    assert "Licence Pips: its source states no licence, so none is granted here." in words
    assert "Source: The Pips one-page draft" in words


def test_the_home_pages_link_to_their_edition(pips_site: Path) -> None:
    game = (pips_site / "pips" / "index.html").read_text(encoding="utf-8")
    home = (pips_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="print/" data-rw-print-link>', game)
    assert re.search(r'<a href="print/" data-rw-print-link>', home)
    assert "data-rw-pdf-link" not in game  # a plain build makes no PDF, so it links to none
    for page in ("pips/builder/index.html", "pips/errata/index.html"):
        assert "data-rw-print-link" not in (pips_site / page).read_text(encoding="utf-8")
    config = json.loads(re.search(r'id="rw-config">(.*?)</script>', game, re.S).group(1))
    assert config  # the game's own page still starts the runtime


def test_without_chromium_the_pdf_command_says_what_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from rollwright.mkdocs.book import pdf

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(pdf, "DEBIAN", tmp_path / "chromium")
    with pytest.raises(pdf.PdfError) as raised:
        pdf.find_chromium()
    message = str(raised.value)
    assert message.startswith("the PDFs are printed by Chromium, and none was found")
    assert "apt-get install chromium" in message and "--chromium PATH" in message
    assert "open a site's print/ page in any browser and use its Print command" in message
