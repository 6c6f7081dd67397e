"""The print editions as a pure function of a built folder (issue 36): the book's options checked without
MkDocs, the nav read from ``mkdocs.yml``'s value, where the editions go, and each edition written from a
small hand-made output folder, its designer strings escaped. (The editions of real builds:
tests/site/test_print_edition.py and tests/systems/test_print_editions.py.)
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from rollwright.errors import RollwrightError
from rollwright.kit.system import Page, System
from rollwright.mkdocs.book.edition import BookError, BookOptions, NavPage, plan_editions, write_editions
from rollwright.mkdocs.book.nav import nav_pages
from rollwright.mkdocs.book.page import article
from rollwright.mkdocs.book.urls import relative_url
from tests.support.print_edition import sections

GAME = System(id="demo", title="Demo <b>&</b>", pitch="A <i>test</i> game.", source="Notes \"quoted\"", docs="demo",
              pages=(Page("demo/index.md", "Demo"), Page("demo/rules.md", "Rules")))
NAV = [{"Home": "index.md"}, {"Demo": ["demo/index.md", {"Rules": "demo/rules.md"}, {"Web": "https://x.org/"}]}]


def _built(title: str, body: str, depth: int) -> str:
    up = "../" * depth
    return (f'<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width"><title>{title}</title>'
            f'<link rel="icon" href="{up}favicon.png"><link rel="stylesheet" href="{up}assets/main.css">'
            f'<script src="{up}assets/bundle.js"></script><script>var inline = 1;</script></head>'
            f'<body dir="ltr" data-md-color-scheme="slate"><header class="md-header">Header</header>'
            f'<nav class="md-nav">Nav</nav><div class="md-content"><article class="md-content__inner md-typeset">'
            f'<a href="edit" class="md-content__button md-icon">Edit</a>{body}'
            f'<aside class="rw-licence-note"><p>Licence.</p></aside><aside class="rw-print-links"><p>Print</p></aside>'
            f'</article></div><footer class="md-footer">Footer</footer><script>more()</script></body></html>')


@pytest.fixture
def site(tmp_path: Path) -> Path:
    pages = {"index.html": ('<h1 id="welcome">Welcome</h1><p>See <a href="demo/rules/#odds">the odds</a>.</p>', 0),
             "demo/index.html": ('<h1 id="demo">Demo</h1><p><a href="rules/">Rules</a></p>', 1),
             "demo/rules/index.html": ('<h1>Rules</h1><h2 id="odds">Odds</h2><p>Roll <script>x()</script>.</p>', 2)}
    for path, (body, depth) in pages.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(_built("T", body, depth), encoding="utf-8")
    return tmp_path


def test_relative_urls_are_mkdocs_own() -> None:
    utils = pytest.importorskip("mkdocs.utils")
    paths = ["", "/", "a", "a/", "a/b", "a/b/", "a/b.html", "x/../../y.png", ".", "./", "index.html", "a//b/"]
    assert [(u, o) for u, o in itertools.product(paths, paths)
            if relative_url(u, o) != utils.get_relative_url(u, o)] == []


def test_the_book_imports_nothing_from_mkdocs() -> None:
    code = ("import sys, rollwright.mkdocs.book.edition, rollwright.mkdocs.book.pdf, rollwright.mkdocs.book.nav;"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'material', 'mkdocs_macros')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(("data", "words"), [
    ({"pdf": "yes"}, "book: pdf must be true or false, not 'yes'"),
    ({"print": 1}, "book: print must be true or false"),
    ({"chromium": ["x"]}, "book: chromium must be the path of a Chromium program"),
    ({"pfd": True}, "book: unknown option 'pfd': the options are print, pdf and chromium"),
    (["pdf"], "book must be a mapping of options"),
])
def test_bad_book_options_name_the_key_and_the_fix(data: object, words: str) -> None:
    with pytest.raises(BookError) as raised:
        BookOptions.from_mapping(data)  # type: ignore[arg-type]
    assert isinstance(raised.value, RollwrightError)
    assert str(raised.value).startswith("mkdocs.yml: plugins: rollwright: book") and words in str(raised.value)


def test_good_book_options() -> None:
    assert BookOptions.from_mapping({}) == BookOptions()
    assert BookOptions.from_mapping({"print": False, "pdf": True, "chromium": "/c"}) == BookOptions(False, True, "/c")


def test_nav_pages_follow_the_nav_with_sections_and_skip_addresses(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "index.md").write_text("---\ntitle: From meta\n---\n# Heading\n", encoding="utf-8")
    nav = NAV + ["extra.md", {"Deep": [{"Inner": [{"Last": "demo/last.md"}]}]}]
    assert nav_pages(nav, tmp_path, use_directory_urls=True) == [
        NavPage("index.md", "", "Home", None), NavPage("demo/index.md", "demo/", "From meta", "Demo"),
        NavPage("demo/rules.md", "demo/rules/", "Rules", "Demo"), NavPage("extra.md", "extra/", "Extra", None),
        NavPage("demo/last.md", "demo/last/", "Last", "Deep")]
    assert [p.url for p in nav_pages(NAV, tmp_path, use_directory_urls=False)] == [
        "index.html", "demo/index.html", "demo/rules.html"]


def test_without_a_nav_every_page_in_mkdocs_order(tmp_path: Path) -> None:
    files = {"b.md": "Text only", "index.md": "# Start {#s}", "a-note.md": "```\n# code\n```\n# Note",
             "z/index.md": "", "z/y.md": "# Why", "c/x_y.md": "", ".hidden/h.md": "# H", "c/sub/d.md": "",
             "z/img.png": ""}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = nav_pages(None, tmp_path, use_directory_urls=True)
    assert [(p.src_uri, p.title, p.section) for p in found] == [
        ("index.md", "Start", None), ("a-note.md", "Note", None), ("b.md", "B", None),
        ("c/x_y.md", "X y", "C"), ("c/sub/d.md", "D", "C"), ("z/index.md", "Index", "Z"), ("z/y.md", "Why", "Z")]


def test_plan_says_where_each_edition_goes() -> None:
    pages = nav_pages(NAV, Path("/nowhere"), use_directory_urls=True)
    plan = plan_editions("Site", [GAME], pages, BookOptions(pdf=True), use_directory_urls=True)
    assert [(e["home"], e["print"], e["pdf"]) for e in plan] == [
        ("index.md", "print/", "print/site.pdf"), ("demo/index.md", "demo/print/", "demo/print/demo.pdf")]
    assert plan[1]["label"] == "All of Demo <b>&</b> in one document, to print or save as PDF"  # the theme escapes it
    flat = plan_editions("Site", [GAME], pages, BookOptions(pdf=True), use_directory_urls=False, serving=True)
    assert [(e["print"], e["pdf"]) for e in flat] == [("print.html", None), ("demo/print.html", None)]
    assert plan_editions("Site", [GAME], pages, BookOptions(print=False), use_directory_urls=True) == []


@pytest.mark.parametrize("taken", ["demo/print.md", "demo/print/index.md"])
def test_a_page_where_an_edition_goes_is_refused(taken: str) -> None:
    pages = [*nav_pages(NAV, Path("/nowhere"), use_directory_urls=True), NavPage(taken, "demo/print/", "P", "Demo")]
    with pytest.raises(BookError, match=f"docs/{taken} is where Rollwright puts the print edition"):
        plan_editions("Site", [GAME], pages, BookOptions(), use_directory_urls=True)
    with pytest.raises(BookError, match="book: print: false"):
        plan_editions("Site", [], [], BookOptions(), use_directory_urls=True, docs_pages=["print.md"])


def test_the_article_is_the_markdowns_own() -> None:
    html = _built("T", '<h1 id="a">A</h1><p>x</p>', 0)
    assert article(html) == '<h1 id="a">A</h1><p>x</p>'


def test_write_editions_makes_a_standalone_page_per_edition(site: Path) -> None:
    pages = nav_pages(NAV, Path("/nowhere"), use_directory_urls=True)
    reports = write_editions(site, "Site <script>", [GAME], pages, BookOptions(), use_directory_urls=True,
                             serving=False, site_url="https://x.org/srd/", copyright="© <Me>")
    assert reports == []
    whole = (site / "print" / "index.html").read_text(encoding="utf-8")
    game = (site / "demo" / "print" / "index.html").read_text(encoding="utf-8")
    assert [(kind, url) for _, kind, url in sections(whole)] == [
        ("page", ""), ("page", "demo/"), ("page", "demo/rules/")]
    assert [url for _, _, url in sections(game)] == ["demo/", "demo/rules/"]
    for html in (whole, game):
        assert "<script" not in html and "md-header" not in html and "md-footer" not in html and "md-nav" not in html
        assert "Edit" not in html and "rw-licence-note" not in html and "rw-print-links" not in html
        assert '<body dir="ltr" data-md-color-scheme="slate">' in html and '<html lang="en">' in html
    assert '<link rel="stylesheet" href="../assets/main.css">' in whole
    assert '<link rel="stylesheet" href="../../assets/main.css">' in game
    assert '<link rel="stylesheet" href="../../assets/rollwright/css/book.css">' in game
    assert "<title>Site &lt;script&gt;: print edition - Site &lt;script&gt;</title>" in whole
    assert "Demo &lt;b&gt;&amp;&lt;/b&gt;" in game and "A &lt;i&gt;test&lt;/i&gt; game." in game
    assert "Source: Notes \"quoted\"" in game and "© &lt;Me&gt;" in whole
    assert 'href="https://x.org/srd/demo/"' in game
    assert 'href="#demo-rules--odds"' in whole and 'href="#demo-rules"' in game  # links inside the document
    assert '<h1 id="demo-rules--title">Rules</h1>' in game  # the theme's own heading, given the id a section's gets
    assert 'class="rw-print-toc__group"><span>Demo</span>' in whole


def test_a_page_missing_from_the_folder_is_left_out(site: Path) -> None:
    (site / "demo" / "rules" / "index.html").unlink()
    pages = nav_pages(NAV, Path("/nowhere"), use_directory_urls=True)
    write_editions(site, "Site", [GAME], pages, BookOptions(), use_directory_urls=True, serving=False)
    assert [url for _, _, url in sections((site / "print" / "index.html").read_text(encoding="utf-8"))] == ["", "demo/"]


def test_no_editions_when_print_is_off_and_no_pdfs_while_serving(site: Path) -> None:
    pages = nav_pages(NAV, Path("/nowhere"), use_directory_urls=True)
    off = BookOptions(print=False)
    assert write_editions(site, "S", [GAME], pages, off, use_directory_urls=True, serving=False) == []
    assert not (site / "print").exists()
    assert write_editions(site, "S", [GAME], pages, BookOptions(pdf=True, chromium="/no/such"),
                          use_directory_urls=True, serving=True) == []
    assert (site / "print" / "index.html").is_file()
