"""Pips: a one-page game. Roll a d6 for each die of skill; every 5 or 6 is a hit.

The kit finds each of this package's folders by name: ``rules/``, ``calls/``,
``widgets/`` and ``tables/``; the site's macros find ``macros.py``.

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
    source="The Pips one-page draft",
    docs="pips",
    pages=(
        Page("pips/index.md", "Pips"),
        Page("pips/errata.md", "Errata"),
        Page("pips/builder.md", "Character builder"),
    ),
    character_schema=SCHEMA,
    licence=None,  # the licence of your rules text: an SPDX id such as "CC-BY-4.0", or your own words
    attribution="",  # whom to credit, e.g. "Jane Doe, 2026"
)
