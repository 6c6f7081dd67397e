"""Same site, whichever builds it: the shared tests' own site (Pips) built by MkDocs, by properdocs (without
MkDocs installed) and by Zensical (without MkDocs or Material), each by ``rollwright build`` in a venv that has
only that generator. The pages, their tables and widgets' build-time answers, the runtime, the offline page and
the print editions must be the same; a widget must answer live in Chromium on each build.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rollwright.checks.html import article, read
from rollwright.checks.site import runtime_config
from tests.support.fixture_site import RULES, copy_template, site_call
from tests.support.generators import NAMES, rollwright_with

EDITIONS = ("print/index.html", "pips/print/index.html")
OFFLINE_READY = "() => window.rollwright.offline && window.rollwright.offline.state === 'ready'"


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    project = copy_template(tmp_path_factory.mktemp("generators") / "pips-site")
    sites = {}
    for name in NAMES:
        site = project.parent / f"built-by-{name}"
        done = rollwright_with(name, project, "build", "-d", str(site))
        assert done.returncode == 0, f"{name}: {done.stdout}\n{done.stderr}"
        assert f"Built with {name} " in done.stdout, done.stdout
        sites[name] = site
    sites["project"] = project
    return sites


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if not p.relative_to(site).as_posix().startswith("assets/"))


def _rollwright_parts(html: str) -> tuple[dict[str, list[list[str]]], list[dict[str, str | None]]]:
    """A page's registered tables, and every element's Rollwright attributes (widgets' inputs and answers, chips'
    odds, the builder), in order."""
    page = read(article(html))
    marks = [{k: v for k, v in attrs.items() if k.startswith("data-rw-") and k != "data-rw-id"}
             for _, attrs in page.attributes]
    return page.tables, [mark for mark in marks if mark]


def test_each_generator_writes_the_same_pages(builds: dict[str, Path]) -> None:
    expected = _pages(builds["mkdocs"])
    assert {"index.html", "404.html", "503.html", "pips/index.html", *EDITIONS} <= set(expected)
    for name in NAMES[1:]:
        assert _pages(builds[name]) == expected, name


def _loading(html: str) -> tuple[list[str], list[str], bool]:
    """What a page's head preloads, how it loads rollwright.js, and whether the search index waits for the reader."""
    import re

    preloaded = re.findall(r'<link rel="modulepreload" href="[./]*(assets/rollwright/[^"]+)"', html)
    script = re.findall(r'<script src="[./]*assets/rollwright/rollwright\.js"[^>]*>', html)
    return preloaded, [re.sub(r'src="[./]*', 'src="', tag) for tag in script], "__rwSearchIndex" in html


def test_each_generator_loads_the_pages_modules_alike(builds: dict[str, Path]) -> None:
    """One round trip for every module a page will load, the page's own module `async`, the search index later."""
    for page in ("pips/index.html", "index.html"):
        expected = _loading((builds["mkdocs"] / page).read_text(encoding="utf-8"))
        preloaded, script, gated = expected
        assert "assets/rollwright/rollwright.js" in preloaded and "assets/rollwright/widgets/widgets.js" in preloaded
        assert len(preloaded) == len(set(preloaded)) and script == ['<script src="assets/rollwright/rollwright.js" '
                                                                     'type="module" async>'] and gated
        for name in NAMES[1:]:
            assert _loading((builds[name] / page).read_text(encoding="utf-8")) == expected, (name, page)


def test_tables_and_widgets_answer_alike(builds: dict[str, Path]) -> None:
    for page in _pages(builds["mkdocs"]):
        if page in ("404.html", "503.html") or page in EDITIONS:
            continue
        expected = _rollwright_parts((builds["mkdocs"] / page).read_text(encoding="utf-8"))
        for name in NAMES[1:]:
            assert _rollwright_parts((builds[name] / page).read_text(encoding="utf-8")) == expected, (name, page)
    tables = _rollwright_parts((builds["zensical"] / "pips/index.html").read_text(encoding="utf-8"))[0]
    assert tables["pips-odds"] and len(tables["pips-odds"]) > 3


def test_the_runtime_offline_page_and_editions_are_the_same(builds: dict[str, Path]) -> None:
    expected = runtime_config(builds["mkdocs"])
    assert expected["engineWheel"] and expected["snapshot"]
    for name in NAMES:
        site = builds[name]
        assert runtime_config(site) == expected, name
        assert (site / expected["engineWheel"]).is_file() and (site / expected["snapshot"]["url"]).is_file()
        listed = (site / "sw.js").read_text(encoding="utf-8")
        assert json.dumps(expected["snapshot"]["url"]) in listed, name
        offline = (site / "503.html").read_text(encoding="utf-8")
        assert "You are offline" in offline and "data-rw-offline-home" in offline and 'class="md-header' in offline
        for edition in EDITIONS:
            text = (site / edition).read_text(encoding="utf-8")
            assert 'data-rw-print="' in text and "<script" not in text, (name, edition)
        home = (site / "pips/index.html").read_text(encoding="utf-8")
        assert 'href="print/"' in home or 'href="./print/"' in home, name  # the game's home links its edition
        sheet = next((site / "assets/rollwright/css").glob("rollwright.*.css"))
        assert f"assets/rollwright/css/{sheet.name}" in home, name


@pytest.mark.browser
@pytest.mark.parametrize("name", NAMES)
def test_a_widget_answers_live_on_each_build(builds: dict[str, Path], name: str, browser) -> None:  # noqa: ANN001
    from tests.support.browser import BOOT_TIMEOUT_MS, open_tab
    from tests.support.keyboard import type_into
    from tests.support.siteserver import SiteServer

    chance = site_call(builds["project"], "pips.odds", {"dice": 4, "need": 2})["p"]
    server = SiteServer()
    server.serve(builds[name])
    tab = open_tab(browser)
    try:
        tab.page.goto(server.origin + RULES)
        odds = tab.widget("pips-odds")
        tab.wait_state("pips-odds", "ready")
        type_into(tab.page, odds.locator("input[name=dice]"), "4")
        odds.locator(f"[data-rw-result] [data-rw-p='{chance}']").wait_for(timeout=BOOT_TIMEOUT_MS)
        assert tab.page.evaluate("window.rollwright.bootPath") == "snapshot"
        tab.page.wait_for_function(OFFLINE_READY, timeout=BOOT_TIMEOUT_MS)  # offline after one visit
        tab.context.set_offline(True)
        tab.page.reload()
        tab.wait_state("pips-odds", "ready")
        type_into(tab.page, odds.locator("input[name=dice]"), "4")
        odds.locator(f"[data-rw-result] [data-rw-p='{chance}']").wait_for(timeout=BOOT_TIMEOUT_MS)
        assert tab.errors == [] and tab.external == []
    finally:
        tab.context.close()
        server.close()


def test_a_new_project_builds_alike_with_each(tmp_path: Path) -> None:
    """``rollwright new`` run where only Zensical is installed writes a project that each generator builds alike."""
    done = rollwright_with("zensical", tmp_path, "new", "ember-srd", "--game", "Ember")
    assert done.returncode == 0, done.stderr
    project = tmp_path / "ember-srd"
    sites = {}
    for name in NAMES:
        sites[name] = tmp_path / f"built-by-{name}"
        built = rollwright_with(name, project, "build", "-d", str(sites[name]))
        assert built.returncode == 0, f"{name}: {built.stderr}"
    pages = _pages(sites["mkdocs"])
    assert len(pages) >= 5
    for name in NAMES[1:]:
        assert _pages(sites[name]) == pages, name
        for page in pages:
            if page not in ("404.html", "503.html") and not page.endswith("print/index.html"):
                assert _rollwright_parts((sites[name] / page).read_text(encoding="utf-8")) == \
                    _rollwright_parts((sites["mkdocs"] / page).read_text(encoding="utf-8")), (name, page)
        assert runtime_config(sites[name]) == runtime_config(sites["mkdocs"]), name
