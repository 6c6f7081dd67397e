"""MkDocs hook: search that reads tables as text and finds the common British spellings.

- Table cells are separated in the search index: the theme's indexer joins the text of
  adjacent cells, so a snippet read "ArmorProtectionReduction..." and a word in one cell
  glued to the next could not be found. A space after every cell, caption and row fixes
  both (whitespace between cells changes nothing on the page).
- A page that uses an American spelling (or a word with a common synonym) also gets the
  other forms in its search text, so "armour" finds the armor tables. The list is small
  and about the words these pages use; add to it as pages need.

>>> spaced_cells("<tr><th>Armor</th><th>Protection</th></tr>")
'<tr><th>Armor</th> <th>Protection</th> </tr> '
>>> also_known_as("Leather armor, dark gray")
' armour grey'
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

VARIANTS: dict[str, tuple[str, ...]] = {
    "armor": ("armour",), "armored": ("armoured",), "color": ("colour",), "defense": ("defence",),
    "offense": ("offence",), "favor": ("favour",), "honor": ("honour",), "behavior": ("behaviour",),
    "center": ("centre",), "meter": ("metre",), "gray": ("grey",),
    "practice": ("practise",), "stabilized": ("stabilised",), "maneuver": ("manoeuvre",),
    "odds": ("chance", "probability"), "hit points": ("health",), "initiative": ("turn order",),
}
"""A word the pages use -> the other spellings and synonyms a reader may search for."""

_CELL_END = re.compile(r"(</t[hd]>|</caption>|</tr>)")


def spaced_cells(html: str) -> str:
    """A space after every table cell, caption and row."""
    return _CELL_END.sub(r"\1 ", html)


def also_known_as(text: str) -> str:
    """The other forms of the words ``text`` uses, as extra search text (empty when none)."""
    lower = text.lower()
    extra = [form for word, forms in VARIANTS.items() if re.search(rf"\b{re.escape(word)}\b", lower)
             for form in forms if form not in lower]
    return "".join(f" {form}" for form in extra)


def on_page_content(html: str, **_: Any) -> str:
    return spaced_cells(html)


def on_post_build(config: Any, **_: Any) -> None:
    """Add each indexed section's other spellings to its search text."""
    index_file = Path(config["site_dir"]) / "search" / "search_index.json"
    if not index_file.is_file():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    for doc in index.get("docs", []):
        doc["text"] = doc.get("text", "") + also_known_as(f"{doc.get('title', '')} {doc.get('text', '')}")
    index_file.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
