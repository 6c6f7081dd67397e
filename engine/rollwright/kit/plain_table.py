"""HTML tables from rows of engine data.

>>> table(["Rating", "Dice"], [[1, "d2"]], name="demo", caption="Demo")
'<table data-rw-table="demo"><caption>Demo</caption><thead><tr><th scope="col">Rating</th><th scope="col">Dice</th></tr></thead><tbody><tr><td data-rw-col="Rating">1</td><td data-rw-col="Dice">d2</td></tr></tbody></table>'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import re
from html import unescape

from rollwright.kit.markup import Html, el, text


def _plain(header: object) -> str:
    """A header's words without its markup (a swatch, a <code>)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", str(text(header)))).split())


def table(headers: Sequence[object], rows: Iterable[Sequence[object]], *, name: str,
          caption: str | None = None, row_keys: Sequence[str] | None = None) -> Html:
    """A table with a header row; ``name`` becomes ``data-rw-table`` so tests can find it.

    ``row_keys`` (optional) gives each body row a ``data-rw-key`` attribute.
    """
    head = el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in headers]))
    # Each cell names its column, so a phone can stack a wide table's rows (theme.css) and still say what
    # each value is.
    names = [_plain(h) for h in headers]
    body_rows = []
    for index, row in enumerate(rows):
        key = row_keys[index] if row_keys else None
        body_rows.append(el("tr", {"data-rw-key": key},
                            [el("td", {"data-rw-col": names[i] if i < len(names) else None}, cell)
                             for i, cell in enumerate(row)]))
    parts = [el("caption", None, caption) if caption else None, head, el("tbody", None, body_rows)]
    # No class on <table>: mkdocs-material styles (and wraps) only class-less tables.
    return el("table", {"data-rw-table": name}, parts)
