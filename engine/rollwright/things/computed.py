"""Computed fields: values a game's own code works out for each entry at build time, exact (Fractions), shown,
sorted and exported like any field.

A kind declares them beside its fields::

    [kinds.melee-weapons.computed.full_vs_leather]
    label = "Full blow, leather armor"
    by = "pips.blow-through"              # a function the game registers with @computed("...")
    with = { armor = "leather-armor", blow = "full" }

The function takes the kind, the entry and the ``with`` values, and returns a :class:`Measure` (an exact
value to sort by, and the text shown) or None where the rules give no answer.

>>> @computed("demo.double")
... def _double(kind, entry, times: int = 2):
...     return Measure(Fraction(entry.get("n")) * times, str(entry.get("n") * times))
>>> from rollwright.things.model import Entry, FieldSpec, Kind
>>> spec = FieldSpec("twice", "Twice", "measure", computed=True, by="demo.double", params=(("times", 2),))
>>> kind = Kind("nums", "Nums", "num", fields=(FieldSpec("n", "N", "number"), spec),
...             entries=(Entry("one", "One", (("n", 1),)),))
>>> fill(kind).entries[0].get("twice")
Measure(value=Fraction(2, 1), text='2')
>>> _ = COMPUTERS.pop("demo.double")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rollwright.errors import DeclarationError
from rollwright.things.model import Entry, Kind, Measure

Computer = Callable[..., "Measure | None"]
COMPUTERS: dict[str, Computer] = {}
"""Every computed field's function, by name (``<game>.<name>``)."""

__all__ = ["COMPUTERS", "Fraction", "Measure", "computed", "fill"]


def computed(name: str) -> Callable[[Computer], Computer]:
    """Register a computed field's function under ``name`` (a game's own name: ``<game id>.<name>``)."""
    def register(fn: Computer) -> Computer:
        if name in COMPUTERS and COMPUTERS[name] is not fn:
            raise ValueError(f"two computed-field functions are named {name!r}")
        COMPUTERS[name] = fn
        return fn

    return register


def fill(kind: Kind) -> Kind:
    """The kind with every computed field worked out for every entry (a kind without any comes back as it is)."""
    specs = [spec for spec in kind.fields if spec.computed]
    if not specs:
        return kind
    for spec in specs:
        if spec.by not in COMPUTERS:
            from rollwright.data.formula import suggest

            raise DeclarationError(f"no computed-field function {spec.by!r}{suggest(str(spec.by), tuple(COMPUTERS))}; "
                                   f"register it with @computed({spec.by!r}) in the game's rules",
                                   file=kind.file, line=None, key=f"kinds.{kind.id}.computed.{spec.key}.by")
    entries = []
    for entry in kind.entries:
        values: list[tuple[str, Any]] = list(entry.values)
        for spec in specs:
            answer = COMPUTERS[str(spec.by)](kind, entry, **dict(spec.params))
            if answer is not None and not isinstance(answer, Measure):
                raise TypeError(f"the computed field {spec.by!r} returned {type(answer).__name__}, not a Measure")
            values.append((spec.key, answer))
        entries.append(dataclasses.replace(entry, values=tuple(values)))
    return dataclasses.replace(kind, entries=tuple(entries))
