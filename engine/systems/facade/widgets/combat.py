"""Widgets for Façade combat: attack resolver, damage against armor and simple-combat blows.

>>> from rollwright.kit.widget import lookup_widget
>>> lookup_widget("facade-armor").call, lookup_widget("facade-attack").live
('facade.armor_damage', 'change')
"""

from __future__ import annotations

from facade.views import combat as facade_combat_views
from rollwright.kit.widget import Field, Widget, register_widget
from facade.rules.combat import BLOW_NAMES, SAVAGE_READING_NAMES
from facade.rules.combat_equipment import (ARMOR_LIST, MATERIALS, MELEE_WEAPONS, RANGED_WEAPONS,
                                                           UNDEFINED_TYPE)

_WEAPON_LABELS = {w.key: f"{w.name} ({w.damage.text}{', ranged' if w.ranged else ''})"
                  for w in MELEE_WEAPONS + RANGED_WEAPONS} | {"custom": "Custom (levels and type below)"}
_ARMOR_LABELS = ({"none": "No armor"}
                 | {a.key: f"{a.name} ({a.protection_text}, Reduction {a.reduction_text})" for a in ARMOR_LIST}
                 | {f"material-{m.key}": f"Material: {m.name} ({m.protection_text}, Reduction {m.reduction_text})"
                    for m in MATERIALS})

# A named weapon fixes its damage; the reader picks the type only for a custom weapon or a type-L one.
_TYPE_CHOSEN_BY_READER = ("custom", *(w.key for w in MELEE_WEAPONS + RANGED_WEAPONS
                                      if w.damage.kind == UNDEFINED_TYPE))

register_widget(Widget(
    "facade-attack", "Attack resolver", "facade.attack",
    (Field("trait", "Attacker's trait"), Field("action", "Defender's Action"),
     Field("defense", "Defense", choice_labels={"none": "None: Action score only",
                                                "active": "Active: defender rolls a trait"}),
     Field("defender_trait", "Defender's trait (active defense)", optional=True)),
    "Resolve", facade_combat_views.attack_view, live="change", defaults={"trait": 12, "action": 10, "defense": "none"}))
register_widget(Widget(
    "facade-armor", "Damage against armor", "facade.armor_damage",
    (Field("weapon", "Weapon", choice_labels=_WEAPON_LABELS),
     Field("levels", "Custom damage levels", hint="Used only with a custom weapon.", used_when=("weapon", ("custom",))),
     Field("damage_type", "Damage type", choice_labels={"B": "B: Bruising", "C": "C: Crushing", "D": "D: Deadly"},
           hint="For a custom weapon, or a ranged weapon of type L.", used_when=("weapon", _TYPE_CHOSEN_BY_READER)),
     Field("armor", "Armor", choice_labels=_ARMOR_LABELS),
     Field("bullets", "Double against Reduction", choice_labels={
         "weapon": "As the weapon (footnote 3)", "yes": "Yes", "no": "No"}),
     Field("blow", "Blow", choice_labels=BLOW_NAMES)),
    "Work out", facade_combat_views.armor_view, live="change",
    defaults={"weapon": "broadsword", "levels": 3, "damage_type": "D", "armor": "leather-armor",
              "bullets": "weapon", "blow": "full"}))
register_widget(Widget(
    "facade-blow", "Simple-combat blows", "facade.blow",
    (Field("trait_a", "Side A trait"), Field("trait_b", "Side B trait"),
     Field("roll_a", "A's roll (optional)", optional=True, goes_with=("trait_a", "trait_b")),
     Field("roll_b", "B's roll (optional)", optional=True, goes_with=("trait_a", "trait_b")),
     Field("savage", "Savage blow reading", choice_labels=SAVAGE_READING_NAMES,
           hint="The draft's \"wins by triple\" reads either way.")),
    "Compare", facade_combat_views.blow_view, live="change",
    defaults={"trait_a": 10, "trait_b": 10, "savage": "triple"}))
