"""Façade's computed fields for its things (``things.toml``): what a blow of each weapon leaves through armor.

The damage of a blow (half for Glancing, the weapon's own for Full, double for Strong) meets the armor
as the combat rules read it (:func:`facade.rules.combat.damage_after_armor`): exact, halves kept.
A weapon of the undefined type L, or a Savage blow (the draft gives it no damage), has no answer.

>>> from rollwright.things.registry import package_kinds
>>> melee = next(k for k in package_kinds("facade") if k.id == "melee-weapons")
>>> blow_through(melee, melee.entry("broadsword"), armor="leather-armor")
Measure(value=Fraction(1, 1), text='1B')
>>> blow_through(melee, melee.entry("greatsword"), armor="leather-armor", blow="glancing").text
'½B'
"""

from __future__ import annotations

from fractions import Fraction

from rollwright.things.computed import Measure, computed
from rollwright.things.model import Entry, Kind
from facade.rules.combat import BLOWS, blow_damage, damage_after_armor
from facade.rules.combat_equipment import ARMOR, DAMAGE_TYPES, WEAPONS, _armor_tables

TYPE_RANK = {kind: rank for rank, kind in enumerate(DAMAGE_TYPES)}
"""Bruising, then Crushing, then Deadly: the list sorts what gets through by its type first, then its levels."""


@computed("facade.blow-through")
def blow_through(kind: Kind, entry: Entry, armor: str, blow: str = "full") -> Measure | None:
    """What a ``blow`` of the weapon leaves through the armor ``armor`` (a key of the armor list)."""
    if armor not in ARMOR or blow not in BLOWS:
        raise ValueError(f"facade.blow-through: armor {armor!r} or blow {blow!r} is unknown")
    weapon = WEAPONS[entry.id]
    if weapon.damage.kind not in DAMAGE_TYPES:
        return None
    dealt = blow_damage(weapon.damage.levels, blow)
    if dealt is None:
        return None
    result = damage_after_armor(dealt, weapon.damage.kind, ARMOR[armor], bullets=weapon.bullets)
    rank = TYPE_RANK[result.taken_kind] if result.taken else 0
    return Measure(rank * 100 + result.taken, result.taken_text)


@computed("facade.armor-errata")
def armor_errata(kind: Kind, entry: Entry) -> Measure | None:
    """Where the draft contradicts itself about this armor (the errata page lists the same), or None.

    >>> from rollwright.things.registry import package_kinds
    >>> armor = next(k for k in package_kinds("facade") if k.id == "armor")
    >>> armor_errata(armor, armor.entry("full-plate")).text
    'protection against D: 4 in the armor list; 5 for Thick Metal (Full Plate) in the materials table'
    >>> armor_errata(armor, armor.entry("leather-armor")) is None
    True
    """
    found = [e for e in _armor_tables() if e.key.startswith(f"armor-{entry.id}-")]
    if not found:
        return None
    text = " · ".join(f"{e.item.partition(': ')[2]}: {e.printed}; {e.computed}" for e in found)
    return Measure(Fraction(len(found)), text)


__all__ = ["Fraction", "armor_errata", "blow_through"]
