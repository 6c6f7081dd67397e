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
from rollwright.things.model import Entry, FieldSpec, Kind, Measure, Value

Computer = Callable[..., "Measure | None"]
COMPUTERS: dict[str, Computer] = {}
"""Every computed field's function, by name (``<game>.<name>``)."""

__all__ = ["COMPUTERS", "Fraction", "Measure", "apply_rules", "computed", "fill"]


def computed(name: str) -> Callable[[Computer], Computer]:
    """Register a computed field's function under ``name`` (a game's own name: ``<game id>.<name>``)."""
    def register(fn: Computer) -> Computer:
        if name in COMPUTERS and COMPUTERS[name] is not fn:
            raise ValueError(f"two computed-field functions are named {name!r}")
        COMPUTERS[name] = fn
        return fn

    return register


def fill(kind: Kind) -> Kind:
    """The kind with its rules applied (:func:`apply_rules`) and every computed field worked out for every entry
    (a kind without either comes back as it is)."""
    kind = apply_rules(kind)
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


def _function(kind: Kind, name: str, key: str, line: int | None, what: str) -> Computer:
    if name not in COMPUTERS:
        from rollwright.data.formula import suggest

        raise DeclarationError(f"no {what} function {name!r}{suggest(name, tuple(COMPUTERS))}; register it with "
                               f"@computed({name!r}) in the game's rules", file=kind.file, line=line, key=key)
    return COMPUTERS[name]


def _rule_value(spec: FieldSpec, answer: object, name: str) -> Value:
    """The rule's answer, checked against the field's type (a number field takes a whole number or a Fraction)."""
    if answer is None:
        return None
    if spec.type == "number":
        if isinstance(answer, bool) or not isinstance(answer, (int, Fraction)):
            raise TypeError(f"the rule {name!r} of the field {spec.key!r} returned {type(answer).__name__}, "
                            f"not a number")
        return int(answer) if isinstance(answer, Fraction) and answer.denominator == 1 else answer
    if not isinstance(answer, str):
        raise TypeError(f"the rule {name!r} of the field {spec.key!r} returned {type(answer).__name__}, not text")
    return answer


def apply_rules(kind: Kind) -> Kind:
    """The kind with each ruled field (``rule = "<game>.<name>"``) set to what the rule gives, for every entry.

    Where the printed value differs, the entry keeps it in ``printed`` (an erratum, listed with the game's
    others); the rule's value is the entry's value, so everything computed from the entry follows the rule.
    A rule that gives None (no answer for this entry) leaves the printed value as it is.

    >>> @computed("demo.total")
    ... def _total(kind, entry):
    ...     return entry.get("a") + entry.get("b")
    >>> from rollwright.things.model import Entry, FieldSpec, Kind
    >>> fields = (FieldSpec("a", "A", "number"), FieldSpec("b", "B", "number"),
    ...           FieldSpec("total", "Total", "number", rule="demo.total"))
    >>> kind = apply_rules(Kind("rows", "Rows", "row", fields=fields, entries=(
    ...     Entry("one", "One", (("a", 1), ("b", 2), ("total", 3))),
    ...     Entry("two", "Two", (("a", 2), ("b", 2), ("total", 5))))))
    >>> [(e.get("total"), e.printed_value("total")) for e in kind.entries]
    [(3, None), (4, 5)]
    >>> _ = COMPUTERS.pop("demo.total")
    """
    ruled = [spec for spec in kind.fields if spec.rule]
    if not ruled:
        return kind
    rules = {spec.key: _function(kind, str(spec.rule), f"kinds.{kind.id}.fields.{spec.key}.rule", spec.line, "rule")
             for spec in ruled}
    entries = []
    for entry in kind.entries:
        values = dict(entry.values)
        printed: list[tuple[str, Value]] = []
        for spec in ruled:
            given = _rule_value(spec, rules[spec.key](kind, entry), str(spec.rule))
            if given is not None and given != values[spec.key]:
                printed.append((spec.key, values[spec.key]))
                values[spec.key] = given
        if printed:
            entry = dataclasses.replace(entry, values=tuple(values.items()), printed=tuple(printed))
        entries.append(entry)
    return dataclasses.replace(kind, entries=tuple(entries))
