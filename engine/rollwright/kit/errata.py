"""Errata: every place the seed's printed text or tables disagree with its own rules.

Rules modules declare sources with :func:`errata_source`; each source compares
the seed's printed values (kept as data next to the rule) with what the rule
gives and yields one :class:`Erratum` per real difference. The Errata page is
generated from :func:`all_errata`, so it can only list differences the engine
actually finds.

>>> @errata_source
... def _demo_errata():
...     yield Erratum("demo-total", "demo/rules.md#totals", "Totals table", "row 4", "35", "45", "sum of the row")
>>> [e.key for e in all_errata(System("demo", "Demo", "", "", "demo", ()))]
['demo-total']
>>> _ = _SOURCES.pop()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from rollwright.kit.discovery import load
from rollwright.kit.markup import el
from rollwright.kit.system import System, all_systems
from rollwright.kit.tables import Cell, TableData, make_table

KINDS = ("table", "claim", "tables", "text")
"""table: a printed cell vs its rule; claim: a sentence vs the rule's numbers;
tables: two printed tables disagree; text: a slip in the wording."""


@dataclass(frozen=True)
class Erratum:
    """One difference: where it is, what is printed, what the rule gives, and which rule."""

    key: str
    page: str      # our page that covers it, e.g. "demo/rules.md#totals"
    where: str     # the seed's table or passage, in our words
    item: str      # the row/column or phrase
    printed: str
    computed: str
    rule: str      # the rule the engine follows, in our words
    kind: str = "table"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"erratum kind must be one of {KINDS} (got {self.kind!r})")
        if self.printed == self.computed:
            raise ValueError(f"erratum {self.key!r} lists no difference: both values are {self.printed!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


ErrataSource = Callable[[], Iterable[Erratum]]
_SOURCES: list[ErrataSource] = []


def errata_source(fn: ErrataSource) -> ErrataSource:
    """Decorator: register a function that yields the errata of one rules area."""
    _SOURCES.append(fn)
    return fn


def all_errata(system: System | None = None) -> list[Erratum]:
    """Every erratum the engine finds (of one system, when given), in the reading order of its pages.

    Imports every system's ``rules/`` modules first, since that is where sources live; keys are unique.
    Entry fields of a game's things that its rule contradicts are among them (:mod:`rollwright.things.errata`).
    """
    load("rules")
    found = [e for source in _SOURCES for e in source()] + _things_errata()
    keys = [e.key for e in found]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise ValueError(f"errata keys must be unique; repeated: {', '.join(duplicates)}")
    systems = [system] if system is not None else list(all_systems().values())
    ordered: list[Erratum] = []
    for owner in systems:
        mine = [e for e in found if e.page.startswith(f"{owner.docs}/")]
        ordered.extend(sorted(mine, key=lambda e: owner.page_rank(e.page)))
    return ordered


def _things_errata() -> list[Erratum]:
    from rollwright.things.errata import things_errata
    from rollwright.things.registry import all_catalogues

    systems = all_systems()
    return [e for c in all_catalogues() if c.game in systems for e in things_errata(c, systems[c.game].docs)]


KIND_NAMES = {"table": "Table vs its rule", "claim": "Claim vs the rules", "tables": "Two tables disagree",
              "text": "Wording"}


def page_href(page: str, from_dir: str) -> str:
    """A site-relative link from a page in ``from_dir`` to ``page`` (``demo/x.md#a`` -> ``../x/#a``).

    >>> page_href("demo/rules.md#odds", "demo/"), page_href("demo/index.md", "demo/")
    ('../rules/#odds', '../')
    """
    path, _, anchor = page.partition("#")
    path = path.removeprefix(from_dir).removesuffix(".md")
    target = "../" + ("" if path == "index" else path + "/")
    return target + (f"#{anchor}" if anchor else "")


def errata_table(system: System, name: str) -> TableData:
    """A system's errata page as a registered table: one row per erratum, linked to its section.

    A system registers it in its ``tables/`` folder under a name of its own, e.g.
    ``register_table("demo-errata", "...")(lambda: errata_table(SYSTEM, "demo-errata"))``.
    """
    found = all_errata(system)
    rows = []
    for e in found:
        link = el("a", {"href": page_href(e.page, f"{system.docs}/")}, e.where)
        rows.append([Cell(e.where, html=link), e.item, KIND_NAMES[e.kind], e.printed, e.computed, e.rule])
    return make_table(name, "Errata found by the engine: printed value and the value its rule gives",
                      ["Where in the draft", "Item", "Kind", "Printed", "Rule gives", "Rule followed"], rows,
                      row_keys=[e.key for e in found])
