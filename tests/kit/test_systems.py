"""The shared kit finds every system by itself and every system keeps the house rules."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rollwright.kit.api import REGISTRY, describe
from rollwright.kit.characters import builder_systems, contract_problems, system_for_document
from rollwright.kit.discovery import system_packages
from rollwright.kit.system import System, all_systems, system_of
from rollwright.kit.tables import all_tables
from rollwright.kit.widget import all_widgets
from rollwright.errors import ParameterError
from rollwright.mkdocs.macros import all_macros

ROOT = Path(__file__).resolve().parents[2]
SHARED = [ROOT / "engine" / "kit", ROOT / "engine" / "dice", ROOT / "macros",
          ROOT / "engine" / "cli.py", ROOT / "engine" / "errors.py", ROOT / "engine" / "__init__.py"]
SYSTEMS = list(all_systems().values())


def shared_python_files() -> list[Path]:
    files: list[Path] = []
    for place in SHARED:
        files += sorted(place.rglob("*.py")) if place.is_dir() else [place]
    return files


def test_every_system_package_declares_itself() -> None:
    assert len(all_systems()) == len(system_packages()) >= 1
    for package in system_packages():
        declared = importlib.import_module(f"engine.systems.{package}").SYSTEM
        assert isinstance(declared, System) and declared.title and declared.pitch and declared.source


@pytest.mark.parametrize("path", shared_python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_imports_no_system_and_names_none(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith("engine.systems."), f"{path}: imports {node.module}"
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("engine.systems.") for a in node.names), path
    lowered = text.lower()
    for system in SYSTEMS:
        for word in {system.id, system.title.lower(), system.docs}:
            assert word not in lowered, f"{path.relative_to(ROOT)} names the system {system.id!r} ({word!r})"


def test_shared_browser_scripts_name_no_system() -> None:
    for path in (ROOT / "site-overrides").rglob("*.js"):
        lowered = path.read_text(encoding="utf-8").lower()
        for system in SYSTEMS:
            assert system.id not in lowered and system.title.lower() not in lowered, path


def test_everything_registered_belongs_to_a_system_or_to_the_kit() -> None:
    kit_prefixes = ("dice.", "chip.", "widget.", "character.")
    for name in REGISTRY:
        assert system_of(name) is not None or name.startswith(kit_prefixes), name
    for name, widget in all_widgets().items():  # the kit's own widgets (engine/kit/widgets/) make kit calls
        assert system_of(name) is not None or widget.call.startswith(kit_prefixes), \
            f"{name}: a system's widgets are named <system>-..."
    for name in all_tables():
        assert system_of(name) is not None, f"{name}: tables are named <system>-..."
    assert {c["name"] for c in describe()} == set(REGISTRY)


@pytest.mark.parametrize("system", builder_systems(), ids=lambda s: s.id)
def test_each_builder_system_implements_the_whole_contract(system: System) -> None:
    assert contract_problems(system) == []
    blank = REGISTRY[f"{system.id}.character.new"].fn(**REGISTRY[f"{system.id}.character.new"].bind({}))
    assert blank["character"]["schema"] == system.character_schema
    assert system_for_document(blank["character"]) is system


def test_a_document_of_no_known_system_is_refused_by_name() -> None:
    with pytest.raises(ParameterError, match="no system reads characters of schema 'rollwright/nothing'"):
        system_for_document({"schema": "rollwright/nothing"})
    with pytest.raises(ParameterError, match="must be a JSON object"):
        system_for_document([1, 2])


def test_each_systems_macros_are_registered_once() -> None:
    names = [fn.__name__ for fn in all_macros()]
    assert names[:3] == ["table", "widget", "roll"] and len(names) == len(set(names))
