"""The designer's guide tells the truth: the files it shows are the template's, the template is a
working site, ``rollwright new`` renders it, and a game published as its own package (the guide's
``pyproject.toml``) is found through its entry point.

The template (``macros/rollwright/scaffold/template/``, the Pips site) is what ``rollwright new``
writes and what "Start your own game" shows, file by file, through pymdownx.snippets.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
import zipfile
from html import unescape
from pathlib import Path, PurePosixPath

import pytest

import rollwright

from rollwright.kit.api import REGISTRY
from rollwright.kit.system import all_systems
from rollwright.scaffold import render
from rollwright.scaffold.names import game_names
from tests.support.designer import CHECKOUT, checked, command_env, copy_without_caches, run
from tests.support.html_reader import read

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "macros" / "rollwright" / "scaffold" / "template"
DATA_OVERLAY = ROOT / "macros" / "rollwright" / "scaffold" / "template-data"
"""What a game declared as data (``rollwright new``'s default) has in place of the template's Python."""
DESIGNERS = ROOT / "docs" / "designers"
GUIDE = DESIGNERS / "add-a-system.md"
PAGES = ("add-a-system", "writing-a-page", "how-the-build-works", "publish")
SYSTEM = "pips"
SNIPPET = re.compile(r'--8<-- "([^"]+)"')


def _template_files() -> list[str]:
    return [str(path) for path, _ in render._walk(render.template(), PurePosixPath())]


def _shown_file(name: str) -> Path:
    """A file a guide shows: the data game's (``template-data``) first, as the snippets' base paths say."""
    return DATA_OVERLAY / name if (DATA_OVERLAY / name).is_file() else TEMPLATE / name


def _guide(page: str = "add-a-system") -> str:
    return (DESIGNERS / f"{page}.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The template as it is (a copy, so its build leaves nothing in the checkout)."""
    return copy_without_caches(TEMPLATE, tmp_path_factory.mktemp("guide") / "pips")


@pytest.fixture(scope="module")
def built(project: Path) -> Path:
    """The template built by ``rollwright build``, Node.js hidden (the snapshot path is test_wheel.py's)."""
    CHECKOUT.build(project, project / "site", node=False)
    return project / "site"


def test_every_file_the_guide_shows_is_named_where_it_is_shown() -> None:
    for page in PAGES:
        text = _guide(page)
        for name in SNIPPET.findall(text):
            assert _shown_file(name).is_file(), f"{page}: {name} is not a file of the template"
            assert re.search(rf'title="{re.escape(name)}"|"{re.escape(name)}: ', text), f"{page}: {name} shown unnamed"


def test_the_guide_names_every_file_of_the_project() -> None:
    text = "\n".join(_guide(page) for page in PAGES)
    shown = set(SNIPPET.findall(text))
    for name in _template_files():
        leaf = PurePosixPath(name)
        if leaf.name == "__init__.py" and leaf.parent.name in ("rules", "calls", "widgets", "tables"):
            continue  # the guide says what these one-line files are, all four at once
        assert name in shown or f"`{name}`" in text or f"`{leaf.name}`" in text, f"the guide never names {name}"


def test_the_guide_starts_from_pip_install_and_rollwright_new() -> None:
    text = _guide()
    for command in ("pip install rollwright", "rollwright new my-srd --game", "rollwright serve", "rollwright check"):
        assert command in text, command
    publish = _guide("publish")
    for words in ("rollwright build --site-url", "Settings > Pages", "requirements.txt", "CHANGELOG.md"):
        assert words in publish, words


def test_the_example_game_is_not_one_of_the_flagships() -> None:
    assert SYSTEM not in all_systems()
    assert not any(name.startswith(f"{SYSTEM}.") for name in REGISTRY)
    assert not (ROOT / "docs" / SYSTEM).exists()


@pytest.mark.parametrize("python", [False, True], ids=["data", "python"])
def test_rendering_the_template_for_its_own_game_changes_nothing(python: bool) -> None:
    rendered = {item.path: item.text for item in render.project_files(game_names("Pips"), rollwright.__version__,
                                                                      python=python)}
    overlay = [] if python else [str(p.relative_to(DATA_OVERLAY)) for p in DATA_OVERLAY.rglob("*") if p.is_file()]
    expected = {name for name in _template_files() if python or not name.startswith(f"{SYSTEM}/")} | set(overlay)
    assert sorted(rendered) == sorted(expected)
    for name, text in rendered.items():
        source = DATA_OVERLAY / name if name in overlay else TEMPLATE / name
        expected_text = source.read_text(encoding="utf-8")
        if name == "README.md" and not python:  # its line on the game's folder names the game.toml
            expected_text = expected_text.replace(render.PYTHON_GAME_ROW, render.DATA_GAME_ROW)
        assert text == expected_text, name


def test_its_pages_build_with_the_widget_tables_and_macros(built: Path) -> None:
    page = (built / SYSTEM / "index.html").read_text(encoding="utf-8")
    html = read(page)
    widgets = [a for tag, a in html.attributes if tag == "section" and a.get("data-rw-widget") == "pips-odds"]
    assert widgets and widgets[0]["data-rw-system"] == SYSTEM
    assert 'data-rw-fill="skill"' in page and "25.9%" in page
    assert html.tables["pips-odds"][3] == ["3", "70.4%", "25.9% (printed: 30%)", "3.7%"]
    assert 'data-rw-printed="30%"' in page and 'data-rw-chip="dice"' in page
    assert 'class="admonition designer"' in page
    errata = read((built / SYSTEM / "errata" / "index.html").read_text(encoding="utf-8")).tables["pips-errata"]
    assert [row[:2] for row in errata[1:]] == [["Odds table", "3 dice, 2 hits"]]


def test_its_builder_page_has_every_part_the_builder_script_looks_for(built: Path) -> None:
    script = (ROOT / "site-overrides" / "assets" / "rollwright" / "builder" / "builder-parts.js").read_text(encoding="utf-8")
    wanted = set(re.findall(r'one\("(?::scope > )?\[(data-rw-[a-z-]+)\]"\)', script))
    assert len(wanted) >= 10, "builder-parts.js no longer finds its parts with one(\"[data-rw-...]\")"
    html = read((built / SYSTEM / "builder" / "index.html").read_text(encoding="utf-8"))
    roots = [a for tag, a in html.attributes if a.get("data-rw-builder") == SYSTEM]
    assert len(roots) == 1
    present = {name for _, attributes in html.attributes for name in attributes}
    assert wanted - present == set()


def test_the_browser_gets_the_game_and_no_other(built: Path) -> None:
    (wheel,) = (built / "assets" / "engine").rglob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "pips/calls/odds.py" in names
    assert {name.split("/")[0] for name in names if name.endswith(".py")} == {"rollwright", "pips", "rollwright_site.py"}


def test_it_implements_the_builder_contract(project: Path) -> None:
    script = ("import json; from pathlib import Path; from rollwright.mkdocs.project import use_site; "
              "use_site(Path('mkdocs.yml')); from rollwright.kit.characters import contract_problems; "
              f"from rollwright.kit.system import all_systems; print(json.dumps(contract_problems(all_systems()[{SYSTEM!r}])))")
    done = checked(run([CHECKOUT.python, "-c", script], project, command_env(CHECKOUT.bin)))
    assert json.loads(done.stdout) == []


def test_the_guides_commands_run_in_the_project(project: Path) -> None:
    answer = CHECKOUT.call(project, "pips.odds", {"dice": 3, "need": 2})
    assert (answer["p"], answer["percent"]) == ("7/27", "25.9%")
    hero = project / "hero.json"
    hero.write_text(json.dumps(CHECKOUT.call(project, "pips.character.new", {})["character"] | {"name": "Ada"}),
                    encoding="utf-8")
    done = checked(CHECKOUT.rollwright("character", "validate", hero, cwd=project))
    assert "valid (0 errors" in done.stdout
    sheet = checked(CHECKOUT.rollwright("character", "sheet", hero, "--format", "markdown", cwd=project)).stdout
    assert sheet.startswith("# Ada\n")


def test_its_worked_examples_give_the_drafts_answers(project: Path) -> None:
    examples = tomllib.loads((project / SYSTEM / "worked_examples.toml").read_text(encoding="utf-8"))["example"]
    for example in examples:
        answer = CHECKOUT.call(project, example["call"], example["params"])
        assert {key: answer[key] for key in example["expect"]} == example["expect"], example["name"]


def test_its_docstring_examples_pass_and_it_is_strictly_typed(project: Path) -> None:
    env = command_env(CHECKOUT.bin)
    done = checked(run([CHECKOUT.python, "-m", "pytest", "-v", "-p", "no:cacheprovider", SYSTEM], project, env))
    assert "pips.rules.hits PASSED" in done.stdout
    checked(run([CHECKOUT.python, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", project / ".mypy",
                 SYSTEM], project, env))


def test_rollwright_check_passes_on_the_template(project: Path) -> None:
    checked(CHECKOUT.rollwright("check", cwd=project, node=False))


def test_a_game_published_as_its_own_package_is_found_by_its_entry_point(tmp_path: Path) -> None:
    """The guide's pyproject.toml, around the template's game, installed apart; a site without the folder names it."""
    block = re.search(r'```toml title="pyproject.toml \(a game as its own package\)"\n(.*?)```', _guide(), re.S)
    assert block, "the guide no longer shows a game's pyproject.toml"
    source = tmp_path / "pips-rpg"
    shutil.copytree(TEMPLATE / SYSTEM, source / SYSTEM, ignore=shutil.ignore_patterns("__pycache__"))
    (source / "pyproject.toml").write_text(block[1], encoding="utf-8")
    target = tmp_path / "installed"
    env = command_env(CHECKOUT.bin)
    checked(run([CHECKOUT.python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
                 "--target", target, source], tmp_path, env))
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "docs" / "index.md").write_text("# Home\n\n{{ pips_chance(3, 2) }}\n", encoding="utf-8")
    (site / "mkdocs.yml").write_text("site_name: Shared\ntheme: {name: material}\nplugins:\n  - rollwright:\n"
                                     "      systems: [pips]\n", encoding="utf-8")
    env = {**env, "PYTHONPATH": str(target)}
    assert json.loads(checked(run([CHECKOUT.bin / "rollwright", "call", "pips.odds", '{"dice": 3, "need": 2}'],
                                  site, env)).stdout)["p"] == "7/27"
    checked(run([CHECKOUT.bin / "rollwright", "build", "-d", site / "out"], site, {**env, "PATH": str(CHECKOUT.bin)}))
    assert "25.9%" in (site / "out" / "index.html").read_text(encoding="utf-8")
    (wheel,) = (site / "out" / "assets" / "engine").rglob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "pips/calls/odds.py" in archive.namelist()


def _text(html: str) -> str:
    """A page's text, tags dropped and entities read, as a reader would copy it."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_the_guide_shows_the_template_files_themselves(site: Path) -> None:
    for page in PAGES:
        included = SNIPPET.findall(_guide(page))
        shown = _text((site / "designers" / page / "index.html").read_text(encoding="utf-8"))
        assert "--8<--" not in shown
        for name in included:
            for line in _shown_file(name).read_text(encoding="utf-8").splitlines():
                assert line.strip() in shown, f"{page}: {name}: {line!r} is not shown"


def test_the_guides_links_to_sections_lead_somewhere(site: Path) -> None:
    for page in PAGES:
        html = (site / "designers" / page / "index.html").read_text(encoding="utf-8")
        for target, anchor in re.findall(r'href="([^"#:]*)#([^"]+)"', html):
            path = (site / "designers" / page / target).resolve() / "index.html"
            assert f'id="{anchor}"' in path.read_text(encoding="utf-8"), f"{page}: {target}#{anchor}"
