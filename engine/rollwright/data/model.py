"""What a game declared as data holds, once its file is read: plain, frozen values.

:mod:`rollwright.data.loader` makes these from a ``game.toml``; :mod:`rollwright.data.checks`
works out their odds; :mod:`rollwright.data.install` puts them into the kit's registries, where
they are the same calls, widgets and tables a game written in Python registers.

>>> b = Band("partial", "Partial success", low=7, high=9)
>>> b.holds(8), b.holds(10), b.span()
(True, False, '7 to 9')
>>> Band("miss", "Miss", high=6).span(), Band("hit", "Hit", low=10).span()
('6 or less', '10 or more')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rollwright.data.formula import Node, Value

if TYPE_CHECKING:
    from rollwright.data.quick import QuickDeclared


@dataclass(frozen=True)
class Input:
    """A value a check takes: a whole number in a range, or one of some named choices."""

    key: str
    label: str
    low: int = 0
    high: int = 0
    default: int | str | None = None
    choices: tuple[str, ...] = ()
    fills: str | None = None
    """What a saved character can fill it with (a field's ``fills``), for "use my character"."""

    def values(self) -> tuple[int | str, ...]:
        """Every value it can take, in order."""
        return self.choices if self.choices else tuple(range(self.low, self.high + 1))


@dataclass(frozen=True)
class Levels:
    """Degrees inside a band: one more level for every ``every`` points, at most ``most`` (0 is the first)."""

    every: int
    most: int | None = None
    names: tuple[str, ...] = ()

    def level(self, above: int) -> int:
        """The level of a value ``above`` points over the band's floor.

        >>> Levels(3, most=9).level(26), Levels(3, most=9).level(90)
        (8, 9)
        """
        found = above // self.every
        return found if self.most is None else min(found, self.most)

    def count(self) -> int | None:
        return None if self.most is None else self.most + 1


@dataclass(frozen=True)
class Extra:
    """Something a band earns once for every full ``per`` points of the measure (``per`` 5: 10 earns two)."""

    per: int
    name: str
    plural: str

    def count(self, value: int) -> int:
        return max(value, 0) // self.per


@dataclass(frozen=True)
class Band:
    """An outcome: the values it holds (``low`` to ``high``; None: no end), and what it means."""

    key: str
    name: str
    low: int | None = None
    high: int | None = None
    succeeds: bool = True
    levels: Levels | None = None
    extra: Extra | None = None
    when: Node | None = None
    """An outcome declared with ``when``: the condition (:mod:`rollwright.data.condition`) that picks it."""
    rule: str | None = None
    """An outcome of ``outcomes``: its condition as written, or ``"otherwise"`` for the last one."""

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def span(self) -> str:
        """The values it holds, in words (an outcome of ``outcomes``: its condition).

        >>> Band("crit", "Critical", rule="die(1) == 20").span()
        'when die(1) == 20'
        """
        if self.rule is not None:
            return self.rule if self.rule == "otherwise" else f"when {self.rule}"
        if self.low is None:
            return f"{self.high} or less"
        if self.high is None:
            return f"{self.low} or more"
        return str(self.low) if self.low == self.high else f"{self.low} to {self.high}"


@dataclass(frozen=True)
class Outcome:
    """One result a check can have: a band, or one level of a band with levels."""

    key: str
    name: str
    band: Band
    level: int | None = None


@dataclass(frozen=True)
class Template:
    """Dice notation with formulas in braces: ``"{dice}d6"``, ``"3d6kh2 + {stat}"``, ``"{trait[rating]}"``."""

    text: str
    parts: tuple[str | Node, ...]

    def names(self) -> set[str]:
        return set().union(*(p.names() for p in self.parts if isinstance(p, Node)))

    def ladders(self) -> set[str]:
        return set().union(*(p.ladders() for p in self.parts if isinstance(p, Node)))


@dataclass(frozen=True)
class Check:
    """A roll (or a pool whose hits are counted), maybe against a target, and the outcome bands it falls in."""

    key: str
    title: str
    summary: str
    inputs: tuple[str, ...]
    roll: Template
    modes: tuple[tuple[str, str, Template], ...] = ()
    """Other ways to roll it, each ``(key, label, template)``: the first mode is the plain ``roll``."""
    hit: int | None = None
    """A pool: each die showing this or more is one hit, and the hits are the measure."""
    against: Template | None = None
    """A target: a number, an input, or a roll of its own; the measure is then the margin."""
    on: str = "total"
    bands: tuple[Band, ...] = ()
    depth: int = 20
    """Most extra dice one exploding die may add."""
    instead: tuple[tuple[Node, Template], ...] = ()
    """Other rolls for some inputs, each ``(condition on the inputs, template)``: the first that holds is rolled."""

    @property
    def reads(self) -> bool:
        """Whether its outcomes are declared with conditions (``outcomes``), not bands on one measure."""
        return any(band.rule is not None for band in self.bands)

    def outcomes(self) -> tuple[Outcome, ...]:
        """Every outcome, best first (a band with levels gives one per level, highest first)."""
        found: list[Outcome] = []
        for band in self.bands:
            levels = band.levels
            if levels is None or levels.count() is None:
                found.append(Outcome(band.key, band.name, band))
                continue
            for level in reversed(range(levels.count() or 0)):
                name = levels.names[level] if level < len(levels.names) else f"{band.name} {level}"
                found.append(Outcome(f"{band.key}-{level}", name, band, level))
        return tuple(found)


@dataclass(frozen=True)
class TableColumn:
    """Columns of a generated table: one per value of an input, or one per outcome."""

    by: str
    label: str = "{value}"


@dataclass(frozen=True)
class TableSpec:
    """A generated table: one check's chances over a grid of its inputs."""

    key: str
    title: str
    summary: str
    check: str
    rows: str
    columns: str
    """An input's key (one column per value), or ``outcomes`` (one column per outcome)."""
    show: tuple[str, ...] = ()
    """With input columns: the outcomes whose chances add up in each cell (default: those that succeed)."""
    fixed: Mapping[str, int | str] = field(default_factory=dict)
    """Values of the check's other inputs."""
    style: str = "percent"
    column_label: str = "{value}"
    printed: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """The draft's printed cells: ``(row value, column)`` -> text, compared with the rule for errata."""
    printed_line: Mapping[tuple[str, str], int] = field(default_factory=dict)


@dataclass(frozen=True)
class Field:
    """A number on the character, in a range; ``fills`` names what check inputs it can fill."""

    key: str
    label: str
    low: int
    high: int
    default: int
    fills: str | None = None
    group: str = ""


@dataclass(frozen=True)
class Derived:
    """A value worked out from the character's fields by a formula."""

    key: str
    label: str
    formula: Node
    fills: str | None = None


@dataclass(frozen=True)
class Rule:
    """A check on the character: a formula that must lie between ``low`` and ``high``, with a message."""

    key: str
    formula: Node
    low: int | None
    high: int | None
    message: str
    section: str
    severity: str = "error"


@dataclass(frozen=True)
class Budget:
    """What the fields may spend: their ``cost`` (a formula of ``value``) adds up to ``total``, or to at most ``points``."""

    fields: tuple[str, ...]
    cost: Node | None
    total: int | None
    points: int | None
    label: str
    section: str


@dataclass(frozen=True)
class CharacterSpec:
    """A game's character builder, as data."""

    schema: str
    fields: tuple[Field, ...]
    derived: tuple[Derived, ...] = ()
    rules: tuple[Rule, ...] = ()
    budget: Budget | None = None
    section: str = ""
    ladders: Mapping[str, Mapping[int, Value]] = field(default_factory=dict)
    """The game's ladders, for lookups in the formulas (``cost[value]``)."""


@dataclass(frozen=True)
class Game:
    """Everything one ``game.toml`` declares, keyed as written."""

    file: str
    id: str
    system: object | None
    """The game's :class:`~rollwright.kit.system.System`, when the file declares it (``[game]``)."""
    ladders: Mapping[str, Mapping[int, Value]]
    inputs: Mapping[str, Input]
    checks: Mapping[str, Check]
    tables: Mapping[str, TableSpec]
    character: CharacterSpec | None
    errata_page: str
    declares_system: bool = False
    """Whether the file itself declares the game (``[game]``), rather than its ``__init__.py``."""
    quick_reference: QuickDeclared | None = None
    """Its core roll for the quick reference (:class:`rollwright.data.quick.QuickDeclared`), None without checks."""
