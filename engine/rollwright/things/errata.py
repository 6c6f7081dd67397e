"""Errata in a game's things: each entry field whose printed value its rule contradicts, as the game's errata.

A field declared with ``rule = "<game>.<name>"`` holds the rule's value (:func:`rollwright.things.computed.
apply_rules`); where the print differs, the entry keeps the printed value, the card and the list mark it, and
:func:`things_errata` gives it to the game's errata page with the errata its rules modules find.

>>> from rollwright.things.model import Catalogue, Entry, FieldSpec, Kind
>>> spec = FieldSpec("total", "Total", "number", rule="demo.total", help="a + b")
>>> kind = Kind("rows", "Rows", "row", fields=(spec,),
...             entries=(Entry("two", "Two", (("total", 4),), printed=(("total", 5),)),))
>>> [(e.key, e.page, e.printed, e.computed, e.rule) for e in things_errata(Catalogue("demo", (kind,)), "demo")]
[('entry-rows-two-total', 'demo/compendium.md#rows-two', '5', '4', 'a + b')]
"""

from __future__ import annotations

from rollwright.kit.errata import Erratum
from rollwright.things.model import Catalogue, Entry, FieldSpec, Kind, Value

COMPENDIUM = "compendium.md"
"""The page, in a game's docs folder, that holds its kinds' lists and cards."""


def anchor(kind: Kind | str, entry: Entry | str) -> str:
    """An entry's anchor on its game's compendium page: ``<kind>-<entry>`` (``melee-weapons-broadsword``)."""
    return f"{getattr(kind, 'id', kind)}-{getattr(entry, 'id', entry)}"


def _text(spec: FieldSpec, value: Value) -> str:
    if value is None:
        return "—"
    return f"{value} {spec.unit}" if spec.unit else str(value)


def things_errata(catalogue: Catalogue, docs: str) -> list[Erratum]:
    """One erratum per entry field whose print contradicts its rule, in the kinds' and entries' order.

    ``docs`` is the game's docs folder: each erratum links to the entry's card on ``<docs>/compendium.md``.
    """
    found = []
    for kind in catalogue.kinds:
        for entry in kind.entries:
            for key, printed in entry.printed:
                spec = kind.field(key)
                found.append(Erratum(
                    key=f"entry-{kind.id}-{entry.id}-{key.replace('_', '-')}",
                    page=f"{docs}/{COMPENDIUM}#{anchor(kind, entry)}", where=kind.title,
                    item=f"{entry.name}: {spec.label}", printed=_text(spec, printed),
                    computed=_text(spec, entry.get(key)), rule=spec.help or f"the game's rule for {spec.label}",
                    kind="table"))
    return found
