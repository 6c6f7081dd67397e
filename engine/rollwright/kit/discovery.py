"""Finding what fills the engine's registries: the systems, and their calls, widgets, tables and rules.

A system is an importable package that declares ``SYSTEM`` in its ``__init__``. Which
systems a site has is said in one of two ways, and never by a list in shared code:

* the site names them (:func:`use_systems`): the MkDocs plugin does so from the site's
  ``mkdocs.yml`` (a folder of the site, or an installed system by name), the command line
  and ``rollwright check`` likewise, and the browser's entry module (written by the build)
  names exactly the systems the site was built with;
* otherwise every system installed as a package: the entry point group
  ``rollwright.systems`` (``lanternfall = "lanternfall"``: a name, then the module).

Inside a system, each kind of contribution has a folder of its own, and every module in
that folder is imported when the kind is first needed, so a new rules area is one new file::

    <system>/calls/*.py     registry calls      (rollwright.kit.registry.register)
    <system>/widgets/*.py   live widgets        (rollwright.kit.widget.register_widget)
    <system>/tables/*.py    reference tables    (rollwright.kit.tables.register_table)
    <system>/rules/*.py     rules, and their errata sources (rollwright.kit.errata.errata_source)
    <system>/game.toml      all of these, declared as data (rollwright.data)

The shared kit contributes its own calls and widgets the same way (``rollwright/kit/calls/``,
``rollwright/kit/widgets/``).

>>> valid_module_name("lanternfall"), valid_module_name("roll_and_keep"), valid_module_name("my-game")
(True, True, False)
>>> load("calls")  # every call module of the kit and of every system, imported once
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterable
from functools import cache

ENTRY_POINT_GROUP = "rollwright.systems"
"""Where an installed system package announces itself (``[project.entry-points."rollwright.systems"]``)."""
KIT_PACKAGE = "rollwright.kit"
KINDS = ("calls", "widgets", "tables", "rules")
"""The folders a system (or the kit) may have, each imported whole when its kind is needed."""

_MODULE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_chosen: list[tuple[str, ...]] = []
_examples: list[tuple[str, ...]] = [()]
_loaded: set[str] = set()
"""The kinds loaded so far: naming other systems loads the same kinds of theirs at once."""


def valid_module_name(name: str) -> bool:
    """Whether ``name`` can be imported as a module path (``lanternfall``, ``games.pips``)."""
    return bool(_MODULE_NAME.match(name))


def use_systems(modules: Iterable[str], examples: Iterable[str] = ()) -> None:
    """Make ``modules`` (importable package names, in order) this process's systems, and ``examples`` its
    example games.

    Called once at start-up by whatever knows the site (the plugin, the command line, the
    browser's entry module, a test). Systems already imported stay registered; registries filled
    before (an import of :mod:`rollwright.kit.api` first) get the named systems' modules at once.
    An example game registers its calls, widgets and tables like a system, so any page can show them,
    but it is not one of the site's games (:func:`example_packages`).
    """
    chosen, shown = tuple(modules), tuple(examples)
    bad = [name for name in (*chosen, *shown) if not valid_module_name(name)]
    if bad:
        raise ValueError(f"a system is named by its Python package, like 'lanternfall' (got {bad[0]!r})")
    if len(set(chosen + shown)) != len(chosen + shown):
        raise ValueError(f"a system is named twice: {', '.join(chosen + shown)}")
    _chosen[:] = [chosen]
    _examples[:] = [shown]
    system_packages.cache_clear()
    load.cache_clear()
    for kind in sorted(_loaded):
        load(kind)


def installed_systems() -> tuple[str, ...]:
    """The module of every system installed as a package (entry points ``rollwright.systems``), by name."""
    from importlib.metadata import entry_points  # only when no site said which systems it has

    found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name)
    return tuple(dict.fromkeys(point.value.partition(":")[0].strip() for point in found))


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
    """The systems' package names: those the site named (:func:`use_systems`), else the installed ones."""
    return _chosen[0] if _chosen else installed_systems()


def example_packages() -> tuple[str, ...]:
    """The example games' package names (:func:`use_systems`): loaded into every registry like the systems,
    but not the site's games (no home page entry, print edition, search button or page rules).

    >>> isinstance(example_packages(), tuple)
    True
    """
    return _examples[0]


def game_packages() -> tuple[str, ...]:
    """Every package whose calls, widgets and tables the registries hold: the systems, then the examples."""
    return system_packages() + example_packages()


@cache
def load(kind: str) -> None:
    """Import the kit's and every system's modules of one kind (``calls``, ``widgets``, ``tables``, ``rules``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)} (got {kind!r})")
    import_package(f"{KIT_PACKAGE}.{kind}")
    for package in game_packages():
        import_package(f"{package}.{kind}")
    _install_declared(game_packages())
    _loaded.add(kind)


def _install_declared(packages: tuple[str, ...]) -> None:
    """Register what each system declares as data (its ``game.toml``), once; see :mod:`rollwright.data`."""
    from rollwright.data.discover import install_package  # the data layer builds on the kit

    for package in packages:
        module = importlib.import_module(package)
        install_package(package, getattr(module, "SYSTEM", None))


def load_all() -> None:
    """Fill every registry (what the browser worker and a memory snapshot want up front)."""
    for kind in KINDS:
        load(kind)
