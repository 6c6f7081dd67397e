"""A game's things as plain, frozen values: catalogues of kinds, each with typed fields and entries.

Nothing here reads a file (:mod:`rollwright.things.declare` and :mod:`rollwright.things.entries` do);
every value is immutable, every kind and entry has a stable id, so a later reader (a site's pages,
a JSON export, a comparison of two versions of a game) can enumerate ``catalogue.kinds``,
``kind.fields`` and ``kind.entries`` and trust that nothing changes under it.

>>> reach = FieldSpec("reach", "Reach", "choice", choices=("Small", "Large"))
>>> kind = Kind("swords", "Swords", "sword", fields=(reach,),
...             entries=(Entry("sabre", "Sabre", (("reach", "Small"),)),))
>>> kind.entry("sabre").get("reach"), kind.field("reach").label, [e.id for e in kind.entries]
('Small', 'Reach', ['sabre'])
>>> kind.entry("cutlass")
Traceback (most recent call last):
...
KeyError: "no entry 'cutlass' in the kind 'swords'"
"""

from __future__ import annotations

from dataclasses import dataclass, field as _field
from fractions import Fraction



@dataclass(frozen=True, order=True)
class Measure:
    """A computed field's answer: an exact value (what the list sorts by) and the text shown for it."""

    value: Fraction
    text: str


Value = int | Fraction | str | tuple[str, ...] | Measure | None
"""What one field of one entry holds: a number, text (dice, a choice, a link), a list of texts, a computed
:class:`Measure`, or nothing."""

FIELD_TYPES = ("number", "dice", "choice", "text", "list", "link")
"""The types a field may declare (a computed field's type is ``measure``)."""


@dataclass(frozen=True)
class FieldSpec:
    """One declared field of a kind: its key, label and type, and what its values may be.

    ``choices`` holds a choice field's values (and, when given, a list field's); ``to`` is where a link
    field points: the id of a kind of the same game, or ``"page"`` for a rule page
    (``folder/page.md#anchor``); ``low``/``high`` bound a number; ``optional`` lets a cell be empty.
    """

    key: str
    label: str
    type: str
    choices: tuple[str, ...] = ()
    to: str | None = None
    low: int | None = None
    high: int | None = None
    optional: bool = False
    unit: str = ""
    help: str = ""
    computed: bool = False
    """Worked out by the game's code (:mod:`rollwright.things.computed`), never written in an entry."""
    by: str | None = None
    """A computed field's function (its registered name)."""
    params: tuple[tuple[str, str | int], ...] = ()
    """What a computed field's function is given besides the entry (``with`` in the declaration)."""
    in_list: bool = True
    """Whether the kind's list shows it as a column (False: on the cards, in the files, not in the list)."""
    rule: str | None = None
    """A written field the game's own rule derives (a function registered with ``@computed``): where the
    printed value differs, the entry holds the rule's value and keeps the printed one as an erratum."""
    line: int | None = _field(default=None, compare=False)
    """The declaration's line (of ``rule`` when given), for an error found after reading."""

    @property
    def sortable_as_number(self) -> bool:
        """Whether a list sorts this field by value rather than as text."""
        return self.type in ("number", "measure")


@dataclass(frozen=True)
class Entry:
    """One thing: a stable id, a name, and its fields' values in the kind's order (None: left empty)."""

    id: str
    name: str
    values: tuple[tuple[str, Value], ...] = ()
    file: str = ""
    line: int | None = None
    """Where it was declared (a CSV row or a TOML table), for errors and a designer's report."""
    printed: tuple[tuple[str, Value], ...] = ()
    """Errata: the printed value of each field whose rule gives another (``values`` holds the rule's)."""

    def printed_value(self, key: str) -> Value:
        """What was printed for the field ``key`` where its rule gives another value, else None.

        >>> Entry("a", "A", (("n", 5),), printed=(("n", 4),)).printed_value("n")
        4
        """
        return dict(self.printed).get(key)

    def contradicts(self, key: str) -> bool:
        """Whether the printed value of the field ``key`` differs from what its rule gives."""
        return any(name == key for name, _ in self.printed)

    def get(self, key: str) -> Value:
        """The value of the field ``key`` (KeyError for a field the kind does not have)."""
        for name, value in self.values:
            if name == key:
                return value
        raise KeyError(f"the entry {self.id!r} has no field {key!r}")

    def as_dict(self) -> dict[str, Value]:
        """``{"id", "name", field: value, ...}``, in the kind's field order."""
        return {"id": self.id, "name": self.name, **dict(self.values)}


@dataclass(frozen=True)
class Use:
    """A live widget on a rule page that an entry's card opens preset with the entry (``param`` = its id)."""

    label: str
    page: str
    widget: str
    param: str


@dataclass(frozen=True)
class Kind:
    """A kind of thing (melee weapons, spells): its fields, in order, and its entries, in the declared order."""

    id: str
    title: str
    singular: str
    summary: str = ""
    page: str = ""
    """The rule page the kind belongs to (``folder/page.md#anchor``), where its table is shown."""
    fields: tuple[FieldSpec, ...] = ()
    entries: tuple[Entry, ...] = ()
    file: str = ""
    use: Use | None = None

    def field(self, key: str) -> FieldSpec:
        for spec in self.fields:
            if spec.key == key:
                return spec
        raise KeyError(f"no field {key!r} in the kind {self.id!r}")

    def entry(self, entry_id: str) -> Entry:
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(f"no entry {entry_id!r} in the kind {self.id!r}")

    def ids(self) -> tuple[str, ...]:
        return tuple(entry.id for entry in self.entries)


@dataclass(frozen=True)
class Catalogue:
    """Every kind one game declares, in the declared order."""

    game: str
    kinds: tuple[Kind, ...] = ()

    def kind(self, kind_id: str) -> Kind:
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        known = ", ".join(k.id for k in self.kinds) or "none"
        raise KeyError(f"the game {self.game!r} declares no kind {kind_id!r} (its kinds: {known})")
