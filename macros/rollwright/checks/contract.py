"""The contract check: a system declares itself, names what it registers after itself, implements the
builder contract when it has a character builder, and adds page macros whose names no one else uses.

A system's id prefixes everything it registers: calls are ``<id>.name``, widgets and tables
``<id>-name`` (:mod:`rollwright.kit.system`). What a system's package registers is found by the module
that registered it (a call's or a table's function); a widget belongs to the system whose call it makes.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import SystemPackage
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.characters import contract_problems, system_for_document
from rollwright.kit.system import System
from rollwright.kit.tables import all_tables
from rollwright.kit.widget import all_widgets
from rollwright.mkdocs.macros import GENERIC_MACROS

CHECK = "contract"


def _in_package(fn: Callable[..., Any], module: str) -> bool:
    owner = getattr(fn, "__module__", "") or ""
    return owner == module or owner.startswith(module + ".")


def declaration_problems(system: System, module: str) -> list[str]:
    """What the package's ``SYSTEM`` (or its ``game.toml``'s ``[game]``) lacks: a title, a pitch, a source, a docs
    folder."""
    missing = [what for what in ("title", "pitch", "source", "docs") if not str(getattr(system, what)).strip()]
    if system.declared_in:
        return [f"{system.declared_in}: game.{what} is empty; write the game's {what} there" for what in missing]
    return [f"{module}/__init__.py: SYSTEM declares no {what} (System({what}=...))" for what in missing]


def naming_problems(package: SystemPackage) -> tuple[list[str], dict[str, int]]:
    """Registered names of the package that do not start with its id; and how many of each kind it has."""
    system, module = package.system, package.module
    problems: list[str] = []
    calls = [name for name, registered in REGISTRY.items() if _in_package(registered.fn, module)]
    problems += [f"the call {name!r} (registered in {REGISTRY[name].fn.__module__}) must be named "
                 f"'{system.id}.…': a system's calls start with its id and a dot" for name in calls
                 if not name.startswith(f"{system.id}.")]
    tables = [name for name, builder in all_tables().items() if _in_package(builder.build, module)]
    problems += [f"the table {name!r} (registered in {all_tables()[name].build.__module__}) must be named "
                 f"'{system.id}-…': a system's tables start with its id and a hyphen" for name in tables
                 if not name.startswith(f"{system.id}-")]
    widgets = [name for name, widget in all_widgets().items() if widget.call in calls or system.owns(widget.call)]
    problems += [f"the widget {name!r} makes the call {all_widgets()[name].call!r}, so it must be named "
                 f"'{system.id}-…'" for name in widgets if not name.startswith(f"{system.id}-")]
    strays = [name for name in REGISTRY if system.owns(name) and name not in calls]
    problems += [f"the call {name!r} is named after {system.id} but registered outside its package "
                 f"(in {REGISTRY[name].fn.__module__})" for name in strays]
    return problems, {"calls": len(calls), "widgets": len(widgets), "tables": len(tables)}


def builder_problems(system: System) -> list[str]:
    """The builder contract (:func:`rollwright.kit.characters.contract_problems`), and a new character's schema."""
    if system.character_schema is None:
        return []
    problems = contract_problems(system)
    if problems:
        return problems
    name = f"{system.id}.character.new"
    try:
        blank = call(name, {})["character"]
    except Exception as error:  # any failure of the system's own code is the finding
        return [f"{name} fails with no parameters ({type(error).__name__}: {error})"]
    if not isinstance(blank, dict) or blank.get("schema") != system.character_schema:
        got = blank.get("schema") if isinstance(blank, dict) else blank
        return [f"{name} gives a character whose schema is {got!r}, not the system's "
                f"character_schema {system.character_schema!r}"]
    try:
        owner = system_for_document(blank)
    except Exception as error:
        return [f"a new character of {system.id} is read by no system ({error})"]
    if owner is not system:
        return [f"a new character of {system.id} is read as a character of {owner.id}: two systems declare "
                f"the schema {system.character_schema!r} or reads_unmarked_characters"]
    return []


def macro_names(module: str) -> list[str]:
    """The names of a system's page macros (its ``macros.py``'s ``MACROS``), in order."""
    name = f"{module}.macros"
    if importlib.util.find_spec(name) is None:
        return []
    return [fn.__name__ for fn in getattr(importlib.import_module(name), "MACROS", ())]


def macro_problems(package: SystemPackage, others: list[SystemPackage]) -> list[str]:
    """Macro names used twice: within the system, by the generic macros, or by another system of the site."""
    mine = macro_names(package.module)
    problems = [f"{package.module}/macros.py: the macro {name!r} is in MACROS twice"
                for name in sorted({n for n in mine if mine.count(n) > 1})]
    generic = {fn.__name__ for fn in GENERIC_MACROS}
    problems += [f"{package.module}/macros.py: the macro {name!r} has the name of a generic macro; rename it "
                 f"(for example '{package.system.id.replace('-', '_')}_{name}')" for name in dict.fromkeys(mine)
                 if name in generic]
    for other in others:
        if other.module != package.module:
            problems += [f"{package.module}/macros.py: the macro {name!r} is also a macro of {other.system.id}; "
                         "two macros cannot share a name" for name in dict.fromkeys(mine)
                         if name in macro_names(other.module)]
    return problems


def declaration_findings(package: SystemPackage) -> list[str]:
    """What the package's ``game.toml`` declares that can never be used (:mod:`rollwright.data.lint`)."""
    from rollwright.data.discover import declared_game, game_file
    from rollwright.data.lint import lint

    path = game_file(package.module)
    if path is None:
        return []
    python_system = package.system if (path.parent / "__init__.py").is_file() else None  # as discovery reads it
    game = declared_game(package.module, python_system)
    if game is None:
        return []
    return [str(finding) for finding in lint(game, path.read_text(encoding="utf-8"))]


def check_contract(package: SystemPackage, site_packages: list[SystemPackage]) -> CheckResult:
    """The contract check of one system of the site."""
    system = package.system
    problems = declaration_problems(system, package.module)
    names, counts = naming_problems(package)
    problems += names + builder_problems(system) + macro_problems(package, site_packages)
    problems += declaration_findings(package)
    parts = [f"{counts[k]} {k[:-1] if counts[k] == 1 else k}" for k in ("calls", "widgets", "tables")]
    if system.character_schema is not None:
        parts.append("a character builder")
    return outcome(system.id, CHECK, problems, ", ".join(parts))
