"""Ready-made example characters a new player can open from the builder's roster.

Both follow the rules of weighted point-buy with the default budgets (tests check that
they stay valid). Names and concepts are our own.

>>> [c["name"] for c in EXAMPLES]
['Mara Quill, duelist', 'Tobias Reed, scholar']
"""

from __future__ import annotations

import copy
from typing import Any

from facade.character.model import CAPS, MAX_NAME, MAX_NOTES, MODIFIER_CATEGORIES

EXAMPLES: list[dict[str, Any]] = [{'schema': 'rollwright/facade-character',
  'version': 2,
  'id': '',
  'name': 'Mara Quill, duelist',
  'player': '',
  'concept': 'A fencing teacher with a quick eye (an example character)',
  'notes': '',
  'method': 'point-buy',
  'settings': {'skills': 'standard',
               'liabilities': 'bonus',
               'formula': 'female',
               'budget': {'AP': 100, 'SP': 200, 'BP': 50, 'EP': 50},
               'age': None,
               'bp_from_age': None},
  'attributes': {'strength': 3,
                 'stamina': 3,
                 'health': 3,
                 'finesse': 4,
                 'grace': 3,
                 'agility': 5,
                 'reason': 2,
                 'insight': 3,
                 'perception': 4,
                 'poise': 2,
                 'charisma': 2,
                 'wits': 4,
                 'creativity': 2,
                 'luck': 2,
                 'will': 3},
  'bodyweight': None,
  'modifiers': [{'name': 'Quick reflexes',
                 'category': 'action',
                 'grade': 'medium',
                 'level': 1,
                 'negative': False}],
  'skills': [{'name': 'Fencing', 'level': 2, 'focuses': [{'name': 'Rapier', 'level': 1, 'specialties': []}]},
             {'name': 'Athletics', 'level': 1, 'focuses': []}],
  'backgrounds': [],
  'conversions': {'AP': 0, 'SP': 0, 'BP': 0}},
 {'schema': 'rollwright/facade-character',
  'version': 2,
  'id': '',
  'name': 'Tobias Reed, scholar',
  'player': '',
  'concept': 'A patient archivist who reads old hands (an example character)',
  'notes': '',
  'method': 'point-buy',
  'settings': {'skills': 'standard',
               'liabilities': 'bonus',
               'formula': 'female',
               'budget': {'AP': 100, 'SP': 200, 'BP': 50, 'EP': 50},
               'age': None,
               'bp_from_age': None},
  'attributes': {'strength': 2,
                 'stamina': 3,
                 'health': 3,
                 'finesse': 3,
                 'grace': 2,
                 'agility': 2,
                 'reason': 5,
                 'insight': 5,
                 'perception': 3,
                 'poise': 3,
                 'charisma': 3,
                 'wits': 3,
                 'creativity': 4,
                 'luck': 2,
                 'will': 3},
  'bodyweight': None,
  'modifiers': [],
  'skills': [{'name': 'Lore',
              'level': 2,
              'focuses': [{'name': 'Old scripts', 'level': 2, 'specialties': []}]},
             {'name': 'Persuasion', 'level': 1, 'focuses': []}],
  'backgrounds': [],
  'conversions': {'AP': 0, 'SP': 0, 'BP': 0}}]


def largest(cascade: bool = False) -> dict[str, Any]:
    """A character with every list at its cap and every text at its longest: the costliest document the
    builder makes (``cascade``: under cascade skill buying), for sweeps of every call.

    >>> doc = largest()
    >>> len(doc["skills"]), len(doc["skills"][0]["focuses"][0]["specialties"]), len(doc["modifiers"])
    (30, 10, 40)
    """
    doc = copy.deepcopy(EXAMPLES[0])
    doc.update(name="N" * MAX_NAME, player="P" * MAX_NAME, concept="C" * MAX_NAME, notes="n" * MAX_NOTES)
    doc["settings"]["skills"] = "cascade" if cascade else "standard"
    doc["modifiers"] = [{"name": f"Modifier {i}", "category": MODIFIER_CATEGORIES[i % 5], "grade": "extreme",
                         "level": 3, "negative": i % 2 == 1} for i in range(CAPS["modifiers"])]
    doc["backgrounds"] = [{"name": f"Background {i}", "kind": ("standard", "exponential")[i % 2], "grade": "major",
                           "level": 3, "liability": i % 3 == 0, "classification": "resources"}
                          for i in range(CAPS["backgrounds"])]
    doc["skills"] = [{"name": f"Skill {s}", "level": 4, "focuses": [
        {"name": f"Focus {f}", "level": 4, "specialties": [{"name": f"Specialty {p}", "level": 4, "sp": "4.5"}
                                                           for p in range(CAPS["specialties"])]}
        for f in range(CAPS["focuses"])]} for s in range(CAPS["skills"])]
    return doc


def sample_documents() -> tuple[dict[str, Any], ...]:
    """Documents a sweep of every character call tries: the examples and the largest, both ways of buying skills."""
    return (*copy.deepcopy(EXAMPLES), largest(), largest(cascade=True))
