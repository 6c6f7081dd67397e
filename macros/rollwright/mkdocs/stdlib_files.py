"""Run inside Pyodide by ``make_snapshot.mjs``, once everything is imported: which files of the
standard-library zip the imported modules came from.

Leaves ``answer_json`` (a JSON list of paths inside the zip, sorted) in the namespace it runs in.
The build packs exactly those files into the site's small standard library (``lean_stdlib.py``),
which a normal boot of the same Pyodide then needs and nothing more. Imported elsewhere (a test,
a doctest run) it only defines :func:`zip_files`.
"""

import json
import sys


def zip_files(modules: dict, marker: str = ".zip/") -> list[str]:
    """Paths inside a zip of every module in ``modules`` loaded from one (sorted, once each).

    >>> class M: pass
    >>> a, b, c = M(), M(), M()
    >>> a.__file__, b.__file__, c.__file__ = "/lib/py.zip/json/__init__.py", "/lib/site/x.py", None
    >>> zip_files({"json": a, "x": b, "c": c, "d": None})
    ['json/__init__.py']
    """
    found = set()
    for module in list(modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and marker in path:
            found.add(path.split(marker, 1)[1])
    return sorted(found)


if __name__ == "__main__":  # run by make_snapshot.mjs
    answer_json = json.dumps(zip_files(sys.modules))
