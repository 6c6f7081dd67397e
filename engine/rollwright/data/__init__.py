"""Rules as data: a game declared in one ``game.toml``, registered like a game written in Python.

The file is read (:mod:`~rollwright.data.loader`, :mod:`~rollwright.data.parts`) into plain values
(:mod:`~rollwright.data.model`); formulas are parsed, never evaluated as code
(:mod:`~rollwright.data.formula`); a check's exact odds and seeded rolls come from the dice engine
(:mod:`~rollwright.data.checks`); :mod:`~rollwright.data.install` and
:mod:`~rollwright.data.character` put the calls, widgets, tables, errata and builder into the kit's
registries, and :mod:`~rollwright.data.discover` finds the file of each of the site's systems.
"""
