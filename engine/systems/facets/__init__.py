"""Facets: nine attributes rated d4 to d20, exploding dice, outcome bands against a TN.

Everything of the system lives in this package: ``rules/`` (dice, bands,
extended checks, attacks, conflicts, recovery, and the errata they find),
``character.py`` (the character and the builder contract's views),
``calls/``, ``widgets/``, ``tables/`` and ``macros.py``.

>>> SYSTEM.id, SYSTEM.pages[0].path
('facets', 'facets/index.md')
"""

from rollwright.kit.system import Page, System
from facets.quick import QUICK_REFERENCE
from facets.character import FACETS, SCHEMA, TRAIT_SLOTS

SYSTEM = System(
    id="facets",
    title="Facets",
    pitch="Nine attributes rated d4 to d20; dice explode; the margin over the target number "
          "sets one of five outcome bands.",
    source="Facets draft rules (shared/seeds/001_4f3212e272b4eb9c.txt): checks, extended checks, "
           "facets and traits, conflicts, consequences, recovery and four campaign conceits",
    docs="facets",
    pages=(
        Page("facets/index.md", "Overview"),
        Page("facets/checks.md", "Checks"),
        Page("facets/conflicts.md", "Conflicts"),
        Page("facets/consequences.md", "Consequences and recovery"),
        Page("facets/characters.md", "Characters and facets"),
        Page("facets/conceits.md", "Conceits"),
        Page("facets/quick-reference.md", "Quick reference"),
        Page("facets/builder.md", "Character builder"),
        Page("facets/errata.md", "Errata and designer's notes"),
    ),
    character_schema=SCHEMA,
    character_limits={f"facets.{key}.traits": TRAIT_SLOTS for key in FACETS},
    licence=None,  # the draft states none: the pages say so, and grant nothing
    attribution="the authors of its draft, who are not named in it",
    quick_reference=QUICK_REFERENCE,
)
