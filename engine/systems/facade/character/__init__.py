"""The Façade character builder's engine: model, reading, costs in context, validation, derivations, sheets.

>>> from facade.character import check_character, parse, serialize
>>> doc = check_character({"name": "Ada"})["character"]
>>> serialize(parse(doc)) == doc
True
"""

from __future__ import annotations

from facade.character.check import SUGGESTIONS, check_character, evaluate, new_document
from facade.character.model import Character, new_character, serialize
from facade.character.parse import parse, read

__all__ = ["SUGGESTIONS", "Character", "check_character", "evaluate", "new_character", "new_document", "parse",
           "read", "serialize"]
