"""Rollwright: interactive rules references for tabletop RPGs, from one exact rules engine.

This package's engine part (``dice``, ``kit``, ``errors``) is pure Python with no I/O and
nothing outside the standard library: it runs at site build time in CPython and in the
reader's browser in Pyodide. ``rollwright.mkdocs`` builds sites with it (the MkDocs plugin,
macros and build steps) and ``rollwright.cli`` is the ``rollwright`` command.

>>> from rollwright.dice import die
>>> (die(6) + die(6)).probability(7)
Fraction(1, 6)
"""

from pkgutil import extend_path

# In a source checkout, engine/rollwright/ and macros/rollwright/ are two folders of one package
# (the MkDocs side lives apart from the engine); an installed wheel has one folder.
__path__ = extend_path(__path__, __name__)

__version__ = "0.2.0"
