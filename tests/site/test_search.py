"""The search index reads tables as text and knows the common British spellings (issue 15)."""

from __future__ import annotations

import json
import re
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
