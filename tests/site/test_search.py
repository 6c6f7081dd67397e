"""The search index reads tables as text and knows the common British spellings and synonyms (issue 15)."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path

from rollwright.mkdocs.search_text import VARIANTS


def _docs(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_table_cells_are_separate_words(pips_site: Path) -> None:
    text = " ".join(doc["text"] for doc in _docs(pips_site))
    glued = re.findall(r"</t[hd]><t[hd]", text)
    assert glued == [], glued[:3]
    words = re.sub(r"<[^>]+>", "", text)
    assert "Dice 1 hit" in " ".join(words.split()) and "Dice1 hit" not in words  # the odds table's header


def _located(docs: list[dict], word: str) -> set[str]:
    """Sections whose title or text uses ``word``."""
    return {doc["location"] for doc in docs
            if re.search(rf"\b{re.escape(word)}\b", f"{doc['title']} {doc['text']}", re.IGNORECASE)}


def _mentioned(docs: list[dict], form: str) -> set[str]:
    """Sections whose search text holds ``form`` (perhaps inside a longer word: "chances" holds "chance")."""
    return {doc["location"] for doc in docs if form in f"{doc['title']} {doc['text']}".lower()}


def test_other_spellings_find_the_pages(pips_site: Path, site: Path) -> None:
    for built in (pips_site, site):
        docs = _docs(built)
        found = {word: _located(docs, word) for word in VARIANTS if _located(docs, word)}
        assert "odds" in found  # a rules page and the Dice page speak of odds
        for word, places in found.items():
            for other in VARIANTS[word]:
                assert places <= _mentioned(docs, other), (built, word, other)


def test_every_page_of_a_game_carries_the_games_name(site: Path) -> None:
    from rollwright.kit.system import all_systems

    docs = _docs(site)
    for system in all_systems().values():
        mine = [d for d in docs if d["location"].startswith(f"{system.docs}/")]
        # the theme writes a tag as markup, so it is the title escaped ("Roll &amp; Keep")
        assert mine and all(d.get("tags") == [escape(system.title, quote=False)] for d in mine), system.id
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


def test_snippets_read_the_answer_not_the_widgets_chrome(site: Path) -> None:
    """A widget's form labels, its status line and its charts stay out of the index (issue 40)."""
    docs = _docs(site)
    text = " ".join(doc["text"] for doc in docs)
    assert "Computed when this page was built" not in text
    compare = next(d for d in docs if d["location"] == "dice/#compare-two-rolls")["text"]
    assert "A beats B" in compare and "ABCompare" not in compare and "Margin A − B" in compare
    odds = next(d for d in docs if d["location"] == "dice/#exact-odds")["text"]
    assert "Expression 1Label 1" not in odds and "3d6: 3 →" not in odds and "Mean" in odds
    assert not re.search(r"</figcaption>\S", text)
