"""Discovery of the modules that fill the engine's registries.

Calls, widgets, tables and errata register themselves when their module is
imported. Each registry imports its package's modules by name suffix, so a new
rules area is one new file and no shared list to edit.

>>> "facade_calls" in import_submodules("engine.api", "_calls")
True
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache


@cache
def import_submodules(package_name: str, suffix: str = "") -> tuple[str, ...]:
    """Import every module of ``package_name`` whose name ends with ``suffix``; return their names, sorted.

    Done once per (package, suffix): registries call this on every lookup, which must stay cheap.
    """
    package = importlib.import_module(package_name)
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                   if m.name.endswith(suffix) and not m.name.startswith("_"))
    for name in names:
        importlib.import_module(f"{package_name}.{name}")
    return tuple(names)
