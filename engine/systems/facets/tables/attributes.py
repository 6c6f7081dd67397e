"""The attribute grid, and the list of the draft's gaps (designer's notes).

>>> build_table("facets-attributes").text_rows()[1]
['Physical', 'Strength (S)', 'Finesse (F)', 'Endurance (E)']
>>> len(build_table("facets-gaps").rows) > 10
True
"""

from __future__ import annotations

from rollwright.kit.markup import el
from rollwright.kit.tables import Cell, TableData, build_table, make_table, register_table
from facets.rules.attributes import ARENAS, ATTRIBUTES, ROLES

GAPS = (
    ("Die steps below d4 or above d20", "stops at the end and flags it", "checks.md#the-die-ladder"),
    ("Lowest face an ability may explode on", "accepts 2 and up; states the cap", "checks.md#exploding-dice"),
    ("Explosion depth", "capped at nine extra dice; the chance of reaching it is shown", "checks.md#exploding-dice"),
    ("What a critical failure is", "a visible choice of reading", "checks.md#effort"),
    ("What effort buys on a roll", "not modelled", "checks.md#effort"),
    ("Does a success at a cost count in an extended check", "a visible choice", "checks.md#extended-checks"),
    ("Initiative ties", "rolled again in the conflict odds", "conflicts.md#initiative-and-turns"),
    ("The unfinished \"seeking an advantage\" maneuver", "no rules; not modelled",
     "conflicts.md#initiative-and-turns"),
    ("\"+1 per shift\" in the Endurance defense", "shift is undefined; left out", "conflicts.md#defending"),
    ("Defending against a pair of attacks", "each attack defended separately",
     "conflicts.md#two-attacks-in-one-action"),
    ("What tokens do", "shown as chances, never spent", "conflicts.md#defending"),
    ("What follows exhausted", "not named", "consequences.md#the-ladder"),
    ("Rounding a third of Health a day; the length of a month", "kept exact", "consequences.md#recovery"),
    ("Attribute budget at creation", "the player's choice", "characters.md#attributes"),
    ("Actual facets and traits", "written by the player", "characters.md#open-and-closed"),
    ("Rules for the conceits", "none given", "conceits.md"),
)
"""Each gap: what is missing, what the site does, and the page (relative to docs/facets/)."""


@register_table("facets-attributes", "The nine attributes by arena and role.")
def attributes_table() -> TableData:
    rows = [[arena.capitalize(), *(f"{a.name} ({a.letter})" for role in ROLES for a in ATTRIBUTES.values()
                                   if a.arena == arena and a.role == role)] for arena in ARENAS]
    return make_table("facets-attributes", "Attributes: arena (rows) and role (columns)",
                      ["", *(role.capitalize() for role in ROLES)], rows)


@register_table("facets-gaps", "Where the draft is silent, and what the site does there.")
def gaps_table() -> TableData:
    rows = []
    for gap, does, page in GAPS:
        name = page.split("#")[0].removesuffix(".md")
        rows.append([gap, does, Cell(name, html=el("a", {"href": f"../{page.replace('.md', '/')}"}, name))])
    return make_table("facets-gaps", "The draft's gaps", ["Gap", "What the site does", "Page"], rows)
