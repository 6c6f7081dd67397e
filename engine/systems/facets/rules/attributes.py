"""The nine attributes and their two groupings: arena (physical, mental, social) and role.

>>> ATTRIBUTES["finesse"].letter, ATTRIBUTES["finesse"].arena, ATTRIBUTES["finesse"].role
('F', 'physical', 'control')
>>> [a.name for a in ATTRIBUTES.values() if a.role == "resistance"]
['Endurance', 'Resolve', 'Composure']
"""

from __future__ import annotations

from dataclasses import dataclass

ARENAS = ("physical", "mental", "social")
ROLES = ("power", "control", "resistance")


@dataclass(frozen=True)
class Attribute:
    """One attribute: its name, letter, arena and role."""

    name: str
    letter: str
    arena: str
    role: str


_NAMES = (("Strength", "Finesse", "Endurance"), ("Intellect", "Wit", "Resolve"),
          ("Presence", "Guile", "Composure"))
ATTRIBUTES: dict[str, Attribute] = {
    name.lower(): Attribute(name, name[0], arena, role)
    for arena, row in zip(ARENAS, _NAMES) for role, name in zip(ROLES, row)
}
"""By key (lower-case name), in the draft's order."""
