"""The search index reads tables as text and knows the common British spellings and synonyms (issue 15)."""

from __future__ import annotations

import json
import re
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
