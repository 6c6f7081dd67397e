"""Pips: a one-page game. Roll a d6 for each die of skill; every 5 or 6 is a hit.

This is the example system of the designer's guide ("Add a system"). The kit
finds each of its folders by name: ``rules/``, ``calls/``, ``widgets/`` and
``tables/``; the site's macros find ``macros.py``.

>>> SYSTEM.id, [page.path for page in SYSTEM.pages]
('pips', ['pips/index.md', 'pips/errata.md', 'pips/builder.md'])
"""

from rollwright.kit.system import Page, System
from pips.character import SCHEMA

SYSTEM = System(
    id="pips",
    title="Pips",
    pitch="Roll a d6 for each die of skill; every 5 or 6 is a hit. "
          "A task needs one to three hits.",
    source="The Pips one-page draft (the designer's guide's example)",
    docs="pips",
    pages=(
        Page("pips/index.md", "Pips"),
        Page("pips/errata.md", "Errata"),
        Page("pips/builder.md", "Character builder"),
    ),
    character_schema=SCHEMA,
)
