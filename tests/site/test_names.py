"""One name per thing (issue 28): a page is called the same in its system's declaration, in the
site's navigation, in its own heading, on the home page's table of games and in the lists of
pages on each game's overview. Read from the sources; no build needed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from rollwright.kit.builder_page import BUILDER_TITLE
from rollwright.kit.system import System, all_systems

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LINK = re.compile(r"\[([^\]]+)\]\(([^)#\s]+\.md)(?:#[^)]*)?\)")


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its !ENV and !relative tags read as plain values."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


def nav_titles() -> dict[str, str]:
    """Every page in mkdocs.yml's nav with the title the nav gives it ("" for an untitled entry)."""
    config: dict[str, Any] = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    found: dict[str, str] = {}

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, str):
                found[item] = ""
                continue
            for title, value in item.items():
                if isinstance(value, list):
                    walk(value)
                else:
                    found[value] = title

    walk(config["nav"])
    return found


def heading(path: str) -> str:
    match = re.search(r"^# (.+)$", (DOCS / path).read_text(encoding="utf-8"), re.M)
    assert match, f"{path} has no level-one heading"
    return match.group(1).strip()


def _titles(system: System) -> dict[str, str]:
    return {page.path: page.title for page in system.pages}


def test_nav_and_headings_use_the_declared_titles() -> None:
    nav = nav_titles()
    wrong = []
    for system in all_systems().values():
        overview = system.pages[0].path
        for page in system.pages:
            if page.path == overview:
                continue  # the section's own page: the nav shows the game's name
            if nav.get(page.path) != page.title:
                wrong.append(f"nav calls {page.path} {nav.get(page.path)!r}, {system.id} declares {page.title!r}")
            if heading(page.path) != page.title:
                wrong.append(f"{page.path} is headed {heading(page.path)!r}, {system.id} declares {page.title!r}")
    assert wrong == []


def _home_rows() -> dict[str, str]:
    """The home page's table of games: each game's row by the page its first cell links to."""
    rows = {}
    for line in (DOCS / "index.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        link = LINK.search(cells[0]) if line.startswith("|") else None
        if link:
            rows[link.group(2)] = line
    return rows


def test_the_home_table_names_each_games_pages_as_the_game_does() -> None:
    rows = _home_rows()
    wrong = []
    for system in all_systems().values():
        row = rows.get(system.pages[0].path)
        assert row is not None, f"the home page's table has no row for {system.title}"
        titles = _titles(system)
        for text, target in LINK.findall(row):
            if target in titles and target != system.pages[0].path and text.casefold() != titles[target].casefold():
                wrong.append(f"home table links {target} as {text!r}, {system.id} calls it {titles[target]!r}")
        builder = next((p for p in system.pages if p.path.endswith("/builder.md")), None)
        if system.character_schema and builder is not None and builder.path not in [t for _, t in LINK.findall(row)]:
            wrong.append(f"home table row of {system.title} does not link its {builder.title}")
    assert wrong == []


def test_every_game_calls_its_builder_page_the_same() -> None:
    builders = []
    for system in all_systems().values():
        for page in system.pages:
            if "{{ character_builder(" in (DOCS / page.path).read_text(encoding="utf-8"):
                builders.append((system.id, page.title))
    assert builders and all(title == BUILDER_TITLE for _, title in builders), builders


def test_overview_lists_name_each_page_as_declared() -> None:
    wrong = []
    for system in all_systems().values():
        folder = system.docs
        titles = _titles(system)
        text = (DOCS / system.pages[0].path).read_text(encoding="utf-8")
        for item in re.findall(r"^- (\[[^\]]+\]\([^)]+\))", text, re.M):
            label, target = LINK.match(item).groups()
            path = f"{folder}/{target}"
            if path in titles and label != titles[path]:
                wrong.append(f"{system.pages[0].path} lists {path} as {label!r}, {system.id} calls it {titles[path]!r}")
    assert wrong == []
