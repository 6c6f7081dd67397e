"""A game's things as data: kinds (melee weapons, spells, monsters) with typed fields, and their entries.

Declared in a game's folder (``things.toml``, ``[kinds]`` in ``game.toml``, CSV files beside them) or in
a Python game's ``THINGS``; read and checked once (:mod:`rollwright.things.registry`); immutable values
(:mod:`rollwright.things.model`) that pages, JSON and the command line all read.
"""

from rollwright.things.model import FIELD_TYPES, Catalogue, Entry, FieldSpec, Kind, Value

__all__ = ["FIELD_TYPES", "Catalogue", "Entry", "FieldSpec", "Kind", "Value"]
