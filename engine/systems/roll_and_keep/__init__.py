"""Roll & Keep: the combat chapter of a roll-and-keep game (d10 pools that explode on 10).

``XkY`` rolls X ten-sided dice, explodes every 10 (the extra roll adds to the
same die), and only then keeps the Y highest dice. The kit finds ``rules/``,
``calls/``, ``widgets/`` and ``tables/`` by name, and ``macros.py`` for pages.

>>> SYSTEM.id, SYSTEM.pages[0].path
('roll-and-keep', 'roll-and-keep/index.md')
"""

from rollwright.kit.system import Page, System
from roll_and_keep.quick import QUICK_REFERENCE
from roll_and_keep.character import SCHEMA, SLOTS

SYSTEM = System(
    id="roll-and-keep",
    title="Roll & Keep",
    pitch="Pools of ten-sided dice that explode on 10, keep the best few; ten-phase turns, "
          "passive target numbers, flesh and dramatic wounds.",
    source="A draft combat chapter for a roll-and-keep game (seed 004)",
    docs="roll-and-keep",
    pages=(
        Page("roll-and-keep/index.md", "Overview"),
        Page("roll-and-keep/rolling.md", "Rolling and keeping"),
        Page("roll-and-keep/turns.md", "Turns, phases and initiative"),
        Page("roll-and-keep/attacks.md", "Attacking and defending"),
        Page("roll-and-keep/wounds.md", "Wounds"),
        Page("roll-and-keep/errata.md", "Errata and designer's notes"),
        Page("roll-and-keep/quick-reference.md", "Quick reference"),
        Page("roll-and-keep/builder.md", "Character builder"),
    ),
    character_schema=SCHEMA,
    character_limits={"attacks": SLOTS, "defenses": SLOTS},
    licence=None,  # the draft states none: the pages say so, and grant nothing
    attribution="the authors of its draft, who are not named in it",
    quick_reference=QUICK_REFERENCE,
)
