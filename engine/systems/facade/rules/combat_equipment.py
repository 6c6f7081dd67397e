"""Façade combat equipment: melee weapons, martial arts, ranged weapons and armor.

The weapons and armor are the game's things (``things.toml`` and its CSV files): read here into the
values the rules use, so the tables, the calculators and the compendium share one source.

Damage is a number of levels and a type: B (Bruising), C (Crushing), D (Deadly),
or L, which the ranged table uses but the draft never defines. Armor has a
protection value per damage type and a Reduction (None where the draft prints
NA, as for shields). Where two printed tables give one item different values,
an erratum is registered; named armor always uses the armor list.

>>> WEAPONS["broadsword"].damage.text, ARMOR["leather-armor"].protection_text
('3D', '2B/1C/2D')
>>> RANGED_WEAPONS[1].name, RANGED_WEAPONS[1].bullets
('Longbow', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rollwright.kit.errata import Erratum, errata_source
from rollwright.things.model import Entry, Kind
from rollwright.things.registry import package_kinds

DAMAGE_TYPES = ("B", "C", "D")
DAMAGE_NAMES = {"B": "Bruising", "C": "Crushing", "D": "Deadly", "L": "L (undefined)"}
UNDEFINED_TYPE = "L"


def slug(name: str) -> str:
    """A stable key from a printed name.

    >>> slug("Shield, Small"), slug("Knife/Dagger"), slug("Comp. Bow")
    ('shield-small', 'knife-dagger', 'comp-bow')
    """
    cleaned = "".join(ch.lower() if ch.isalnum() else " " for ch in name)
    return "-".join(cleaned.split())


@dataclass(frozen=True)
class Damage:
    """Levels of one damage type, e.g. 3 Deadly levels (``3D``)."""

    levels: int
    kind: str  # B, C, D or L

    @property
    def text(self) -> str:
        return f"{self.levels}{self.kind}"


def _damage(text: str) -> Damage:
    return Damage(int(text[:-1]), text[-1])


@dataclass(frozen=True)
class Weapon:
    """One weapon. ``strength``/``minimum`` are the printed Str. and Min. columns (None: a dash)."""

    name: str
    damage: Damage
    strength: int | None
    minimum: int | None
    reach: str | None = None        # melee: Small, Medium, Large
    range_feet: int | None = None   # ranged
    notes: tuple[int, ...] = ()     # ranged footnote numbers on the weapon's name

    @property
    def key(self) -> str:
        return slug(self.name)

    @property
    def bullets(self) -> bool:
        """Footnote 3: bullets, crossbow quarrels and longbow arrows count double against Reduction."""
        return 3 in self.notes

    @property
    def ranged(self) -> bool:
        return self.range_feet is not None


def _melee(name: str, damage: str, strength: int | None, minimum: int | None, reach: str) -> Weapon:
    return Weapon(name, _damage(damage), strength, minimum, reach=reach)


def _ranged(name: str, damage: str, strength: int | None, minimum: int | None, feet: int,
            notes: tuple[int, ...] = ()) -> Weapon:
    return Weapon(name, _damage(damage), strength, minimum, range_feet=feet, notes=notes)


def _kind(kind_id: str) -> Kind:
    """One of Façade's kinds of things (``things.toml`` and its CSV files, beside this package's ``__init__``)."""
    return next(kind for kind in package_kinds("facade") if kind.id == kind_id)


def _number(entry: Entry, key: str) -> int | None:
    value = entry.get(key)
    return value if isinstance(value, int) else None


def _words(entry: Entry, key: str) -> tuple[str, ...]:
    value = entry.get(key)
    return value if isinstance(value, tuple) else ()


def _weapon(entry: Entry, ranged: bool) -> Weapon:
    damage = Damage(int(_number(entry, "damage") or 0), str(entry.get("type")))
    if ranged:
        notes = tuple(int(n) for n in _words(entry, "notes"))
        return Weapon(entry.name, damage, _number(entry, "strength"), _number(entry, "minimum"),
                      range_feet=_number(entry, "range"), notes=notes)
    return Weapon(entry.name, damage, _number(entry, "strength"), _number(entry, "minimum"),
                  reach=str(entry.get("reach")))


MELEE_WEAPONS: tuple[Weapon, ...] = tuple(_weapon(e, False) for e in _kind("melee-weapons").entries)
"""The melee weapons, from the entries of the kind ``melee-weapons`` (the draft's table, in its order)."""
RANGED_WEAPONS: tuple[Weapon, ...] = tuple(_weapon(e, True) for e in _kind("ranged-weapons").entries)

RANGED_FOOTNOTES: dict[int, str] = {
    2: "A bow's damage drops by however much extra Strain its user takes.",
    3: ("Bullets (shotgun shells excepted), crossbow quarrels and longbow arrows count as twice their "
        "damage when testing whether they get past an armor's Reduction."),
    4: ("Can fire automatically: a hit's success level and the weapon's Strength rating each rise "
        "by 1 for a three-round burst, or by 3 for emptying the clip."),
}

WEAPONS: dict[str, Weapon] = {w.key: w for w in MELEE_WEAPONS + RANGED_WEAPONS}


@dataclass(frozen=True)
class MartialArt:
    """One martial-arts attack: Bruising damage from a Strength (the attacker's or the target's)."""

    name: str
    modifier: int = 0
    halved: bool = False
    targets_strength: bool = False
    other: str = ""
    notes: tuple[int, ...] = ()

    @property
    def damage_text(self) -> str:
        """The damage formula, e.g. ``Strength + 3 B``, ``Strength ÷ 2 B``."""
        base = "Target's Strength" if self.targets_strength else "Strength"
        if self.halved:
            base += " ÷ 2"
        if self.modifier:
            base += f" {'+' if self.modifier > 0 else '−'} {abs(self.modifier)}"
        return f"{base} B"


MARTIAL_ARTS: tuple[MartialArt, ...] = (
    MartialArt("Headbutt", other="Cannot be parried or blocked"),
    MartialArt("Judo Throw", targets_strength=True, other="Target lands as many yards away as the success level"),
    MartialArt("Kick", other="Needs room to use"),
    MartialArt("Knee", modifier=-1, other="Cannot target the head"),
    MartialArt("Leaping Kick", modifier=3, other="Needs room"),
    MartialArt("Martial Kick", modifier=1, other="Needs room to use"),
    MartialArt("Martial Strike", halved=True, other="No extra Strain"),
    MartialArt("Punch", halved=True, other="+1 Strain on a hit"),
    MartialArt("Tackle/Grapple", halved=True, other="Athletics roll to keep hold", notes=(1,)),
)
MARTIAL_FOOTNOTES = {1: "From the second round of holding on, the damage ignores armor."}


@dataclass(frozen=True)
class Armor:
    """Protection against each damage type, Reduction (None: NA) and the bullet exception."""

    name: str
    protection: tuple[int, int, int]   # B, C, D
    reduction: int | None
    bullet_reduction: int | None = None
    example: str = ""                  # materials: the printed example in brackets
    coverage: tuple[str, ...] = ()     # armor list: T, A, L, H or Parry
    restrictions: str = ""
    to_all: bool = False               # shields: one protection value against every type

    @property
    def key(self) -> str:
        return slug(self.name)

    def protects(self, kind: str) -> int:
        return self.protection[DAMAGE_TYPES.index(kind)]

    def reduction_against(self, bullets: bool) -> int | None:
        """The Reduction that applies; the bullet value when there is one and bullets are flying."""
        if bullets and self.bullet_reduction is not None:
            return self.bullet_reduction
        return self.reduction

    @property
    def protection_text(self) -> str:
        if self.to_all:
            return f"{self.protection[0]} to all"
        return "/".join(f"{p}{t}" for p, t in zip(self.protection, DAMAGE_TYPES))

    @property
    def reduction_text(self) -> str:
        text = "NA" if self.reduction is None else str(self.reduction)
        return text + (f" ({self.bullet_reduction} vs bullets)" if self.bullet_reduction is not None else "")


def _material(entry: Entry) -> tuple[Armor, tuple[int | None, ...]]:
    """A material and its printed cells (None: a printed dash, worth 0)."""
    b, c, d, red = (_number(entry, key) for key in ("bruising", "crushing", "deadly", "reduction"))
    armor = Armor(entry.name, (b or 0, c or 0, d or 0), red or 0, _number(entry, "bullet_reduction"),
                  example=str(entry.get("example") or ""))
    return armor, (b, c, d, red)


_MATERIAL_ROWS = tuple(_material(e) for e in _kind("armor-materials").entries)
MATERIALS: tuple[Armor, ...] = tuple(m for m, _ in _MATERIAL_ROWS)
MATERIAL_CELLS: dict[str, tuple[int | None, ...]] = {m.key: cells for m, cells in _MATERIAL_ROWS}
"""The printed B, C, D and Reduction cells of each material (None where a dash is printed)."""


def _armor(entry: Entry) -> Armor:
    covers = _words(entry, "covers")
    protection = (int(_number(entry, "bruising") or 0), int(_number(entry, "crushing") or 0),
                  int(_number(entry, "deadly") or 0))
    return Armor(entry.name, protection, _number(entry, "reduction"), _number(entry, "bullet_reduction"),
                 coverage=covers, restrictions=str(entry.get("restrictions") or ""), to_all=covers == ("Parry",))


ARMOR_LIST: tuple[Armor, ...] = tuple(_armor(e) for e in _kind("armor").entries)
"""The armor list, from the entries of the kind ``armor``; a shield (it parries) protects the same against all."""
ARMOR: dict[str, Armor] = {a.key: a for a in ARMOR_LIST}
MATERIAL: dict[str, Armor] = {m.key: m for m in MATERIALS}
COVERAGE_NAMES = {"T": "torso", "A": "arms", "L": "legs", "H": "head", "Parry": "parries"}

# Armor-list items whose material row names them as its example (armor key, material key).
ARMOR_MATERIAL_PAIRS: tuple[tuple[str, str], ...] = (
    ("leather-jacket", "thick-leather"), ("leather-pants", "thin-leather"), ("leather-armor", "boiled-leather"),
    ("kevlar-vest", "kevlar"), ("shield-small", "thick-wood"), ("full-plate", "thick-metal"),
)
FACADE_ACTION_ATTRIBUTES = ("Finesse", "Grace", "Agility")


def _value(value: int | None) -> str:
    return "NA" if value is None else str(value)


@errata_source
def _armor_tables() -> Iterator[Erratum]:
    """Named armor against the material row that names it as its example; the Chain Shirt's 'Dex'."""
    for armor_key, material_key in ARMOR_MATERIAL_PAIRS:
        armor, material = ARMOR[armor_key], MATERIAL[material_key]
        fields: list[tuple[str, int | None, int | None]] = [(f"protection against {t}", armor.protects(t), material.protects(t)) for t in DAMAGE_TYPES]
        fields.append(("Reduction", armor.reduction, material.reduction))
        for what, listed, other in fields:
            if listed != other:
                yield Erratum(
                    key=f"armor-{armor_key}-{slug(what)}", page="facade/combat.md#armor-list",
                    where="Armor list against the basic armor values", item=f"{armor.name}: {what}",
                    printed=f"{_value(listed)} in the armor list",
                    computed=f"{_value(other)} for {material.name} ({material.example}) in the materials table",
                    rule="one item should have one value; calculators use the armor list for named armor",
                    kind="tables")
    yield Erratum(
        key="armor-chain-shirt-dex", page="facade/combat.md#armor-list", where="Armor list, restrictions",
        item="Chain Shirt: −1 Dex", printed="−1 Dex",
        computed=f"no attribute called Dex; the Action attributes are {', '.join(FACADE_ACTION_ATTRIBUTES)}",
        rule="the attribute list of the character rules", kind="text")
