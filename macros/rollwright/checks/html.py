"""Read a built page back: its registered tables as rows of text, and every tag's attributes.

Standard library only (``html.parser``), so the checks read pages as the tests always have.

>>> page = read('<table data-rw-table="t"><tr><th>n</th></tr><tr><td> 1 <b>2</b></td></tr></table>')
>>> page.tables["t"], page.attributes[0]
([['n'], ['1 2']], ('table', {'data-rw-table': 't'}))
"""

from __future__ import annotations

from html.parser import HTMLParser


class TableReader(HTMLParser):
    """Collects every ``<table data-rw-table=NAME>`` as a list of rows of cell text, and every tag's attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.attributes: list[tuple[str, dict[str, str | None]]] = []
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.attributes.append((tag, values))
        name = values.get("data-rw-table") if tag == "table" else None
        if name:
            self._table = name
            self.tables[name] = []
        elif self._table and tag == "tr":
            self._row = []
        elif self._row is not None and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def read(html: str) -> TableReader:
    """The tables and attributes of an HTML text."""
    reader = TableReader()
    reader.feed(html)
    return reader


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
LIVE = ("data-rw-widget", "data-rw-builder", "data-rw-chip", "data-rw-things", "data-rw-quickref")
"""Marks of what the engine builds whole (a things list is its kind's entries, from the registry; a quick
reference's odds and ladder, from the game's declared quick reference)."""


class LooseTables(HTMLParser):
    """The tables of a page's article that are neither registered, nor typed by hand, nor inside a widget, chip,
    builder or things list.

    >>> reader = LooseTables()
    >>> reader.feed('<table data-rw-registered data-rw-table="a"></table><section data-rw-widget="w">'
    ...             '<table></table></section><table data-rw-table="b"></table><table></table>'
    ...             '<table class="rw-wrapped" data-rw-typed></table>')
    >>> reader.loose
    ['b', '(unnamed)']
    """

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0            # open elements inside a widget, chip or builder
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        live = any(k in values for k in LIVE)
        if self.depth or live:
            if tag not in VOID:
                self.depth += 1
            return
        if tag == "table" and "data-rw-registered" not in values and "data-rw-typed" not in values:
            self.loose.append(values.get("data-rw-table") or "(unnamed)")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1


def article(html: str) -> str:
    """The page's ``<article>`` (its content, without the theme's navigation), or '' if it has none."""
    start = html.find("<article")
    end = html.find("</article>", start)
    return html[start:end] if start >= 0 and end >= 0 else ""
