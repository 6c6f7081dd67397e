"""The guide's "Add a system" works: its example system, added to a scratch project as the guide says.

The example's files live in ``docs/designers/example/`` (the guide shows them from
there). One scratch copy of the project gets them by the guide's steps (``STEPS``,
which the guide must spell out), and then the engine, a strict site build, the
builder contract and the character CLI are asked about the new system, each in a
subprocess of the scratch copy. The real engine must not contain the example.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from html import unescape
from pathlib import Path

import pytest

from rollwright.kit.api import REGISTRY
from rollwright.kit.system import all_systems
from tests.support.html_reader import read

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "designers" / "example"
GUIDE = ROOT / "docs" / "designers" / "add-a-system.md"
SYSTEM = "pips"
NAV_LINES = "mkdocs-nav.yml"
STEPS: tuple[tuple[str, str], ...] = (
    ("engine/systems/pips/", "engine/systems/pips/"),
    ("docs/pips/index.md.txt", "docs/pips/index.md"),
    ("docs/pips/errata.md.txt", "docs/pips/errata.md"),
    ("docs/pips/builder.md.txt", "docs/pips/builder.md"),
    ("tests/systems/pips/worked_examples.toml", "tests/systems/pips/worked_examples.toml"),
)
"""(file or folder in the example, where the guide says it goes in the project)."""
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc")


def run(project: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the scratch project, importing its own ``engine``, never the real one."""
    env = {**os.environ, "PYTHONPATH": str(project), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, text=True,
                          timeout=timeout)


def add_nav(config: Path, lines: str) -> None:
    """Add ``lines`` at the end of the ``nav:`` block of ``config`` (what step 9 says)."""
    text = config.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(text) if line.rstrip() == "nav:")
    end = next((i for i in range(start + 1, len(text)) if text[i].strip() and not text[i].startswith(" ")),
               len(text))
    if text[end - 1] and not text[end - 1].endswith("\n"):
        text[end - 1] += "\n"
    config.write_text("".join(text[:end]) + lines + "".join(text[end:]), encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch copy of the project (like ``scratch_project``: every page a bare heading) plus the example.

    ``engine/`` and ``macros/`` are real copies: the example is added to the engine, and the
    build hook packs the engine of the project it lives in.
    """
    project = tmp_path_factory.mktemp("guide")
    for name in ("mkdocs.yml", "package.json", "pyproject.toml", "hatch_build.py"):  # the wheel's build
        shutil.copy(ROOT / name, project / name)
    for name in ("site-overrides", "node_modules"):
        (project / name).symlink_to(ROOT / name)
    for name in ("engine", "macros"):
        shutil.copytree(ROOT / name, project / name, ignore=SKIP)
    for md in (ROOT / "docs").rglob("*.md"):
        target = project / "docs" / md.relative_to(ROOT / "docs")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("# Page\n", encoding="utf-8")
    for source, target in STEPS:
        if source.endswith("/"):
            shutil.copytree(EXAMPLE / source, project / target, ignore=SKIP)
        else:
            (project / target).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(EXAMPLE / source, project / target)
    add_nav(project / "mkdocs.yml", (EXAMPLE / NAV_LINES).read_text(encoding="utf-8"))
    return project


@pytest.fixture(scope="module")
def built(project: Path) -> Path:
    """The scratch project's site, built strictly."""
    out = project / "site"
    result = run(project, "-m", "mkdocs", "build", "--strict", "-d", str(out), timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return out


def test_the_guide_spells_out_every_step_the_test_takes() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for source, target in STEPS:
        assert f"`{source}`" in guide, source
        assert f"`{target}`" in guide, target
        assert (EXAMPLE / source).exists(), source
    assert f'--8<-- "{NAV_LINES}"' in guide and "at the end of `nav:`" in guide


def test_the_real_engine_does_not_contain_the_example() -> None:
    assert SYSTEM not in all_systems()
    assert not any(name.startswith(f"{SYSTEM}.") for name in REGISTRY)
    assert not (ROOT / "engine" / "systems" / SYSTEM).exists()
    assert not (ROOT / "docs" / SYSTEM).exists()


def test_the_engine_lists_the_new_calls(project: Path) -> None:
    result = run(project, "-m", "rollwright", "calls")
    assert result.returncode == 0, result.stderr
    calls = {c["name"]: c for c in json.loads(result.stdout)}
    contract = {f"pips.character.{op}" for op in ("new", "check", "editor", "sheet", "picker")}
    assert {"pips.odds", *contract} <= set(calls)
    dice = next(p for p in calls["pips.odds"]["params"] if p["name"] == "dice")
    assert dice["fills"] == "skill"


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


def test_the_browser_gets_the_new_system_too(built: Path) -> None:
    (wheel,) = (built / "assets" / "engine").rglob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "engine/systems/pips/calls/odds.py" in archive.namelist()


def test_it_implements_the_builder_contract(project: Path) -> None:
    script = ("import json; from rollwright.kit.characters import contract_problems; "
              "from rollwright.kit.system import all_systems; "
              f"print(json.dumps(contract_problems(all_systems()[{SYSTEM!r}])))")
    result = run(project, "-c", script)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


def test_a_new_character_validates_on_the_command_line(project: Path) -> None:
    result = run(project, "-m", "rollwright", "call", "pips.character.new")
    assert result.returncode == 0, result.stderr
    hero = project / "hero.json"
    hero.write_text(json.dumps(json.loads(result.stdout)["character"]), encoding="utf-8")
    result = run(project, "-m", "rollwright", "character", "validate", str(hero))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "valid" in result.stdout


def test_its_docstring_examples_and_worked_examples_pass(project: Path) -> None:
    shutil.copy(ROOT / "tests" / "systems" / "test_worked_examples.py", project / "tests" / "systems")
    for package in ("tests", "tests/systems"):
        (project / package / "__init__.py").touch()
    result = run(project, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules",
                 "engine/systems/pips", "tests/systems/test_worked_examples.py", "-k", "pips")
    assert result.returncode == 0, result.stdout[-3000:]
    assert "[pips: Three dice against a hard task] PASSED" in result.stdout
    assert "pips.rules.hits PASSED" in result.stdout


def test_it_is_strictly_typed_like_the_engine(project: Path) -> None:
    result = run(project, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(project / ".mypy"),
                 "engine/systems/pips")
    assert result.returncode == 0, result.stdout + result.stderr


def _text(html: str) -> str:
    """A page's text, tags dropped and entities read, as a reader would copy it."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_the_guide_shows_the_example_files_themselves(site: Path) -> None:
    included = re.findall(r'--8<-- "([^"]+)"', GUIDE.read_text(encoding="utf-8"))
    assert len(included) >= 12
    shown = _text((site / "designers" / "add-a-system" / "index.html").read_text(encoding="utf-8"))
    assert "--8<--" not in shown
    for name in included:
        for line in (EXAMPLE / name).read_text(encoding="utf-8").splitlines():
            assert line.strip() in shown, f"{name}: {line!r} is not shown"


def test_the_guides_links_to_sections_lead_somewhere(site: Path) -> None:
    for page in ("writing-a-page", "how-the-build-works", "add-a-system"):
        html = (site / "designers" / page / "index.html").read_text(encoding="utf-8")
        for target, anchor in re.findall(r'href="([^"#:]*)#([^"]+)"', html):
            path = (site / "designers" / page / target).resolve() / "index.html"
            assert f'id="{anchor}"' in path.read_text(encoding="utf-8"), f"{page}: {target}#{anchor}"
