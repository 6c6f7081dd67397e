"""Reading kinds of things from a declaration: ``[kinds.<id>]`` tables in ``things.toml`` or ``game.toml``.

Every mistake is a DeclarationError naming the file, the line and the key, and saying what to write.
Counts are capped where they enter: kinds per game, fields per kind, choices per field.

>>> from rollwright.data.loader import Reader
>>> text = '''
... [kinds.swords]
... title = "Swords"
... singular = "sword"
... [kinds.swords.fields.reach]
... type = "choice"
... choices = ["Small", "Large"]
... [kinds.swords.entries.sabre]
... name = "Sabre"
... reach = "Small"
... '''
>>> kinds = read_kinds(Reader(text, "demo/things.toml"), text)
>>> kinds[0].entry("sabre").get("reach")
'Small'
>>> typo = text.replace('"choice"', '"choise"')
>>> read_kinds(Reader(typo, "demo/things.toml"), typo)
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: demo/things.toml, line 6, kinds.swords.fields.reach.type: unknown type 'choise'; did you mean 'choice'? (the types are: number, dice, choice, text, list, link)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rollwright.data.formula import suggest
from rollwright.things.model import FIELD_TYPES, Entry, FieldSpec, Kind, Use

if TYPE_CHECKING:
    from rollwright.data.loader import Reader

ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
"""A kind's or an entry's id: lower-case words joined by '-' (``melee-weapons``, ``bastard-sword``)."""
FIELD_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
RESERVED = ("id", "name")
"""Every entry has these two; a kind declares its other fields."""
MAX_KINDS = 50
"""Most kinds one game declares."""
MAX_FIELDS = 40
"""Most fields one kind declares."""
MAX_CHOICES = 200
"""Most choices of one choice (or list) field."""
KIND_KEYS = ("title", "singular", "summary", "page", "fields", "computed", "use", "entries", "csv")
USE_KEYS = ("label", "page", "widget", "param")
COMPUTED_KEYS = ("label", "by", "with", "help", "unit", "in_list")
FIELD_KEYS = ("type", "label", "choices", "to", "min", "max", "optional", "unit", "help", "in_list", "rule")
RULED_TYPES = ("number", "dice", "choice", "text")
"""Field types a game's rule may derive (``rule = "<game>.<name>"``): one value each, compared as printed."""
RULE_NAME = re.compile(r"^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$")

EntriesReader = Callable[[Kind, Any, str], tuple[Entry, ...]]


def read_kinds(reader: Reader, text: str, section: Any = None, *,
               csv_reader: EntriesReader | None = None) -> tuple[Kind, ...]:
    """The kinds a declaration's ``kinds`` table holds (``section``; default: read from ``text``'s TOML).

    ``csv_reader(kind, csv_name, key)`` reads a kind's ``csv = "file.csv"`` (the registry passes one that
    knows the package's folder); without it a ``csv`` key is an error.
    """
    if section is None:
        import tomllib

        section = tomllib.loads(text).get("kinds", {}) if text else {}
    if not isinstance(section, Mapping):
        raise reader.fail("kinds", "expected tables such as [kinds.melee-weapons]")
    if len(section) > MAX_KINDS:
        raise reader.fail("kinds", f"{len(section)} kinds; the most a game declares is {MAX_KINDS}, so join some")
    kinds: list[Kind] = []
    for kind_id, value in section.items():
        key = f"kinds.{kind_id}"
        if not ID.match(kind_id):
            raise reader.fail(key, f"a kind's id is lower-case words joined by '-', such as 'melee-weapons' "
                                   f"(got {kind_id!r})")
        kinds.append(_kind(reader, kind_id, value, key, csv_reader))
    return tuple(kinds)


def _kind(reader: Reader, kind_id: str, value: Any, key: str, csv_reader: EntriesReader | None) -> Kind:
    from rollwright.things.entries import read_toml_entries

    table = reader.table(value, key, KIND_KEYS, required=("title",))
    fields_section = table.get("fields", {})
    if not isinstance(fields_section, Mapping):
        raise reader.fail(f"{key}.fields", "expected tables such as [" + key + ".fields.damage]")
    if len(fields_section) > MAX_FIELDS:
        raise reader.fail(f"{key}.fields", f"{len(fields_section)} fields; the most a kind declares is "
                                           f"{MAX_FIELDS}, so split the kind")
    fields = tuple(_field(reader, name, spec, f"{key}.fields.{name}") for name, spec in fields_section.items())
    fields += _computed(reader, table.get("computed", {}), f"{key}.computed", {spec.key for spec in fields},
                        MAX_FIELDS - len(fields))
    title = table.text("title")
    use = None
    if "use" in table:
        given = reader.table(table.get("use"), f"{key}.use", USE_KEYS, required=USE_KEYS)
        use = Use(given.text("label"), given.text("page"), given.text("widget"), given.text("param"))
    kind = Kind(kind_id, title, table.text("singular", title), table.text("summary", ""), table.text("page", ""),
                fields, (), reader.file, use)
    if "csv" in table and "entries" in table:
        raise reader.fail(f"{key}.csv", "the entries are given twice (csv and entries); keep one of them")
    if "csv" in table:
        if csv_reader is None:
            raise reader.fail(f"{key}.csv", "entries from a CSV file are read only from a game's folder")
        entries = csv_reader(kind, table.text("csv"), f"{key}.csv")
    else:
        entries = read_toml_entries(reader, kind, table.get("entries", {}), f"{key}.entries")
    return Kind(kind.id, kind.title, kind.singular, kind.summary, kind.page, kind.fields, entries, kind.file, use)


def _field(reader: Reader, name: str, value: Any, key: str) -> FieldSpec:
    if not FIELD_KEY.match(name):
        raise reader.fail(key, f"a field's key is lower-case letters, digits and '_' (got {name!r})")
    if name in RESERVED:
        raise reader.fail(key, f"every entry has an {name!r} already; give this field another key")
    table = reader.table(value, key, FIELD_KEYS, required=("type",))
    kind = table.text("type")
    if kind not in FIELD_TYPES:
        raise reader.fail(f"{key}.type", f"unknown type {kind!r}{suggest(kind, FIELD_TYPES)} (the types are: "
                                         f"{', '.join(FIELD_TYPES)})")
    _only(reader, table.values, key, kind, "choices", ("choice", "list"))
    _only(reader, table.values, key, kind, "to", ("link",))
    _only(reader, table.values, key, kind, "min", ("number",))
    _only(reader, table.values, key, kind, "max", ("number",))
    choices = table.words("choices")
    if kind == "choice" and not choices:
        raise reader.fail(f"{key}.choices", "a choice field lists its choices, such as [\"Small\", \"Large\"]")
    if len(choices) > MAX_CHOICES:
        raise reader.fail(f"{key}.choices", f"{len(choices)} choices; the most is {MAX_CHOICES}")
    if len(set(choices)) != len(choices):
        twice = next(c for c in choices if choices.count(c) > 1)
        raise reader.fail(f"{key}.choices", f"the choice {twice!r} is listed twice")
    if kind == "link" and "to" not in table:
        raise reader.fail(f"{key}.to", "a link field says what it links to: a kind's id (to = \"armour\") or "
                                       "to = \"page\" for a rule page")
    low, high = table.maybe_number("min"), table.maybe_number("max")
    if low is not None and high is not None and low > high:
        raise reader.fail(f"{key}.max", f"the range {low} to {high} is empty; swap min and max")
    rule = None
    if "rule" in table:
        _only(reader, table.values, key, kind, "rule", RULED_TYPES)
        rule = table.text("rule")
        if not RULE_NAME.match(rule):
            raise reader.fail(f"{key}.rule", f"a rule is the name of a function the game registers with "
                                             f"@computed, '<game>.<name>' such as \"pips.reach\" (got {rule!r})")
    return FieldSpec(name, table.text("label", name.replace("_", " ").capitalize()), kind, choices,
                     table.text("to") if "to" in table else None, low, high, table.flag("optional", False),
                     table.text("unit", ""), table.text("help", ""), in_list=table.flag("in_list", True), rule=rule,
                     line=_line(reader, f"{key}.rule") if rule else None)


def _computed(reader: Reader, section: Any, key: str, taken: set[str], room: int) -> tuple[FieldSpec, ...]:
    """``[kinds.<id>.computed.<key>]``: ``label``, ``by`` (a registered function), ``with`` (its values)."""
    if not isinstance(section, Mapping):
        raise reader.fail(key, "expected tables such as [" + key + ".full_vs_leather]")
    if len(section) > room:
        raise reader.fail(key, f"{len(section)} computed fields; with the others, the most a kind declares is "
                               f"{MAX_FIELDS}")
    found = []
    for name, value in section.items():
        where = f"{key}.{name}"
        if not FIELD_KEY.match(name) or name in RESERVED or name in taken:
            raise reader.fail(where, f"a computed field's key is lower-case letters, digits and '_', not 'id', "
                                     f"'name' or a field's key (got {name!r})")
        table = reader.table(value, where, COMPUTED_KEYS, required=("by",))
        given = table.get("with", {})
        if not isinstance(given, Mapping) or not all(
                isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in given.values()):
            raise reader.fail(f"{where}.with", "expected a table of texts and whole numbers, such as "
                                               "{ armor = \"leather-armor\" }")
        if len(given) > MAX_FIELDS:
            raise reader.fail(f"{where}.with", f"more than {MAX_FIELDS} values")
        found.append(FieldSpec(name, table.text("label", name.replace("_", " ").capitalize()), "measure",
                               unit=table.text("unit", ""), help=table.text("help", ""), computed=True,
                               by=table.text("by"), params=tuple(given.items()),
                               in_list=table.flag("in_list", True)))
        taken.add(name)
    return tuple(found)


def _line(reader: Reader, key: str) -> int | None:
    from rollwright.data.toml_lines import locate

    return locate(reader.text, key)


def _only(reader: Reader, values: Mapping[str, Any], key: str, kind: str, name: str, types: tuple[str, ...]) -> None:
    if name in values and kind not in types:
        raise reader.fail(f"{key}.{name}", f"only a field of type {' or '.join(types)} takes {name!r}; "
                                           f"this one is a {kind}")
