"""Finding what fills the engine's registries: the systems, and their calls, widgets, tables and rules.

A system is a package under ``engine/systems/``. Inside it, each kind of
contribution has a folder of its own, and every module in that folder is
imported when the kind is first needed, so a new rules area is one new file::

    engine/systems/<system>/calls/*.py     registry calls      (rollwright.kit.registry.register)
    engine/systems/<system>/widgets/*.py   live widgets        (rollwright.kit.widget.register_widget)
    engine/systems/<system>/tables/*.py    reference tables    (rollwright.kit.tables.register_table)
    engine/systems/<system>/rules/*.py     rules, and their errata sources (rollwright.kit.errata.errata_source)

The shared kit contributes its own calls and widgets the same way (``engine/kit/calls/``,
``engine/kit/widgets/``).
Nothing here names a system: they are found by listing packages.

>>> "demo" in system_packages()
False
>>> load("calls")  # every call module of the kit and of every system, imported once
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache

SYSTEMS_PACKAGE = "engine.systems"
KIT_PACKAGE = "rollwright.kit"
KINDS = ("calls", "widgets", "tables", "rules")
"""The folders a system (or the kit) may have, each imported whole when its kind is needed."""


@cache
def import_package(package_name: str) -> tuple[str, ...]:
    """Import every module of ``package_name`` (not sub-packages' contents); return their names, sorted.

    A package that does not exist (or a plain module of that name) imports nothing. Done
    once per package: registries call this on every lookup, which must stay cheap.
    """
    spec = importlib.util.find_spec(package_name)
    if spec is None or spec.submodule_search_locations is None:
        return ()
    package = importlib.import_module(package_name)
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))
    for name in names:
        importlib.import_module(f"{package_name}.{name}")
    return tuple(names)


@cache
def system_packages() -> tuple[str, ...]:
    """The package names under ``engine/systems/``, sorted (each one is a system)."""
    package = importlib.import_module(SYSTEMS_PACKAGE)
    return tuple(sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                        if m.ispkg and not m.name.startswith("_")))


@cache
def load(kind: str) -> None:
    """Import the kit's and every system's modules of one kind (``calls``, ``widgets``, ``tables``, ``rules``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)} (got {kind!r})")
    import_package(f"{KIT_PACKAGE}.{kind}")
    for package in system_packages():
        import_package(f"{SYSTEMS_PACKAGE}.{package}.{kind}")


def load_all() -> None:
    """Fill every registry (what the browser worker and a memory snapshot want up front)."""
    for kind in KINDS:
        load(kind)
