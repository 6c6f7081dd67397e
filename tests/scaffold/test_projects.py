"""Projects written by ``rollwright new`` build, and publish as the designer asks.

Each game (one word, declared as data, the default; several words, written in Python with ``--python``)
is written by the command, then built by ``rollwright build``
with Node.js hidden from the PATH (the fallback boot, and quick: no snapshot to make): once with no
address, once with ``--site-url``. The snapshot path and the pages in a browser are in
test_subpath.py and test_wheel.py.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from rollwright.mkdocs.site_assets import NO_NODE
from tests.support.browser import open_tab
from tests.support.designer import CHECKOUT, checked, command_env, run
from tests.support.siteserver import SiteServer

GAMES = {"Lanternfall": ("lanternfall", "lanternfall"), "Ashes of the Deep": ("ashes-of-the-deep", "ashes_of_the_deep")}
ADDRESS = "https://example.org/my-srd/"


PYTHON_GAMES = {"Ashes of the Deep"}
"""The games written with ``--python``; the others are declared as data (``game.toml``)."""


class Project:
    def __init__(self, folder: Path, title: str) -> None:
        self.folder, self.title = folder, title
        self.python = title in PYTHON_GAMES
        self.id, self.package = GAMES[title]
        self.pages = [f"{self.id}/", f"{self.id}/builder/", f"{self.id}/errata/"]


@pytest.fixture(scope="module", params=list(GAMES), ids=["one-word", "multi-word"])
def project(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Project:
    title = request.param
    return Project(CHECKOUT.new(tmp_path_factory.mktemp("projects"), "my-srd", title, python=title in PYTHON_GAMES),
                   title)


@pytest.fixture(scope="module")
def plain(project: Project) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The project built with no address, and without Node.js."""
    site = project.folder / "site"
    return site, CHECKOUT.build(project.folder, site, node=False)


@pytest.fixture(scope="module")
def addressed(project: Project) -> Path:
    site = project.folder.parent / "site-addressed"
    CHECKOUT.build(project.folder, site, site_url=ADDRESS, node=False)
    return site


def _html(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def _locations(site: Path) -> list[str]:
    return re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text(encoding="utf-8"))


def test_without_node_it_builds_and_says_once_what_is_missing(plain) -> None:
    site, done = plain
    said = done.stdout + done.stderr
    assert said.count(NO_NODE) == 1, said
    assert (site / "index.html").is_file()
    assert not (site / "assets" / "snapshot").exists()


def test_the_build_says_where_the_site_is_and_how_big(plain) -> None:
    site, done = plain
    summary = re.search(r"The site is in (.+): (\d+) files, ([\d.]+) MB\.", done.stdout)
    assert summary, done.stdout
    assert Path(summary[1]) == site
    files = [path for path in site.rglob("*") if path.is_file()]
    assert int(summary[2]) == len(files)
    assert float(summary[3]) == round(sum(path.stat().st_size for path in files) / 1e6, 1)


def test_its_pages_hold_the_games_widget_table_macro_and_builder(project: Project, plain) -> None:
    site = plain[0]
    rules = _html(site, project.pages[0])
    assert f'data-rw-widget="{project.id}-odds"' in rules and f'data-rw-system="{project.id}"' in rules
    assert 'data-rw-printed="30%" title="Erratum: the draft prints 30%; its own rule gives 25.9%."' in rules
    assert f'<h1 id="{project.id}">{project.title}' in rules
    assert f'data-rw-builder="{project.id}"' in _html(site, project.pages[1])
    errata = _html(site, project.pages[2])
    assert "<td>30%</td>" in errata and "<td>25.9%</td>" in errata  # the erratum, both values
    assert "its source states no licence" in rules


def test_the_browser_gets_the_game_and_no_other(project: Project, plain) -> None:
    (wheel,) = (plain[0] / "assets" / "engine").rglob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry = archive.read("rollwright_site.py").decode("utf-8")
    packages = {name.split("/")[0] for name in names if "/" in name and not name.split("/")[0].endswith(".dist-info")}
    assert packages == {"rollwright", project.package}
    assert f'SYSTEMS = ("{project.package}",)' in entry


def test_without_an_address_pages_have_no_canonical_link_and_the_sitemap_lists_paths(project: Project, plain) -> None:
    site, done = plain
    assert "No site_url: pages get no canonical link" in done.stderr
    for page in ["", *project.pages]:
        assert 'rel="canonical"' not in _html(site, page), page
    assert _locations(site) == ["/", *(f"/{page}" for page in project.pages)]


def test_with_an_address_every_page_names_itself_there(project: Project, addressed: Path) -> None:
    for page in ["", *project.pages]:
        assert f'<link rel="canonical" href="{ADDRESS}{page}">' in _html(addressed, page), page
    assert _locations(addressed) == [ADDRESS, *(ADDRESS + page for page in project.pages)]


def test_the_engine_answers_its_calls_from_the_project_folder(project: Project) -> None:
    answer = CHECKOUT.call(project.folder, f"{project.id}.odds", {"dice": 3, "need": 2})
    assert (answer["p" if project.python else "success"], answer["percent"]) == ("7/27", "25.9%")


def test_its_docstring_examples_pass_and_it_is_strictly_typed(project: Project) -> None:
    if not project.python:
        assert not list((project.folder / project.package).rglob("*.py"))  # a data game: nothing to type-check
        return
    env = command_env(CHECKOUT.bin)
    done = checked(run([CHECKOUT.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", project.package],
                       project.folder, env))
    assert re.search(r"\b(\d+) passed\b", done.stdout) and "failed" not in done.stdout, done.stdout
    checked(run([CHECKOUT.python, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
                 project.folder.parent / ".mypy", project.package], project.folder, env))


def test_rollwright_check_passes_on_it(project: Project) -> None:
    checked(CHECKOUT.rollwright("check", cwd=project.folder, node=False))


def test_its_own_tests_pass(project: Project) -> None:
    done = checked(run([CHECKOUT.python, "-m", "pytest", "-q", "-p", "no:cacheprovider"], project.folder,
                       command_env(CHECKOUT.bin, node=False)))
    assert "failed" not in done.stdout


@pytest.mark.browser
def test_without_an_address_it_navigates_instantly_under_any_folder(plain, browser) -> None:  # noqa: ANN001
    """The sitemap's paths are re-pointed by the theme at the folder the site is served from."""
    server = SiteServer(prefix="/anywhere/")
    server.serve(plain[0])
    tab = open_tab(browser)
    try:
        page = tab.page
        page.goto(server.root)
        page.wait_for_function("() => window.document$ !== undefined")
        page.evaluate("window.__sameDocument = true")
        link = page.locator(".md-nav--primary a.md-nav__link[href$='/']").nth(1)
        target = link.evaluate("a => a.href")
        link.click()
        page.wait_for_url(target)
        page.wait_for_selector("h1")
        assert target.startswith(server.root) and target != server.root
        assert page.evaluate("window.__sameDocument === true"), "without site_url the nav link reloaded the page"
    finally:
        tab.context.close()
        server.close()
    assert tab.external == []
