"""Cascade skills: levels of a whole broad -> focus -> specialty tree from the SP put into specialties.

Under the cascade method skill points are only ever spent into specialty
skills. A focus counts every SP spent into the specialties under it, and a broad
counts every SP of the focuses under it. Each skill's level is the highest level
whose threshold on its cascade row its accumulated SP reach.

The computation runs top down, so it never depends on the order of purchase:

1. broad SP = all SP under it; level from the broad row 5/15/30/45;
2. focus SP = SP of its specialties; level from the focus row 2/5/10/15, or
   from the reduced row 2/4/7/10 when its broad is at 4;
3. specialty SP = what was spent; level from the row 1/2/3/5, or from the
   reduced row 0.5/1/2/3 when its focus is at 4.

The reduced rows apply to every skill under a parent at 4, including SP spent
before the parent got there (our reading; see the page's designer's note). A
specialty takes at most 5 SP, the cost of level 4 on its normal row.

>>> result = cascade_tree({"Athletics": {"Dodge": {"Roll": 5}}})
>>> [(n.name, n.sp, n.level) for n in result.nodes()]
[('Athletics', Fraction(5, 1), 1), ('Dodge', Fraction(5, 1), 2), ('Roll', Fraction(5, 1), 4)]
>>> result.total_sp
Fraction(5, 1)
>>> full = {"Roll": 4, "Flip": 4, "Fall": 4, "Tumble": 3}
>>> [n.level for n in cascade_tree({"Athletics": {"Dodge": full}}).nodes()][1:]
[4, 4, 4, 4, 4]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rollwright.errors import ParameterError
from facade.rules.costs_tracks import MAX_SKILL, Track, points_text, track
from rollwright.kit.errata import Erratum, errata_source

MAX_SPECIALTY_SP = Fraction(5)
"""SP one specialty can hold: level 4 on its normal cascade row."""

SkillTree = Mapping[str, Mapping[str, Mapping[str, "int | Fraction | str"]]]
"""broad name -> focus name -> specialty name -> SP spent (whole or half points)."""


@dataclass(frozen=True)
class CascadeNode:
    """One skill of a cascade tree with its accumulated SP, level and the row that set it."""

    name: str
    tier: str            # "broad", "focus" or "specialty"
    sp: Fraction
    level: int
    track: str           # the cascade track key whose thresholds set the level
    reduced: bool        # True when the parent at 4 switched this skill to its reduced row
    explanation: str
    children: tuple[CascadeNode, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "tier": self.tier, "sp": points_text(self.sp), "level": self.level,
                "track": self.track, "reduced": self.reduced, "explanation": self.explanation,
                "children": [c.to_dict() for c in self.children]}


@dataclass(frozen=True)
class CascadeResult:
    """Every broad of a tree, the SP spent in all and a short account of the computation."""

    broads: tuple[CascadeNode, ...]
    total_sp: Fraction

    def nodes(self) -> list[CascadeNode]:
        """Every node, each parent before its children."""
        out: list[CascadeNode] = []
        stack = list(reversed(self.broads))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def levels(self) -> dict[tuple[str, ...], int]:
        """Level by path: ``("Athletics",)``, ``("Athletics", "Dodge")``, ``("Athletics", "Dodge", "Roll")``."""
        out: dict[tuple[str, ...], int] = {}
        for broad in self.broads:
            out[(broad.name,)] = broad.level
            for focus in broad.children:
                out[(broad.name, focus.name)] = focus.level
                for spec in focus.children:
                    out[(broad.name, focus.name, spec.name)] = spec.level
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"broads": [b.to_dict() for b in self.broads], "total_sp": points_text(self.total_sp)}


def check_sp(value: int | Fraction | str, field: str) -> Fraction:
    """SP for one specialty: a whole or half point from 0 to 5, else ParameterError naming ``field``."""
    try:
        sp = Fraction(value) if not isinstance(value, bool) else None
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):
        sp = None
    if sp is None or (2 * sp).denominator != 1 or not 0 <= sp <= MAX_SPECIALTY_SP:
        raise ParameterError(f"'{field}' must be whole or half SP from 0 to {MAX_SPECIALTY_SP} "
                             f"(got {value!r})", field=field)
    return sp


def _level(t: Track, sp: Fraction) -> tuple[int, str]:
    level = t.level_for(sp)
    thresholds = "/".join(points_text(t.total(n)) for n in range(1, MAX_SKILL + 1))
    nxt = "" if level == MAX_SKILL else f"; level {level + 1} needs {points_text(t.total(level + 1))}"
    return level, f"level {level} on the row {thresholds}{nxt}"


def _specialty(name: str, value: int | Fraction | str, focus_at_4: bool, path: str) -> CascadeNode:
    sp = check_sp(value, path)
    t = track("cascade-specialty-reduced" if focus_at_4 else "cascade-specialty")
    level, where = _level(t, sp)
    why = " (reduced: its focus is at 4)" if focus_at_4 else ""
    return CascadeNode(name, "specialty", sp, level, t.key, focus_at_4,
                       f"{name}: {points_text(sp)} SP spent, {where}{why}.")


def _focus(name: str, specialties: Mapping[str, int | Fraction | str], broad_at_4: bool,
           path: str) -> CascadeNode:
    if not isinstance(specialties, Mapping):
        raise ParameterError(f"'{path}' must map specialty names to SP", field=path)
    spent = {s: check_sp(v, f"{path}.{s}") for s, v in specialties.items()}
    sp = sum(spent.values(), Fraction(0))
    t = track("cascade-focus-reduced" if broad_at_4 else "cascade-focus")
    level, where = _level(t, sp)
    children = tuple(_specialty(s, v, level == MAX_SKILL, f"{path}.{s}") for s, v in spent.items())
    parts = ", ".join(f"{s} {points_text(v)}" for s, v in spent.items()) or "none"
    why = " (reduced: its broad is at 4)" if broad_at_4 else ""
    return CascadeNode(name, "focus", sp, level, t.key, broad_at_4,
                       f"{name}: {points_text(sp)} SP from its specialties ({parts}), {where}{why}.", children)


def cascade_broad(name: str, focuses: Mapping[str, Mapping[str, int | Fraction | str]]) -> CascadeNode:
    """One broad skill and everything under it (see the module text for the order of work)."""
    if not isinstance(focuses, Mapping):
        raise ParameterError(f"'{name}' must map focus names to their specialties", field=name)
    sp = Fraction(0)
    for focus, specialties in focuses.items():
        if not isinstance(specialties, Mapping):
            raise ParameterError(f"'{name}.{focus}' must map specialty names to SP", field=f"{name}.{focus}")
        sp += sum((check_sp(v, f"{name}.{focus}.{s}") for s, v in specialties.items()), Fraction(0))
    t = track("cascade-broad")
    level, where = _level(t, sp)
    children = tuple(_focus(f, s, level == MAX_SKILL, f"{name}.{f}") for f, s in focuses.items())
    return CascadeNode(name, "broad", sp, level, t.key, False,
                       f"{name}: {points_text(sp)} SP from its focuses, {where}.", children)


def cascade_tree(tree: SkillTree) -> CascadeResult:
    """Levels of every broad, focus and specialty of ``tree`` and the SP spent in all.

    Every SP is spent once (into a specialty); the focus and broad counts are not
    extra spending, so ``total_sp`` is the sum over the specialties.

    >>> r = cascade_tree({"Athletics": {"Dodge": {"Roll": 5, "Flip": 5, "Fall": 5}}})
    >>> r.levels()[("Athletics",)], r.levels()[("Athletics", "Dodge")], r.total_sp
    (2, 4, Fraction(15, 1))
    >>> cascade_tree({"Athletics": {"Dodge": {"Roll": 6}}})
    Traceback (most recent call last):
    ...
    rollwright.errors.ParameterError: 'Athletics.Dodge.Roll' must be whole or half SP from 0 to 5 (got 6)
    """
    if not isinstance(tree, Mapping):
        raise ParameterError("the skill tree must map broad names to their focuses", field="tree")
    broads = tuple(cascade_broad(name, focuses) for name, focuses in tree.items())
    return CascadeResult(broads, sum((b.sp for b in broads), Fraction(0)))


def mastered_broad_costs(focuses: int = 3, specialties: int = 3) -> tuple[Fraction, Fraction]:
    """(cascade SP, standard SP) of a broad at 4 with its focuses and specialties all at 4.

    The draft calls the two methods' costs equivalent; the rules price them apart.

    >>> mastered_broad_costs()
    (Fraction(45, 1), Fraction(48, 1))
    """
    tree = {"Broad": {f"Focus {i}": {f"Specialty {i}.{j}": MAX_SPECIALTY_SP for j in range(specialties)}
                      for i in range(focuses)}}
    cascade = cascade_tree(tree)
    if any(node.level != MAX_SKILL for node in cascade.nodes()):
        raise AssertionError("a full tree of mastered specialties must master every skill above them")
    standard = (track("skill-broad").cost(MAX_SKILL).total + focuses * track("skill-focus").cost(MAX_SKILL).total
                + focuses * specialties * track("skill-specialty").cost(MAX_SKILL).total)
    return cascade.total_sp, standard


@errata_source
def _cascade_equivalence_claim() -> Iterator[Erratum]:
    """The cascade paragraph calls its costs equivalent to the standard method's; check a mastered broad."""
    cascade, standard = mastered_broad_costs()
    if cascade != standard:
        yield Erratum(
            key="creation-cascade-not-equivalent", page="facade/creation.md#cascade-skills",
            where="Cascade skills paragraph", item="a broad, its three focuses and nine specialties, all at 4",
            printed="costs equivalent to the standard method",
            computed=f"{points_text(cascade)} SP in cascade, {points_text(standard)} SP standard",
            rule="each method priced by its own cost rows, as printed", kind="claim")
