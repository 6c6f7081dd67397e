"""Façade: stepped dice (trait 1-18 -> d2 ... 3d10+d6) and success levels.

Everything of the system lives in this package: ``rules/`` (the rules, and the
errata they find in the draft), ``character/`` (the character document and the
builder contract), ``calls/``, ``views/``, ``tables/``, ``widgets/`` and
``macros.py``. The kit finds each folder by its name.

>>> from facade import trait_dice, judge
>>> trait_dice(12).notation, judge(20, 10).name
('2d10+d4', 'Good Success')
>>> SYSTEM.id, SYSTEM.pages[0].path
('facade', 'facade/index.md')
"""

from rollwright.kit.system import Page, System
from facade.character.model import CAPS, SCHEMA
from facade.quick import QUICK_REFERENCE
from facade.rules.odds import ContestOdds, OutcomeOdds, contest_odds, outcome_odds
from facade.rules.success import Outcome, judge, success_chart, success_level
from facade.rules.traits import TRAIT_CHART, TraitDice, trait_dice, trait_distribution

SYSTEM = System(
    id="facade",
    title="Façade",
    pitch="Traits rated 1 to 18 roll stepped dice; the margin over the difficulty, in threes, sets the success.",
    source="Façade draft rules (shared/seeds/000_00052c8d2dc1dbe3.txt): complete basic rules, characters, "
           "combat, systems and character creation",
    docs="facade",
    pages=(
        Page("facade/index.md", "Overview"),
        Page("facade/basic-rules.md", "Basic rules"),
        Page("facade/characters.md", "Characters"),
        Page("facade/combat.md", "Combat"),
        Page("facade/systems.md", "Systems"),
        Page("facade/creation.md", "Character creation"),
        Page("facade/quick-reference.md", "Quick reference"),
        Page("facade/builder.md", "Character builder"),
        Page("facade/compendium.md", "Compendium"),
        Page("facade/errata.md", "Errata"),
    ),
    character_schema=SCHEMA,
    reads_unmarked_characters=True,  # version 1 files had no schema field
    character_limits={"modifiers": CAPS["modifiers"], "backgrounds": CAPS["backgrounds"], "skills": CAPS["skills"],
                      "skills.*.focuses": CAPS["focuses"], "skills.*.focuses.*.specialties": CAPS["specialties"]},
    licence=None,  # the draft states none: the pages say so, and grant nothing
    attribution="the authors of its draft, who are not named in it",
    quick_reference=QUICK_REFERENCE,
)

__all__ = [
    "SYSTEM", "TRAIT_CHART", "ContestOdds", "Outcome", "OutcomeOdds", "TraitDice", "contest_odds", "judge",
    "outcome_odds", "success_chart", "success_level", "trait_dice", "trait_distribution",
]
