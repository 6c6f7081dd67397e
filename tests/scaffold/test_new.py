"""``rollwright new``: the project it writes for a one-word and a multi-word game, and what it refuses.

Nothing here builds a site (test_projects.py does): these read the files written.
"""

from __future__ import annotations

import ast
import re
import shutil
import tomllib
from pathlib import Path

import pytest
import yaml

import rollwright
from rollwright.cli import main
from rollwright.scaffold import render
from rollwright.scaffold.names import GameNameError, game_names
from rollwright.scaffold.new import ProjectError, write_project

GAMES = {"Lanternfall": ("lanternfall", "lanternfall"),
         "Ashes of the Deep": ("ashes-of-the-deep", "ashes_of_the_deep")}
TEMPLATE = Path(render.template())  # type: ignore[arg-type]  # a folder in a checkout and in a wheel alike


DATA_OVERLAY = Path(render.data_overlay())  # type: ignore[arg-type]
KINDS = {"data": [], "python": ["--python"]}
"""A game declared as data (the default: its folder holds game.toml), or written in Python."""


@pytest.fixture(scope="module", params=[(g, k) for k in KINDS for g in GAMES],
                ids=[f"{k}-{w}" for k in KINDS for w in ("one-word", "multi-word")])
def project(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str, str]:
    title, kind = request.param
    folder = tmp_path_factory.mktemp("new") / "my-srd"
    assert main(["new", str(folder), "--game", title, *KINDS[kind]]) == 0
    return folder, title, *GAMES[title]


def _files(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


def _template_files(folder: Path) -> set[str]:
    """The template's files, as a project of that kind has them (a data game's folder: the overlay's)."""
    files = {name for name in _files(TEMPLATE) if not re.search(r"(^|/)(__pycache__|\.cache|site)/", name)}
    if (folder / "mkdocs.yml").is_file() and not any(folder.glob("*/__init__.py")):
        files = {name for name in files if not name.startswith("pips/")} | _files(DATA_OVERLAY)
    return files


def test_it_writes_every_file_of_the_template_renamed(project) -> None:
    folder, title, game_id, package = project
    expected = {name.replace("docs/pips/", f"docs/{game_id}/").replace("pips/", f"{package}/")
                .replace("test_pips", f"test_{package}") for name in _template_files(folder)}
    assert _files(folder) == expected
    for name in (".gitignore", ".github/workflows/pages.yml", "README.md", "requirements.txt", "mkdocs.yml",
                 f"{package}/worked_examples.toml", f"tests/test_{package}.py", "docs/index.md"):
        assert (folder / name).is_file(), name


def test_nothing_of_the_template_game_is_left(project) -> None:
    folder, title, game_id, package = project
    for path in folder.rglob("*"):
        if path.is_file():
            assert not re.search(r"\bpips\b|pips_|_pips", path.read_text(encoding="utf-8"), re.IGNORECASE), path
    assert [path for path in folder.rglob("*") if "pips" in path.name.lower()] == []


def test_the_site_names_the_game_by_its_package_and_its_pages_by_its_id(project) -> None:
    folder, title, game_id, package = project
    config = yaml.safe_load((folder / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == title
    plugin = next(entry["rollwright"] for entry in config["plugins"] if isinstance(entry, dict))
    assert plugin == {"systems": [package]}
    assert config["nav"][1] == {title: [f"{game_id}/index.md", {"Character builder": f"{game_id}/builder.md"},
                                        {"Errata": f"{game_id}/errata.md"}]}
    for page in ("index.md", "builder.md", "errata.md"):
        assert (folder / "docs" / game_id / page).is_file()


def test_its_code_declares_the_game_and_imports_its_own_package(project) -> None:
    folder, title, game_id, package = project
    if (folder / package / "game.toml").is_file():
        declared = tomllib.loads((folder / package / "game.toml").read_text(encoding="utf-8"))
        assert (declared["game"]["id"], declared["game"]["title"]) == (game_id, title)
        assert not list((folder / package).rglob("*.py"))  # a data game has no Python at all
        examples = tomllib.loads((folder / package / "worked_examples.toml").read_text(encoding="utf-8"))
        assert [example["call"] for example in examples["example"]] == [f"{game_id}.odds"]
        return
    declaration = (folder / package / "__init__.py").read_text(encoding="utf-8")
    system = next(node.value for node in ast.parse(declaration).body
                  if isinstance(node, ast.Assign) and node.targets[0].id == "SYSTEM")  # type: ignore[attr-defined]
    keywords = {k.arg: k.value for k in system.keywords if isinstance(k.value, ast.Constant)}  # type: ignore[attr-defined]
    assert (keywords["id"].value, keywords["title"].value, keywords["docs"].value) == (game_id, title, game_id)
    for source in (folder / package).rglob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.module.startswith(("rollwright", "__")):
                assert node.module.split(".")[0] in (package, "collections", "copy", "fractions", "math", "typing"), (
                    source, node.module)
    examples = tomllib.loads((folder / package / "worked_examples.toml").read_text(encoding="utf-8"))
    assert [example["call"] for example in examples["example"]] == [f"{game_id}.odds"]
    assert f"def {package}_chance(" in (folder / package / "macros.py").read_text(encoding="utf-8")


def test_it_pins_the_running_rollwright(project) -> None:
    folder = project[0]
    assert (folder / "requirements.txt").read_text(encoding="utf-8").split() == [f"rollwright=={rollwright.__version__}"]


def test_the_template_pins_this_version_too() -> None:
    """The guide shows the template's requirements.txt: it must name the version being released."""
    assert (TEMPLATE / "requirements.txt").read_text(encoding="utf-8").split() == [
        f"rollwright=={rollwright.__version__}"]


def test_its_readme_names_the_two_commands_install_publish_and_upgrade(project) -> None:
    readme = (project[0] / "README.md").read_text(encoding="utf-8")
    for words in ("rollwright serve", "rollwright check", "pip install -r requirements.txt",
                  "rollwright build --site-url", "GitHub Actions", "requirements.txt"):
        assert words in readme, words


def test_its_gitignore_keeps_builds_and_environments_out() -> None:
    lines = (TEMPLATE / ".gitignore").read_text(encoding="utf-8").split()
    assert {".venv/", "site/", ".cache/"} <= set(lines)


def test_its_workflow_checks_builds_for_the_pages_address_and_deploys() -> None:
    workflow = yaml.safe_load((TEMPLATE / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    build, deploy = workflow["jobs"]["build"]["steps"], workflow["jobs"]["deploy"]["steps"]
    steps = [step.get("uses", "").split("@")[0] or step["run"] for step in build + deploy]
    assert steps == ["actions/checkout", "actions/setup-python", "actions/setup-node",
                     "pip install -r requirements.txt", "rollwright check", "actions/configure-pages",
                     'rollwright build --site-url "${{ steps.pages.outputs.base_url }}/"',
                     "actions/upload-pages-artifact", "actions/deploy-pages"]
    for step in build + deploy:
        if "uses" in step:
            assert re.fullmatch(r"actions/[a-z-]+@v\d+", step["uses"]), step["uses"]
    assert str(build[2]["with"]["node-version"]) == "20"
    assert build[-1]["with"]["path"] == "site"
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_it_says_what_to_do_next(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "ashes"), "--game", "Ashes of the Deep"]) == 0
    said = capsys.readouterr().out
    assert "ashes_of_the_deep/" in said and "ashes-of-the-deep.*" in said and "docs/ashes-of-the-deep/" in said
    assert "rollwright serve" in said and "rollwright check" in said and "cd " in said


def test_without_a_name_the_game_is_named_after_its_folder(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path / "lanternfall")]) == 0
    assert "site_name: Lanternfall\n" in (tmp_path / "lanternfall" / "mkdocs.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "cause"), [
    ("", "needs a name"),
    ("Bad: name", "may hold letters"),
    ('Say "hi"', "may hold letters"),
    ("{{ x }}", "may hold letters"),
    ("Кольцо", "no Latin letters"),
    ("7th Sea", "must start with a letter"),
    ("Class", "a word Python reserves"),
    ("Random", "standard library has a module named 'random'"),
    ("Mkdocs", "every Rollwright build imports 'mkdocs'"),
    ("Rollwright", "every Rollwright build imports 'rollwright'"),
    ("Markdown", "every Rollwright build imports 'markdown'"),
    ("Pytest", "this Python already has a module named 'pytest'"),
    ("x" * 61, "keep it to 60"),
])
def test_a_name_that_gives_no_usable_id_or_package_is_refused(name: str, cause: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(GameNameError, match=re.escape(cause)):
        game_names(name)
    assert main(["new", str(tmp_path / "x"), "--game", name]) == 2
    assert cause in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_names_with_marks_and_accents_still_make_an_id() -> None:
    names = game_names("Dragon's Lair & Co.")
    assert (names.title, names.id, names.package) == ("Dragon's Lair & Co.", "dragons-lair-co", "dragons_lair_co")
    assert game_names("Fête Noire").id == "fete-noire"


def test_a_tricky_title_reaches_every_file_intact(tmp_path: Path) -> None:
    title = "Dragon's Lair & Co."
    write_project(tmp_path / "p", game_names(title), "0.2.0")
    assert yaml.safe_load((tmp_path / "p" / "mkdocs.yml").read_text(encoding="utf-8"))["site_name"] == title
    for source in (tmp_path / "p").rglob("*.py"):
        ast.parse(source.read_text(encoding="utf-8"))
    assert f"# {title}\n" in (tmp_path / "p" / "docs" / "index.md").read_text(encoding="utf-8")


def test_a_folder_with_anything_in_it_is_refused_and_left_as_it_was(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "srd"
    folder.mkdir()
    (folder / "notes.md").write_text("mine", encoding="utf-8")
    assert main(["new", str(folder), "--game", "Lanternfall"]) == 2
    assert "is not empty (notes.md)" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["notes.md"]
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(ProjectError, match="is a file, not a folder"):
        write_project(tmp_path / "file", game_names("Lanternfall"), "0.2.0")


def test_an_empty_folder_or_a_fresh_clone_is_used(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    write_project(tmp_path / "empty", game_names("Lanternfall"), "0.2.0")
    clone = tmp_path / "clone"
    (clone / ".git").mkdir(parents=True)
    (clone / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    write_project(clone, game_names("Lanternfall"), "0.2.0")
    assert (clone / ".git" / "HEAD").read_text(encoding="utf-8") == "ref: refs/heads/main\n"
    assert (clone / "mkdocs.yml").is_file()


def test_what_a_build_leaves_in_the_template_is_never_copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "template"
    shutil.copytree(TEMPLATE, copy, ignore=shutil.ignore_patterns("__pycache__", ".cache", "site"))
    for leftover in ("site/index.html", ".cache/rollwright/x", "pips/__pycache__/hits.cpython-311.pyc",
                     ".pytest_cache/v", ".venv/bin/python"):
        (copy / leftover).parent.mkdir(parents=True, exist_ok=True)
        (copy / leftover).write_text("", encoding="utf-8")
    monkeypatch.setattr(render, "template", lambda: copy)
    written = write_project(tmp_path / "p", game_names("Lanternfall"), "0.2.0")
    names = {str(path.relative_to(tmp_path / "p")) for path in written}
    assert not any(re.match(r"(site|\.cache|\.pytest_cache|\.venv)/|.*__pycache__", name) for name in names), names
