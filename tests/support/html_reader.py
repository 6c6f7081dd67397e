"""Read tables and widgets back out of built HTML with the standard library's parser."""

from __future__ import annotations

from html.parser import HTMLParser


class TableReader(HTMLParser):
    """Collects every ``<table data-rw-table=NAME>`` as a list of rows of cell text."""

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
        if tag == "table" and values.get("data-rw-table"):
            self._table = values["data-rw-table"]
            self.tables[self._table] = []
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
    reader = TableReader()
    reader.feed(html)
    return reader
