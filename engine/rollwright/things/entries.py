"""Reading a kind's entries, from TOML tables or from a CSV file (a spreadsheet's export), into checked values.

One function turns a cell into a field's value (:func:`cell_value`), so TOML and CSV entries are
checked alike; every error names the file, the line (the CSV row's own line) and the key
``kinds.<kind>.entries.<id>.<field>``.

>>> from rollwright.things.model import FieldSpec, Kind
>>> kind = Kind("swords", "Swords", "sword", fields=(FieldSpec("damage", "Damage", "number", low=0, high=9),
...                                                  FieldSpec("reach", "Reach", "choice", choices=("S", "L"))))
>>> [e.as_dict() for e in read_csv_text(kind, "id,name,damage,reach\\nsabre,Sabre,3,S\\n", "demo/swords.csv")]
[{'id': 'sabre', 'name': 'Sabre', 'damage': 3, 'reach': 'S'}]
>>> read_csv_text(kind, "id,name,damage,reach\\nsabre,Sabre,3,S\\npike,Pike,12,L\\n", "demo/swords.csv")
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: demo/swords.csv, line 3, kinds.swords.entries.pike.damage: 12 is more than the most, 9
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rollwright.data.formula import suggest
from rollwright.errors import DeclarationError, RollwrightError
from rollwright.things.declare import ID
from rollwright.things.model import Entry, FieldSpec, Kind, Value

if TYPE_CHECKING:
    from rollwright.data.loader import Reader

MAX_ENTRIES = 5_000
"""Most entries of one kind."""
MAX_CSV_BYTES = 2_000_000
"""Largest CSV file of entries read, in bytes."""
MAX_CELL = 4_000
"""Longest text in one cell (a field's value), in characters."""
MAX_LIST = 50
"""Most items of one list field."""
EMPTY = ("", "-", "—", "–")
"""What an empty cell may show in a CSV (a printed dash): allowed only in an ``optional`` field."""
LIST_SEPARATOR = ";"
_NUMBER = re.compile(r"^[+\-−]?\d+$")


def _fail(file: str, line: int | None, key: str, message: str) -> DeclarationError:
    return DeclarationError(message, file=file, line=line, key=key)


def cell_value(spec: FieldSpec, raw: Any, *, file: str, line: int | None, key: str) -> Value:
    """A field's value from a TOML value or a CSV cell's text, checked against the field's declaration."""
    if isinstance(raw, str):
        raw = raw.strip()
        if len(raw) > MAX_CELL:
            raise _fail(file, line, key, f"the text is {len(raw):,} characters long; the most is {MAX_CELL:,}")
    if raw is None or (isinstance(raw, str) and raw in EMPTY) or raw == []:
        if not spec.optional:
            raise _fail(file, line, key, f"the field {spec.key!r} is empty; fill it in, or declare the field "
                                         f"with optional = true")
        return () if spec.type == "list" else None
    if spec.type == "number":
        return _number(spec, raw, file, line, key)
    if spec.type == "list":
        items = raw if isinstance(raw, list) else [part.strip() for part in str(raw).split(LIST_SEPARATOR)]
        if len(items) > MAX_LIST:
            raise _fail(file, line, key, f"{len(items)} items; the most a list holds is {MAX_LIST}")
        if not all(isinstance(item, str) and item for item in items):
            raise _fail(file, line, key, f"a list is texts, separated by '{LIST_SEPARATOR}' in a CSV cell")
        for item in items:
            if spec.choices and item not in spec.choices:
                raise _fail(file, line, key, f"{item!r} is not one of the choices{suggest(item, spec.choices)}")
        return tuple(items)
    if not isinstance(raw, str):
        raise _fail(file, line, key, f"expected text in quotes, got {_kind(raw)}")
    if spec.type == "choice" and raw not in spec.choices:
        raise _fail(file, line, key, f"{raw!r} is not one of the choices ({', '.join(spec.choices)})"
                                     f"{_close(raw, spec.choices)}")
    if spec.type == "dice":
        from rollwright.dice.notation import parse

        try:
            parse(raw)
        except RollwrightError as error:
            raise _fail(file, line, key, f"not dice notation: {error}") from None
    return raw


def _number(spec: FieldSpec, raw: Any, file: str, line: int | None, key: str) -> int:
    if isinstance(raw, str) and _NUMBER.match(raw):
        raw = int(raw.replace("−", "-"))
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise _fail(file, line, key, f"expected a whole number, got {_kind(raw)}")
    if spec.low is not None and raw < spec.low:
        raise _fail(file, line, key, f"{raw} is less than the least, {spec.low}")
    if spec.high is not None and raw > spec.high:
        raise _fail(file, line, key, f"{raw} is more than the most, {spec.high}")
    if abs(raw) > 10**9:
        raise _fail(file, line, key, f"{raw:,} is too large: the most a number field takes is 1,000,000,000")
    return raw


def _kind(value: Any) -> str:
    from rollwright.kit.fields import kind_of

    return kind_of(value)


def _close(name: str, known: tuple[str, ...]) -> str:
    hint = suggest(name, known)
    return hint if "did you mean" in hint else ""


def _entry_id(entry_id: Any, seen: set[str], file: str, line: int | None, key: str) -> str:
    if not isinstance(entry_id, str) or not ID.match(entry_id):
        raise _fail(file, line, key, f"an entry's id is lower-case words joined by '-', such as 'bastard-sword' "
                                     f"(got {entry_id!r})")
    if entry_id in seen:
        raise _fail(file, line, key, f"the id {entry_id!r} is used twice in this kind; ids must be unique")
    seen.add(entry_id)
    return entry_id


def read_toml_entries(reader: Reader, kind: Kind, section: Any, key: str) -> tuple[Entry, ...]:
    """``[kinds.<kind>.entries.<id>]`` tables: ``name``, then a value for each field."""
    if not isinstance(section, Mapping):
        raise reader.fail(key, f"expected tables such as [{key}.my-entry]")
    if len(section) > MAX_ENTRIES:
        raise reader.fail(key, f"{len(section):,} entries; the most a kind holds is {MAX_ENTRIES:,}")
    known = ("name",) + tuple(f.key for f in kind.fields if not f.computed)
    entries: list[Entry] = []
    seen: set[str] = set()
    for entry_id, value in section.items():
        where = f"{key}.{entry_id}"
        _entry_id(entry_id, seen, reader.file, _line(reader, where), where)
        table = reader.table(value, where, known, required=("name",))
        values = tuple((spec.key, cell_value(spec, table.get(spec.key), file=reader.file,
                                             line=_line(reader, f"{where}.{spec.key}"), key=f"{where}.{spec.key}"))
                       for spec in kind.fields if not spec.computed)
        entries.append(Entry(entry_id, table.text("name"), values, reader.file, _line(reader, where)))
    return tuple(entries)


def _line(reader: Reader, key: str) -> int | None:
    from rollwright.data.toml_lines import locate

    return locate(reader.text, key) if reader.text else None


def read_csv_text(kind: Kind, text: str, file: str) -> tuple[Entry, ...]:
    """A kind's entries from CSV text: a header row naming ``id``, ``name`` and the fields, then one row each."""
    if len(text.encode("utf-8")) > MAX_CSV_BYTES:
        raise _fail(file, None, "", f"the file is larger than {MAX_CSV_BYTES:,} bytes; split the kind")
    base = f"kinds.{kind.id}"
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = [name.strip() for name in next(rows)]
    except StopIteration:
        raise _fail(file, 1, base, "the file is empty; its first row names the columns: id, name, "
                                   + ", ".join(f.key for f in kind.fields)) from None
    fields = {spec.key: spec for spec in kind.fields if not spec.computed}
    known = ("id", "name", *fields)
    for column in header:
        if column not in known:
            raise _fail(file, 1, f"{base}.fields.{column}", f"the column {column!r} is not a field of the kind"
                                                            f"{suggest(column, known)}")
        if header.count(column) > 1:
            raise _fail(file, 1, f"{base}.fields.{column}", f"the column {column!r} appears twice")
    for needed in known:
        if needed not in header and (needed in ("id", "name") or not fields[needed].optional):
            raise _fail(file, 1, f"{base}.fields.{needed}", f"no column {needed!r}; the first row names the "
                                                            f"columns: {', '.join(known)}")
    entries: list[Entry] = []
    seen: set[str] = set()
    for cells in rows:
        line = rows.line_num
        if not any(cell.strip() for cell in cells):
            continue
        if len(entries) >= MAX_ENTRIES:
            raise _fail(file, line, f"{base}.entries", f"more than {MAX_ENTRIES:,} entries; the most a kind "
                                                       f"holds is {MAX_ENTRIES:,}, so split it")
        if len(cells) != len(header):
            raise _fail(file, line, f"{base}.entries", f"{len(cells)} cells in a row of {len(header)} columns "
                                                       f"(a comma inside a value needs the value in quotes)")
        row = dict(zip(header, cells))
        entry_id = _entry_id(row["id"].strip(), seen, file, line, f"{base}.entries.{row['id'].strip()}")
        where = f"{base}.entries.{entry_id}"
        name = row["name"].strip()
        if not name:
            raise _fail(file, line, f"{where}.name", "the entry has no name")
        values = tuple((key, cell_value(spec, row.get(key), file=file, line=line, key=f"{where}.{key}"))
                       for key, spec in fields.items())
        entries.append(Entry(entry_id, name, values, file, line))
    return tuple(entries)
