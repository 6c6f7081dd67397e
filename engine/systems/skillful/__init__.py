"""Skillful: an open-ended d20 against an opposing total; losses cost effort in tiers of ten.

Everything of the system lives in this package: ``rules/`` (the rules and the
errata they find in the draft), ``calls/``, ``widgets/``, ``tables/`` and
``macros.py``. The kit finds each folder by its name.

>>> SYSTEM.id, SYSTEM.pages[0].path
('skillful', 'skillful/index.md')
"""

from rollwright.kit.system import Page, System
from skillful.quick import QUICK_REFERENCE
from skillful.character import SCHEMA, SKILL_SLOTS

SYSTEM = System(
    id="skillful",
    title="Skillful",
    pitch="Open d20 plus skill against an opposing total; the defender pays effort from fatigue "
          "pools, more for every ten points lost.",
    source="Skillful wiki draft 'Resolving Actions' (shared/seeds/003_3297160983357f1a.txt)",
    docs="skillful",
    pages=(
        Page("skillful/index.md", "Overview"),
        Page("skillful/checks.md", "Checks and contests"),
        Page("skillful/consequences.md", "Consequences"),
        Page("skillful/attitudes.md", "Attitudes"),
        Page("skillful/suckage.md", "Suckage points"),
        Page("skillful/narrowing.md", "Threshold narrowing"),
        Page("skillful/fumbles.md", "Fumble thresholds"),
        Page("skillful/aid.md", "Aid"),
        Page("skillful/quick-reference.md", "Quick reference"),
        Page("skillful/tracker.md", "Fatigue tracker"),
        Page("skillful/builder.md", "Character builder"),
        Page("skillful/notes.md", "Designer's notes"),
        Page("skillful/errata.md", "Errata"),
    ),
    character_schema=SCHEMA,
    character_limits={"skills": SKILL_SLOTS},
    licence=None,  # the draft states none: the pages say so, and grant nothing
    attribution="the authors of its draft, who are not named in it",
    quick_reference=QUICK_REFERENCE,
)
