"""Search that reads tables as text, finds the common British spellings, ignores
accents, and says which game each result belongs to.

- Table cells are separated in the search index: the theme's indexer joins the text of
  adjacent cells, so a snippet read "ArmorProtectionReduction..." and a word in one cell
  glued to the next could not be found. A space after every cell, caption and row fixes
  both (whitespace between cells changes nothing on the page).
- A page that uses an American spelling (or a word with a common synonym) also gets the
  other forms in its search text, so "armour" finds the armor tables. The list is small
  and about the words these pages use; add to it as pages need.
- Every page of a game carries that game's title as a tag (Material shows a result's tags
  under it, and a search for the game's name finds all its pages), found from the systems'
  declarations (:func:`games`), never a list here. The search box's buttons narrow a search
  to one game with a required tag clause (``+tags:Pips``), which the theme's search
  understands as it is.
- Accents are the search worker's business (``runtime/search-after-python.js``): a word typed
  without its accent also looks for the accented words the index holds, so ``cafe`` finds
  every page that writes ``café``, and ``café`` still does; nothing is added to the pages' text for it.

>>> spaced_cells("<tr><th>Armor</th><th>Protection</th></tr>")
'<tr><th>Armor</th> <th>Protection</th> </tr> '
>>> also_known_as("Leather armor, dark gray")
' armour grey'
>>> narrowing("Dice & Dragons"), narrowing("Café")
('+tags:Dice +tags:Dragons', '+tags:Café')
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

from rollwright.kit.system import all_systems

VARIANTS: dict[str, tuple[str, ...]] = {
    "armor": ("armour",), "armored": ("armoured",), "color": ("colour",), "defense": ("defence",),
    "offense": ("offence",), "favor": ("favour",), "honor": ("honour",), "behavior": ("behaviour",),
    "center": ("centre",), "meter": ("metre",), "gray": ("grey",),
    "practice": ("practise",), "stabilized": ("stabilised",), "maneuver": ("manoeuvre",),
    "odds": ("chance", "probability"), "hit points": ("health",), "initiative": ("turn order",),
}
"""A word the pages use -> the other spellings and synonyms a reader may search for."""

_CELL_END = re.compile(r"(</t[hd]>|</caption>|</tr>|</figcaption>|</summary>|</d[td]>)")


def spaced_cells(html: str) -> str:
    """A space after every table cell, caption and row."""
    return _CELL_END.sub(r"\1 ", html)


def also_known_as(text: str) -> str:
    """The other forms of the words ``text`` uses, as extra search text (empty when none)."""
    lower = text.lower()
    extra = [form for word, forms in VARIANTS.items() if re.search(rf"\b{re.escape(word)}\b", lower)
             for form in forms if form not in lower]
    return "".join(f" {form}" for form in extra)


def narrowing(title: str) -> str:
    """The query clause that keeps only a game's pages: every word of its title, required as a tag."""
    return " ".join(f"+tags:{word}" for word in re.findall(r"\w+", title))


def games() -> list[dict[str, str]]:
    """Each game: its title, its docs folder and the clause that narrows a search to it (the plugin puts
    them in ``extra.rw_search_games`` for the search box's buttons, site-overrides/partials/search.html)."""
    return [{"title": s.title, "docs": s.docs.strip("/") + "/", "clause": narrowing(s.title)}
            for s in all_systems().values()]


def finish_index(site_dir: Path) -> None:
    """Add each indexed section's other spellings to its search text, and its game as its tag (after the
    search plugin wrote the index)."""
    index_file = site_dir / "search" / "search_index.json"
    if not index_file.is_file():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    folders = games()
    for doc in index.get("docs", []):
        both = f"{doc.get('title', '')} {doc.get('text', '')}"
        doc["text"] = doc.get("text", "") + also_known_as(both)
        game = next((g for g in folders if doc.get("location", "").startswith(g["docs"])), None)
        if game is not None:
            # shown under the result (the theme writes a tag as markup: escaped, it is text); finds the game's
            # pages; narrows to it
            doc["tags"] = [escape(game["title"], quote=False)]
    index_file.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_WHOLE: dict[str, dict[str, Any]] = {}
"""The last whole search index of each site folder this process finished (``rollwright serve``)."""


def keep_index_whole(site_dir: Path, partial: bool) -> None:
    """After a build that rendered only the pages edited (``rollwright serve``), the search index holds just those:
    put back the other pages' entries from the last whole index, so search still finds every page."""
    index_file = site_dir / "search" / "search_index.json"
    if not index_file.is_file():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    key = str(site_dir.resolve())
    if partial and key in _WHOLE:
        fresh = {str(doc.get("location", "")).partition("#")[0] for doc in index.get("docs", [])}
        kept = [doc for doc in _WHOLE[key].get("docs", []) if str(doc.get("location", "")).partition("#")[0] not in fresh]
        index["docs"] = kept + index.get("docs", [])
        index_file.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    _WHOLE[key] = index
