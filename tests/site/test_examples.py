"""Example games (``rollwright: examples: [...]``): in the registry, the wheel and the snapshot's entry module like
the site's games, but not among them (home page, search's buttons, print editions, page rules); each gallery
widget answers in CPython as the guide's page shows it; a bad entry is refused naming the file, line and key.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rollwright.kit.api import call
from rollwright.kit.discovery import example_packages, system_packages
from rollwright.kit.registry import REGISTRY
from rollwright.kit.system import all_examples, all_systems, system_of
from rollwright.kit.widget import all_widgets
from rollwright.mkdocs.bundle import source_files
from rollwright.mkdocs.project import site_games
from rollwright.site.errors import SiteBuildError
from rollwright.site.setup import load_games

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "docs" / "designers" / "gallery"
GAMES = sorted(path.parent.name for path in GALLERY.glob("*/game.toml"))


def test_the_gallery_games_are_examples_in_the_registry_not_the_sites_games() -> None:
    assert len(GAMES) == 13 and example_packages() == tuple(GAMES)
    assert not set(GAMES) & set(system_packages())
    assert sorted(all_examples()) == GAMES and not set(GAMES) & set(all_systems())
    assert "strike.attack" in REGISTRY and "strike-attack" in all_widgets()
    assert system_of("strike-attack") is all_examples()["strike"]


def test_the_wheel_holds_the_examples_and_names_them_apart() -> None:
    files = dict(source_files(site_games(ROOT / "mkdocs.yml")))
    assert all(f"{name}/game.toml" in files for name in GAMES)
    entry = ast.parse(files["rollwright_site.py"])
    values = {node.targets[0].id: ast.literal_eval(node.value) for node in entry.body  # type: ignore[attr-defined]
              if isinstance(node, ast.Assign)}
    assert values["EXAMPLES"] == tuple(GAMES) and values["SYSTEMS"] == system_packages()
    assert values["PACKAGES"] == ("rollwright", *system_packages(), *GAMES)


def test_the_built_site_shows_the_examples_on_the_gallery_and_nowhere_a_game_is_listed(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    gallery = (site / "designers" / "gallery" / "index.html").read_text(encoding="utf-8")
    assert "Strike" not in home and "strike/index" not in home
    assert not any((site / name).is_dir() for name in GAMES)  # no pages, no print edition
    shown = sorted(set(re.findall(r'data-rw-widget="([a-z-]+)" data-rw-system="([a-z-]+)"', gallery)))
    assert [system for _, system in shown] == GAMES
    games_buttons = re.findall(r'data-rw-search-game[^>]*>([^<]*)<', home)
    assert not {"Strike", "Percentile"} & set(games_buttons)


_WIDGET = re.compile(r'\{\{ widget\("([a-z-]+)", (.*?)\) \}\}')


def test_each_gallery_widget_answers_in_cpython_as_its_table_row_says() -> None:
    """The widget calls the gallery page makes, each rendered by the engine: every chance its table row quotes
    is the widget's own for that outcome."""
    page = (ROOT / "docs" / "designers" / "gallery.md").read_text(encoding="utf-8")
    calls = _WIDGET.findall(page)
    assert sorted(name.split("-")[0] for name, _ in calls) == GAMES
    for name, args in calls:
        params = {key: int(value) for key, _, value in (pair.partition("=") for pair in args.split(", "))}
        html = call("widget.render", {"widget": name, "params": params})["html"]
        row = next(line for line in page.splitlines() if f"`{name.split('-')[0]}/game.toml`" in line)
        quoted = [item.strip().rpartition(" ") for item in row.strip("|").split("|")[3].split(", ")]
        outcomes = dict(re.findall(r'<li data-rw-outcome="([a-z-]+)">(.*?)</li>', html))
        assert list(outcomes) == [key for key, _, _ in quoted], name
        for key, _, chance in quoted:
            assert (f"exactly {chance})" if "/" in chance else f">{chance}<") in outcomes[key], (name, key, chance)


def test_a_bad_examples_entry_names_the_file_line_and_key(tmp_path: Path) -> None:
    (tmp_path / "docs" / "notes").mkdir(parents=True)
    (tmp_path / "mkdocs.yml").write_text("site_name: T\ntheme: material\nplugins:\n  - search\n  - rollwright:\n"
                                         "      examples: [docs/notes]\n", encoding="utf-8")
    with pytest.raises(SiteBuildError) as refused:
        load_games(tmp_path / "mkdocs.yml")
    assert str(refused.value) == ("mkdocs.yml, line 6: examples: 'docs/notes' holds no game: give each example a "
                                  "folder of its own with its game.toml (docs/notes/<name>/game.toml), or a Python package")
