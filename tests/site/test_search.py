"""The search index reads tables as text and knows the common British spellings (issue 15)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path


def _docs(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_table_cells_are_separate_words(site: Path) -> None:
    text = " ".join(doc["text"] for doc in _docs(site))
    glued = re.findall(r"</t[hd]><t[hd]", text)
    assert glued == [], glued[:3]
    assert "ArmorProtection" not in re.sub(r"<[^>]+>", "", text)


def test_british_spellings_find_the_american_pages(site: Path) -> None:
    docs = _docs(site)
    armor = [doc["location"] for doc in docs if re.search(r"\barmor\b", doc["text"], re.IGNORECASE)]
    armour = [doc["location"] for doc in docs if re.search(r"\barmour\b", doc["text"], re.IGNORECASE)]
    assert armor and set(armor) <= set(armour)


def test_every_page_of_a_game_carries_the_games_name(site: Path) -> None:
    from rollwright.kit.system import all_systems

    docs = _docs(site)
    for system in all_systems().values():
        mine = [d for d in docs if d["location"].startswith(f"{system.docs}/")]
        assert mine and all(d.get("tags") == [system.title] for d in mine), system.id
    others = [d for d in docs if not any(d["location"].startswith(f"{s.docs}/") for s in all_systems().values())]
    assert others and all("tags" not in d for d in others)


def test_the_search_box_offers_to_narrow_to_each_game(site: Path) -> None:
    from rollwright.kit.system import all_systems
    from rollwright.mkdocs.search_text import narrowing

    html = (site / "dice" / "index.html").read_text(encoding="utf-8")
    buttons = re.findall(r'<button type="button" class="rw-search-games__button" data-rw-search-game="([^"]*)" '
                         r'aria-pressed="(true|false)">([^<]+)</button>', html)
    expected = [("", "true", "All pages")] + [(narrowing(s.title), "false", s.title) for s in all_systems().values()]
    assert [(clause, pressed, unescape(title)) for clause, pressed, title in buttons] == expected
