"""Rollwright: interactive rules references for tabletop RPGs, from one exact rules engine.

This package's engine part (``dice``, ``kit``, ``errors``) is pure Python with no I/O and
nothing outside the standard library: it runs at site build time in CPython and in the
reader's browser in Pyodide. ``rollwright.mkdocs`` builds sites with it (the MkDocs plugin,
macros and build steps) and ``rollwright.cli`` is the ``rollwright`` command.

>>> from rollwright.dice import die
>>> (die(6) + die(6)).probability(7)
Fraction(1, 6)
"""

import sys


def _extend_path(path: list[str], name: str) -> list[str]:
    """``pkgutil.extend_path`` for a top-level package, without importing ``pkgutil``.

    ``pkgutil`` brings ``typing``, ``weakref`` and ``importlib.util`` (several ms of every
    fresh process, the browser's included) for this one call. As it does: every folder that
    the path finders of ``sys.path`` find for ``name`` (a package or a namespace portion) is
    added once, in ``sys.path`` order (``.pkg`` files aside, which this project has none of).
    """
    path = list(path)
    for entry in sys.path:
        if not isinstance(entry, str):
            continue
        if entry in sys.path_importer_cache:
            finder = sys.path_importer_cache[entry]
        else:
            finder = None
            for hook in sys.path_hooks:
                try:
                    finder = hook(entry)
                except ImportError:
                    continue
                sys.path_importer_cache.setdefault(entry, finder)
                break
        spec = finder.find_spec(name) if finder is not None and hasattr(finder, "find_spec") else None
        for portion in (spec.submodule_search_locations or []) if spec is not None else []:
            if portion not in path:
                path.append(portion)
    return path


# In a source checkout, engine/rollwright/ and macros/rollwright/ are two folders of one package
# (the MkDocs side lives apart from the engine); an installed wheel has one folder.
__path__ = _extend_path(__path__, __name__)

__version__ = "0.2.0"
