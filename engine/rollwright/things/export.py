"""A game's things as data others can reuse: JSON per kind and per entry (stable ids, the game's licence and
attribution in each), and CSV per kind, the same values a site's pages show.

>>> from rollwright.things.model import Entry, FieldSpec, Kind
>>> kind = Kind("swords", "Swords", "sword", fields=(FieldSpec("tags", "Tags", "list"),),
...             entries=(Entry("sabre", "Sabre", (("tags", ("light", "curved")),)),))
>>> kind_csv(kind)
'id,name,tags\\r\\nsabre,Sabre,light;curved\\r\\n'
>>> entry_json("demo", {"id": "demo"}, kind, kind.entries[0])["entry"]
{'id': 'sabre', 'name': 'Sabre', 'tags': ['light', 'curved']}
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from rollwright.things.entries import LIST_SEPARATOR
from rollwright.things.model import Entry, FieldSpec, Kind, Measure, Value

FORMAT = "rollwright-things/1"
"""The ``format`` every file names: a reader can refuse a format it does not know."""


def plain(value: Value) -> Any:
    """A value as JSON: lists for lists, ``"a/b"`` text for an exact fraction, a computed value as
    ``{"value": "a/b", "text": ...}``, else as it is."""
    if isinstance(value, Measure):
        return {"value": str(value.value), "text": value.text}
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Fraction):
        return str(value)
    return value


def game_json(system: object) -> dict[str, Any]:
    """Who the things are by and under what licence (from the game's declaration)."""
    return {"id": getattr(system, "id"), "title": getattr(system, "title"),
            "licence": getattr(system, "licence", None), "attribution": getattr(system, "attribution", ""),
            "notice": getattr(system, "licence_notice", "")}


def field_json(spec: FieldSpec) -> dict[str, Any]:
    found: dict[str, Any] = {"key": spec.key, "label": spec.label, "type": spec.type}
    for name in ("choices", "to", "low", "high", "unit", "help", "by", "rule"):
        value = getattr(spec, name)
        if value not in (None, "", ()):
            found[{"low": "min", "high": "max"}.get(name, name)] = plain(value)
    if spec.optional:
        found["optional"] = True
    if not spec.in_list:
        found["in_list"] = False
    if spec.computed:
        found["computed"] = True
        found["with"] = dict(spec.params)
    return found


def kind_head(kind: Kind) -> dict[str, Any]:
    return {"id": kind.id, "title": kind.title, "singular": kind.singular, "summary": kind.summary,
            "page": kind.page, "fields": [field_json(spec) for spec in kind.fields]}


def entry_plain(entry: Entry) -> dict[str, Any]:
    return {key: plain(value) for key, value in entry.as_dict().items()}


def errata_plain(entry: Entry) -> list[dict[str, Any]]:
    """Where the entry's print contradicts a field's rule: the field, the printed value and the rule's (its value)."""
    return [{"entry": entry.id, "field": key, "printed": plain(printed), "rule": plain(entry.get(key))}
            for key, printed in entry.printed]


def kind_json(game: str, system: object, kind: Kind) -> dict[str, Any]:
    """One kind: its fields and every entry, with the game's licence and attribution (and its errata, if any)."""
    found = {"format": FORMAT, "game": game_json(system) if not isinstance(system, dict) else system,
             "kind": kind_head(kind), "entries": [entry_plain(entry) for entry in kind.entries]}
    errata = [item for entry in kind.entries for item in errata_plain(entry)]
    if errata:
        found["errata"] = errata
    return found


def entry_json(game: str, system: object, kind: Kind, entry: Entry) -> dict[str, Any]:
    """One entry, with the game's licence and attribution; its kind's fields (what each value means) are in the
    kind's own file, ``../<kind>.json``, which ``kind.json`` names."""
    return {"format": FORMAT, "game": game_json(system) if not isinstance(system, dict) else system,
            "kind": {"id": kind.id, "title": kind.title, "json": f"../{kind.id}.json"}, "entry": entry_plain(entry),
            **({"errata": errata_plain(entry)} if entry.printed else {})}


def kind_csv(kind: Kind) -> str:
    """One kind as CSV: ``id``, ``name``, then each field; a list's items joined by ';', empty for none."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["id", "name", *(spec.key for spec in kind.fields)])
    for entry in kind.entries:
        row = [entry.id, entry.name]
        for spec in kind.fields:
            value = plain(entry.get(spec.key))
            if isinstance(value, dict):
                value = value["text"]
            row.append(LIST_SEPARATOR.join(value) if isinstance(value, list) else "" if value is None else str(value))
        writer.writerow(row)
    return out.getvalue()


def dumps(data: Any) -> str:
    """The JSON text every file and the command line write (UTF-8, keys in declared order)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
