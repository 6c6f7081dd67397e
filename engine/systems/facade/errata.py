"""Errata: every place the seed's printed text or tables disagree with its own rules.

Rules modules declare sources with :func:`errata_source`; each source compares
the seed's printed values (kept as data next to the rule) with what the rule
gives and yields one :class:`Erratum` per real difference. The Errata page is
generated from :func:`all_errata`, so it can only list differences the engine
actually finds.

>>> keys = [e.key for e in all_errata()]
>>> "trait-dice-average" in keys
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from engine.plugins import import_submodules

KINDS = ("table", "claim", "tables", "text")
"""table: a printed cell vs its rule; claim: a sentence vs the rule's numbers;
tables: two printed tables disagree; text: a slip in the wording."""


@dataclass(frozen=True)
class Erratum:
    """One difference: where it is, what is printed, what the rule gives, and which rule."""

    key: str
    page: str      # our page that covers it, e.g. "facade/creation.md#skills"
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


PAGE_ORDER = ("facade/basic-rules.md", "facade/characters.md", "facade/combat.md", "facade/systems.md",
              "facade/creation.md")
"""Errata are listed in the order of the pages that cover them."""

ErrataSource = Callable[[], Iterable[Erratum]]
_SOURCES: list[ErrataSource] = []


def errata_source(fn: ErrataSource) -> ErrataSource:
    """Decorator: register a function that yields the errata of one rules area."""
    _SOURCES.append(fn)
    return fn


def all_errata() -> list[Erratum]:
    """Every erratum the engine finds, after importing every Façade rules module; keys are unique."""
    import_submodules("engine.systems.facade")
    found = [e for source in _SOURCES for e in source()]
    keys = [e.key for e in found]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise ValueError(f"errata keys must be unique; repeated: {', '.join(duplicates)}")
    def page_index(e: Erratum) -> int:
        page = e.page.partition("#")[0]
        return PAGE_ORDER.index(page) if page in PAGE_ORDER else len(PAGE_ORDER)

    return sorted(found, key=page_index)
