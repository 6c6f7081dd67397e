"""From the built wheel to a published page, outside this checkout, as a designer goes.

Rollwright's wheel is built as ``make dist`` builds it and installed, with its pinned dependencies
from the wheelhouse (``make dev-deps``, no network), into a fresh venv in a temporary folder. There
``rollwright new`` writes a project and ``rollwright build --site-url`` builds it for a folder,
``http://127.0.0.1:<port>/my-srd/``, as GitHub Pages publishes a project site; it is served there
with nothing at the host's root and read in Chromium, every request to another host aborted: the
pages and instant navigation, a widget changed getting the engine's answer, the builder keeping a
character across a reload, the service worker. Then the same with Node.js hidden from the PATH
(the fallback boot).

Slow (a wheel, a venv, two builds): marked ``browser``. Never asserts a time (bench/designer.py
measures these steps).
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rollwright.mkdocs.site_assets import NO_NODE
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab, wait_builder_ready
from tests.support.designer import (
    ROOT, Python, build_wheel, checked, command_env, fresh_venv, pip_install, run, wheel_requirements,
)
from tests.support.siteserver import SiteServer

pytestmark = pytest.mark.browser

GAME, GAME_ID = "Lanternfall", "lanternfall"
FOLDER = "/my-srd/"
RULES, BUILDER = f"{GAME_ID}/", f"{GAME_ID}/builder/"
WIDGET = f"section[data-rw-widget='{GAME_ID}-odds']"


@dataclass
class Installed:
    python: Python
    wheel: Path
    before: set[str]
    after: set[str]
    project: Path


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel in a fresh venv (its dependencies first, then the wheel alone), and a project made there."""
    work = tmp_path_factory.mktemp("designer")
    wheel = build_wheel(work / "dist")
    python = fresh_venv(work / "venv")
    pip_install(python, *wheel_requirements(wheel), compile=False)
    before = python.top_level_names()
    pip_install(python, "--no-deps", wheel, compile=False)
    after = python.top_level_names()
    project = python.new(work, "my-srd", GAME)
    return Installed(python, wheel, before, after, project)


def _declared_as_data(installed: Installed) -> bool:
    """Whether the project's game is a game.toml (``rollwright new``'s default) rather than Python."""
    return (installed.project / GAME_ID / "game.toml").is_file()


@dataclass
class Published:
    server: SiteServer
    node: bool
    site: Path
    said: str


@pytest.fixture(scope="module", params=[True, False], ids=["with-node", "without-node"])
def published(request: pytest.FixtureRequest, installed: Installed) -> Iterator[Published]:
    node = bool(request.param)
    server = SiteServer(prefix=FOLDER)
    site = installed.project.parent / f"site-{'node' if node else 'no-node'}"
    done = installed.python.build(installed.project, site, site_url=server.root, node=node)
    server.serve(site)
    yield Published(server, node, site, done.stdout + done.stderr)
    server.close()


@pytest.fixture
def tab(browser, published: Published):  # noqa: ANN001 - the session's Playwright browser
    """A fresh context recording every request, so a test can say none left the site's folder."""
    tab = open_tab(browser)
    tab.root = published.server.root
    tab.requested = []
    tab.page.on("request", lambda request: tab.requested.append(request.url))
    yield tab
    tab.context.close()
    assert tab.external == [], f"the site tried to reach other hosts: {tab.external}"
    outside = [url for url in tab.requested if url.startswith("http") and not url.startswith(tab.root)]
    assert outside == [], f"requests outside the site's folder: {outside}"


def test_the_wheel_adds_one_import_name_rollwright(installed: Installed) -> None:
    assert installed.after - installed.before == {"rollwright"}
    with zipfile.ZipFile(installed.wheel) as archive:
        names = archive.namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"rollwright", installed.wheel.name.split("-py3")[0] + ".dist-info"}
    template = [name for name in names if name.startswith("rollwright/scaffold/template/")]
    assert not [name for name in template if re.search(r"/(site|\.cache|__pycache__|\.pytest_cache)/", name)]
    assert (installed.python.bin / "rollwright").is_file()


def test_it_runs_nothing_from_this_checkout(installed: Installed) -> None:
    script = "import rollwright, rollwright.mkdocs, rollwright.scaffold; print(rollwright.__path__, rollwright.mkdocs.__file__)"
    done = checked(installed.python.rollwright("--version", cwd=installed.project))
    assert done.stdout.strip() == f"rollwright {installed.wheel.name.split('-')[1]}"
    where = checked(run([installed.python.python, "-c", script], installed.project,
                        command_env(installed.python.bin))).stdout
    assert str(ROOT) not in where and str(installed.python.bin.parent) in where, where


def test_the_project_is_whole_and_pins_the_installed_version(installed: Installed) -> None:
    version = installed.wheel.name.split("-")[1]
    assert (installed.project / "requirements.txt").read_text(encoding="utf-8").split() == [f"rollwright=={version}"]
    for name in (".gitignore", ".github/workflows/pages.yml", "README.md", "conftest.py", "pytest.ini",
                 f"tests/test_{GAME_ID}.py", f"{GAME_ID}/worked_examples.toml", f"docs/{GAME_ID}/builder.md"):
        assert (installed.project / name).is_file(), f"the wheel's template lacks {name}"


def test_the_build_says_once_when_node_is_missing(published: Published) -> None:
    assert published.said.count(NO_NODE) == (0 if published.node else 1), published.said


def test_nothing_is_served_at_the_hosts_root(published: Published) -> None:
    with pytest.raises(urllib.error.HTTPError, match="404"):
        urllib.request.urlopen(published.server.origin + "index.html")  # noqa: S310 - 127.0.0.1 only
    with urllib.request.urlopen(published.server.root + "index.html") as response:  # noqa: S310
        assert GAME.encode() in response.read()


def test_every_page_names_its_address_under_the_folder(published: Published) -> None:
    html = (published.site / RULES / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{published.server.root}{RULES}">' in html


def test_instant_navigation_and_a_widget_get_the_engines_answer(published: Published, installed: Installed,
                                                                 tab) -> None:
    root = published.server.root
    expected = installed.python.call(installed.project, f"{GAME_ID}.odds", {"dice": 5, "need": 3})
    page = tab.page
    page.goto(root)
    page.wait_for_function("() => window.document$ !== undefined")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-nav--primary a.md-nav__link", has_text=GAME).first.click()
    page.wait_for_url(root + RULES)
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__sameDocument === true"), "the nav link reloaded the page"
    assert page.evaluate("window.rollwright.bootPath") == ("snapshot" if published.node else "fallback"), (
        page.evaluate("window.rollwright.bootReason"))
    dice = page.locator(f"{WIDGET} input[name=dice]")
    dice.fill("5")
    page.locator(f"{WIDGET} input[name=need]").fill("3")
    dice.dispatch_event("input")
    chance = expected["success" if _declared_as_data(installed) else "p"]
    page.locator(f"{WIDGET} [data-rw-result] [data-rw-p='{chance}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert expected["percent"] in page.locator(f"{WIDGET} [data-rw-result]").inner_text()
    assert tab.errors == []


def test_the_builder_saves_and_reloads_a_character(published: Published, installed: Installed, tab) -> None:
    root = published.server.root
    data = _declared_as_data(installed)
    talk_id = "#rw-c-fields-talk" if data else "#rw-c-skills-talk"
    page = tab.page
    page.goto(root + BUILDER)
    wait_builder_ready(page)
    page.focus("#rw-c-name")
    page.keyboard.type("Orla")
    talk = page.locator(talk_id)
    talk.fill("1")
    talk.dispatch_event("input")
    page.wait_for_function("k => /Orla/.test(localStorage.getItem(k) || '') && /\"talk\": ?1/.test(localStorage.getItem(k))",
                           arg=f"rollwright.{GAME_ID}.characters")
    page.reload()
    wait_builder_ready(page)
    assert page.locator("#rw-c-name").input_value() == "Orla"
    assert page.locator(talk_id).input_value() == "1"
    assert "Orla" in page.locator("[data-rw-roster]").inner_text()
    said = "Spend exactly 6 dice on Fight, Sneak and Talk (now 5)" if data else "Spread exactly 6 dice"
    assert said in page.locator("[data-rw-report-region]").inner_text()


def test_the_service_worker_keeps_the_site_offline_under_its_folder(published: Published, tab) -> None:
    """With the snapshot path only: the service worker is the same either way, and each fallback boot
    costs this suite half a minute (tests/browser/test_offline.py reads the flagship offline)."""
    if not published.node:
        pytest.skip("the same service worker as with Node.js; one fallback boot fewer")
    root = published.server.root
    page = tab.page
    page.goto(root + RULES)
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => window.rollwright.offline && window.rollwright.offline.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    registration = page.evaluate("navigator.serviceWorker.getRegistration().then(r => [r.scope, r.active.scriptURL])")
    assert registration == [root, root + "sw.js"]
    tab.context.set_offline(True)
    page.reload()
    page.wait_for_selector(f"{WIDGET}[data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == root + "sw.js"
    tab.context.set_offline(False)


def test_rollwright_check_passes_there_and_fails_on_a_wrong_worked_example(published: Published,
                                                                          installed: Installed) -> None:
    checked(installed.python.rollwright("check", cwd=installed.project, node=published.node))
    examples = installed.project / GAME_ID / "worked_examples.toml"
    right = examples.read_text(encoding="utf-8")
    examples.write_text(right.replace('"7/27"', '"1/3"'), encoding="utf-8")  # the draft's answer, mistyped
    try:
        done = installed.python.rollwright("check", cwd=installed.project, node=published.node)
    finally:
        examples.write_text(right, encoding="utf-8")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Three dice against a hard task" in done.stdout + done.stderr


def test_rollwright_pdf_prints_the_book_with_the_wheel_alone(installed: Installed) -> None:
    """A designer's project, the wheel and its pinned dependencies only (no Playwright, no pypdf): the game's
    print edition, its PDF with numbered contents, and the link to both from the game's home page."""
    assert {"playwright", "pypdf"}.isdisjoint(installed.after)
    site = installed.project.parent / "site-pdf"
    done = checked(installed.python.rollwright("pdf", "-d", site, cwd=installed.project))
    pdf = site / GAME_ID / "print" / f"{GAME_ID}.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert f"{pdf}: " in done.stdout and "without page numbers" not in done.stdout + done.stderr
    home = (site / GAME_ID / "index.html").read_text(encoding="utf-8")
    assert '<a href="print/" data-rw-print-link>' in home and f'<a href="print/{GAME_ID}.pdf"' in home
