"""The creation cost tables exactly as the seed prints them, compared cell by cell with the rules.

Every printed number is kept here as data. :func:`comparisons` pairs each
printed cell with the value its rule gives (costs_tracks); the cells that
differ are errata, and the reference tables mark them.

>>> [(c.track, c.column, c.level, c.printed, c.computed) for c in differences()]
... # doctest: +NORMALIZE_WHITESPACE
[('cascade-broad', 'total', 4, '35', '45'), ('exponential-medium', 'total', 10, '35', '55'),
 ('exponential-medium', 'total', 12, '88', '78')]
>>> printed_differs("cascade-broad", "total", 4), printed_differs("cascade-broad", "total", 3)
('35', None)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from facade.rules.costs_tracks import GRADE_RATES, PAGE, points_text, track
from rollwright.kit.errata import Erratum, errata_source

PRINTED_ATTRIBUTE: Rows = (("0", "1", "2", "3", "4", "5", "6"), ("0", "1", "3", "6", "10", "15", "21"))
"""Attribute table, levels 0-6: cost of the level, total cost from 0."""

PRINTED_MODIFIERS = {
    "minor": ("0/0", "1/1", "0/1", "1/2", "0/2", "1/3", "0/3"),
    "simple": ("0/0", "1/1", "1/2", "1/3", "1/4", "1/5", "1/6"),
    "medium": ("0/0", "2/2", "1/3", "2/5", "1/6", "2/8", "1/9"),
    "major": ("0/0", "2/2", "2/4", "2/6", "2/8", "2/10", "2/12"),
    "extreme": ("0/0", "3/3", "2/5", "3/8", "2/10", "3/13", "2/15"),
}
"""Modifier rows, levels 0-6, each cell "cost of the level/total"."""

Rows = tuple[tuple[str, ...], tuple[str, ...]]

PRINTED_STANDARD_SKILLS: dict[str, Rows] = {
    "broad": (("0", "2", "3", "3", "4"), ("0", "2", "5", "8", "12")),
    "focus": (("0", "1", "1", "2", "2"), ("0", "1", "2", "4", "6")),
    "specialty": (("0", ".5", ".5", ".5", ".5"), ("0", ".5", "1", "1.5", "2")),
}
"""Standard skill table (the seed's "Specific" row is the specialty tier), levels 0-4: per level, total."""

PRINTED_CASCADE_SKILLS: dict[str, Rows] = {
    "broad": (("0", "5", "10", "15", "15"), ("0", "5", "15", "30", "35")),
    "focus": (("0", "2", "3", "5", "5"), ("0", "2", "5", "10", "15")),
    "specialty": (("0", "1", "1", "1", "2"), ("0", "1", "2", "3", "5")),
}
"""Cascade skill table, levels 0-4: SP per level, total SP."""

PRINTED_CASCADE_TEXT = {
    "specialty": "0/1/1/1/2", "specialty-reduced": "0/.5/.5/1/1",
    "focus": "0/2/3/5/5", "focus-reduced": "0/2/2/3/3",
}
"""The per-level progressions the cascade paragraph quotes (levels 0-4)."""

PRINTED_STANDARD_BACKGROUNDS = {"minor": "1 BP for 2", "simple": "1 BP for 1", "medium": "3 BP for 2",
                                "major": "2 BP for 1", "extreme": "5 BP for 2"}
"""Standard background table: cost per level of each grade."""

PRINTED_EXPONENTIAL: dict[str, Rows] = {
    "minor": (("1", "0", "1", "1", "1", "2", "1", "3", "1", "4", "1", "5"),
              ("1", "1", "2", "3", "4", "6", "7", "10", "11", "15", "16", "21")),
    "simple": (("1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"),
               ("1", "2", "4", "6", "9", "12", "16", "20", "25", "30", "36", "42")),
    "medium": (("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"),
               ("1", "3", "6", "10", "15", "21", "28", "36", "45", "35", "66", "88")),
    "major": (("1", "3", "4", "6", "7", "9", "10", "12", "13", "15", "16", "18"),
              ("1", "4", "8", "14", "21", "30", "40", "52", "65", "80", "96", "114")),
    "extreme": (("2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24"),
                ("2", "6", "12", "20", "30", "42", "56", "72", "90", "110", "132", "156")),
}
"""Exponential background table, levels 1-12: BP for the level, total BP."""

PRINTED_BUDGETS = {"point-buy": {"AP": 100, "SP": 200, "BP": 50, "EP": 50},
                   "pool-buy": {"AP": 90, "SP": 20, "WP": 100}}


def printed_number(text: str) -> Fraction:
    """A printed cell as a number: ``".5"`` -> 1/2."""
    return Fraction(text)


@dataclass(frozen=True)
class Comparison:
    """One printed cell next to the value its rule gives."""

    track: str
    column: str      # "step" (cost of the level) or "total"
    level: int
    printed: str
    computed: str

    @property
    def differs(self) -> bool:
        return printed_number(self.printed) != printed_number(self.computed)


def _rows(key: str, steps: tuple[str, ...], totals: tuple[str, ...], first: int) -> Iterator[Comparison]:
    t = track(key)
    for offset, (step, total) in enumerate(zip(steps, totals, strict=True)):
        level = first + offset
        yield Comparison(key, "step", level, step, points_text(t.step(level)))
        yield Comparison(key, "total", level, total, points_text(t.total(level)))


def comparisons() -> Iterator[Comparison]:
    """Every printed number of the creation tables with its rule's value."""
    yield from _rows("attribute", *PRINTED_ATTRIBUTE, first=0)
    for grade, cells in PRINTED_MODIFIERS.items():
        yield from _rows(f"modifier-{grade}", tuple(c.split("/")[0] for c in cells),
                         tuple(c.split("/")[1] for c in cells), first=0)
    for tier, (steps, totals) in PRINTED_STANDARD_SKILLS.items():
        yield from _rows(f"skill-{tier}", steps, totals, first=0)
    for tier, (steps, totals) in PRINTED_CASCADE_SKILLS.items():
        yield from _rows(f"cascade-{tier}", steps, totals, first=0)
    for tier, text in PRINTED_CASCADE_TEXT.items():
        t = track(f"cascade-{tier}")
        for level, cell in enumerate(text.split("/")):
            yield Comparison(t.key, "step", level, cell, points_text(t.step(level)))
    for grade, text in PRINTED_STANDARD_BACKGROUNDS.items():
        amount, levels = text.split(" BP for ")
        rate = GRADE_RATES[grade]
        yield Comparison(f"background-{grade}", "rate", 1, f"{amount}/{levels}",
                         f"{rate.numerator}/{rate.denominator}")
    for grade, (steps, totals) in PRINTED_EXPONENTIAL.items():
        yield from _rows(f"exponential-{grade}", steps, totals, first=1)


def differences() -> list[Comparison]:
    """The printed cells that disagree with their rule."""
    return [c for c in comparisons() if c.differs]


def printed_differs(key: str, column: str, level: int) -> str | None:
    """The printed text of a cell when it differs from the rule, else None (for table marking)."""
    for c in differences():
        if (c.track, c.column, c.level) == (key, column, level):
            return c.printed
    return None


_WHY = {
    "cascade-broad": "A broad's total is the sum of its per-level row (5 + 10 + 15 + 15), and the text says "
                     "three mastered focuses (15 SP each) master a broad: 45 SP.",
    "exponential-medium": "A Medium exponential background costs n BP for level n, so the total for level n "
                          "is 1 + 2 + ... + n, the sum of the printed per-level row.",
}


@errata_source
def creation_errata() -> Iterator[Erratum]:
    """Printed creation-cost cells that contradict their own rule, and two wording slips."""
    for c in differences():
        t = track(c.track)
        yield Erratum(f"creation-{c.track}-{c.column}-{c.level}", t.anchor, t.row[0].upper() + t.row[1:],
                      f"total for level {c.level}", c.printed, c.computed, _WHY[c.track])
    yield Erratum("creation-cascade-example-pool", f"{PAGE}#cascade-skills",
                  "Cascade skills paragraph, the Roll/Dodge/Athletics example",
                  "points that reach the broad skill", "5 AP into Athletics", "5 SP into Athletics",
                  "Cascade spending only ever moves skill points (SP); attribute points play no part.", "text")
    yield Erratum("creation-skill-tier-name", f"{PAGE}#skills", "Skill cost tables and the cascade paragraph",
                  "name of the third skill tier", "Specific", "Specialty",
                  "The skills rules name the tiers Broad, Focus and Specialty; the creation tables mean the "
                  "same tier.", "text")

