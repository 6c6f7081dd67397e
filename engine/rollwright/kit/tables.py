"""Registered reference tables: every rules table a page shows, built from engine data.

A table builder returns :class:`TableData` (headers, cells, caption); pages show
it with the ``table(name, ...)`` macro, and the site tests rebuild every table
found in the HTML from the same builder and compare cell by cell. A cell whose
rule-derived value differs from the draft's printed value carries ``printed``
and is marked as an erratum. Builders live in each system's ``tables/`` folder.

>>> @register_table("demo-squares", "Squares.")
... def _squares(up_to: int = 3) -> TableData:
...     return make_table("demo-squares", "Squares", ["n", "n²"], [[n, Cell(str(n * n), printed="5" if n == 2 else None)]
...                                                               for n in range(1, up_to + 1)])
>>> build_table("demo-squares", up_to=2).text_rows()
[['n', 'n²'], ['1', '1'], ['2', '4 (printed: 5)']]
>>> 'class="rw-errata" data-rw-printed="5"' in render_table(build_table("demo-squares"))
True
>>> _ = _BUILDERS.pop("demo-squares")
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.discovery import load
from rollwright.kit.markup import AttrValue, Html, el
from rollwright.kit.suggest import unknown


@dataclass(frozen=True)
class Cell:
    """One table cell: the value the engine computed, and the seed's printed value if it differs.

    ``html`` optionally shows the value with markup; its text must read the same as ``value``.
    """

    value: str
    printed: str | None = None
    html: Html | None = None

    def text(self) -> str:
        """The cell as a reader sees it (and as the site tests read it back)."""
        return self.value + (f" (printed: {self.printed})" if self.printed is not None else "")


@dataclass(frozen=True)
class TableData:
    """A whole table: name (``data-rw-table``), caption, header row, body rows and row keys."""

    name: str
    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    row_keys: tuple[str, ...] | None = None

    def text_rows(self) -> list[list[str]]:
        """Header and body rows as text, exactly as the rendered table reads."""
        return [list(self.headers)] + [[c.text() for c in row] for row in self.rows]

    def errata_cells(self) -> list[tuple[int, int, Cell]]:
        """(row, column, cell) of every cell whose printed value differs from the rule."""
        return [(r, c, cell) for r, row in enumerate(self.rows) for c, cell in enumerate(row)
                if cell.printed is not None]


def make_table(name: str, caption: str, headers: Sequence[str], rows: Iterable[Sequence[object]],
               row_keys: Sequence[str] | None = None) -> TableData:
    """Build TableData; plain values become cells (``None`` shows as an en dash)."""
    def cell(value: object) -> Cell:
        if isinstance(value, Cell):
            return value
        return Cell("–" if value is None else str(value))

    body = tuple(tuple(cell(v) for v in row) for row in rows)
    return TableData(name, caption, tuple(headers), body, tuple(row_keys) if row_keys else None)


@dataclass(frozen=True)
class TableBuilder:
    name: str
    summary: str
    build: Callable[..., TableData]


_BUILDERS: dict[str, TableBuilder] = {}


def register_table(name: str, summary: str) -> Callable[[Callable[..., TableData]], Callable[..., TableData]]:
    """Decorator: register a function returning :class:`TableData` under ``name``."""
    def decorate(fn: Callable[..., TableData]) -> Callable[..., TableData]:
        if name in _BUILDERS:
            raise ValueError(f"table {name!r} is registered twice")
        _BUILDERS[name] = TableBuilder(name, summary, fn)
        return fn
    return decorate


def all_tables() -> dict[str, TableBuilder]:
    """Every registered table, after importing every ``tables/*.py`` module of the kit and the systems."""
    load("tables")
    return _BUILDERS


def build_table(name: str, **params: Any) -> TableData:
    """Build the table ``name``; an unknown name or bad parameter is a ParameterError."""
    builders = all_tables()
    if name not in builders:
        raise ParameterError(unknown("table", name, builders), field="name")
    try:
        data = builders[name].build(**params)
    except TypeError as exc:
        raise ParameterError(f"table {name!r}: {exc}") from None
    if data.name != name:
        raise ValueError(f"table builder {name!r} returned a table named {data.name!r}")
    return data


def _td(cell: Cell) -> Html:
    shown = cell.html if cell.html is not None else cell.value
    if cell.printed is None:
        return el("td", None, shown)
    note = f"Erratum: the draft prints {cell.printed}; its own rule gives {cell.value}."
    return el("td", {"class": "rw-errata", "data-rw-printed": cell.printed, "title": note},
              shown, el("span", {"class": "rw-errata__mark"}, f" (printed: {cell.printed})"))


def render_table(data: TableData, params: dict[str, Any] | None = None) -> Html:
    """The table as HTML; ``params`` are recorded so tests can rebuild it."""
    head = el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in data.headers]))
    rows = [el("tr", {"data-rw-key": data.row_keys[i] if data.row_keys else None}, [_td(c) for c in row])
            for i, row in enumerate(data.rows)]
    attributes: dict[str, AttrValue] = {"data-rw-table": data.name, "data-rw-registered": True,
                  "data-rw-params": json.dumps(params or {}, sort_keys=True, separators=(",", ":"))}
    return el("table", attributes, el("caption", None, data.caption), head, el("tbody", None, rows))
