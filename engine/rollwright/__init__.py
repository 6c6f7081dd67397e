"""Rollwright rules engine: exact dice maths and rule systems, pure Python.

The same package runs at site build time (CPython, through the macros) and in
the reader's browser (Pyodide, inside a Web Worker). It does no I/O and imports
nothing outside the standard library.

>>> from rollwright.dice import die
>>> (die(6) + die(6)).probability(7)
Fraction(1, 6)
"""

__version__ = "0.1.0"
