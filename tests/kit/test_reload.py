"""``forget_systems``: a system's code edited on disk is what the engine runs after the next load.

A small throwaway system in a temporary folder registers a call, a widget, a table and an errata
source; it is edited, forgotten and loaded again; the flagship's systems stay as they were.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollwright.kit import discovery
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.errata import all_errata
from rollwright.kit.reload import forget_systems, refresh_systems
from rollwright.kit.system import all_systems
from rollwright.kit.tables import all_tables, build_table
from rollwright.kit.widget import all_widgets

PACKAGE = "reload_probe_game"
INIT = '''from rollwright.kit.system import Page, System
SYSTEM = System(id="reload-probe", title="Probe", pitch="p", source="s", docs="reload-probe",
                pages=(Page("reload-probe/index.md", "Probe"),))
'''
CALLS = '''from rollwright.kit.registry import register
from rollwright.kit.markup import el
from rollwright.kit.widget import Field, Widget, register_widget

@register("reload-probe.answer", "The answer.")
def answer() -> dict:
    return {"value": VALUE}

register_widget(Widget(name="reload-probe-answer", title="Answer", call="reload-probe.answer", fields=(),
                       submit="Ask", view=lambda data: el("p", None, str(data["value"]))))
'''
TABLES = '''from rollwright.kit.tables import make_table, register_table

@register_table("reload-probe-table", "One row.")
def table():
    return make_table("reload-probe-table", "One row", ["Value"], [[VALUE]])
'''
RULES = '''from rollwright.kit.errata import Erratum, errata_source

@errata_source
def printed():
    yield Erratum(key="reload-probe-1", page="reload-probe/index.md", where="w", item="i", printed="p",
                  computed=str(VALUE), rule="r")
'''


def _write(root: Path, value: int) -> None:
    package = root / PACKAGE
    for folder, text in (("calls", CALLS), ("tables", TABLES), ("rules", RULES)):
        (package / folder).mkdir(parents=True, exist_ok=True)
        (package / folder / "__init__.py").write_text("", encoding="utf-8")
        (package / folder / "probe.py").write_text(f"VALUE = {value}\n{text}", encoding="utf-8")
    (package / "__init__.py").write_text(INIT, encoding="utf-8")


@pytest.fixture
def probe(tmp_path: Path) -> Iterator[Path]:
    """The flagship's systems plus the probe, loaded; afterwards the probe is forgotten and the flagship restored."""
    flagship, examples = discovery.system_packages(), discovery.example_packages()
    _write(tmp_path, 1)
    sys.path.insert(0, str(tmp_path))
    try:
        discovery.use_systems([*flagship, PACKAGE], examples)
        discovery.load_all()
        yield tmp_path
    finally:
        forget_systems([PACKAGE])
        sys.path.remove(str(tmp_path))
        discovery.use_systems(flagship, examples)  # the site's example games stay
        discovery.load_all()


def _seen() -> tuple[object, ...]:
    errata = [e.computed for e in all_errata() if e.key == "reload-probe-1"]
    return (call("reload-probe.answer")["value"], "reload-probe-answer" in all_widgets(),
            "reload-probe-table" in all_tables() and build_table("reload-probe-table").text_rows()[1], errata)


def test_forgotten_code_is_imported_afresh_and_registers_once(probe: Path) -> None:
    calls_before = {name for name in REGISTRY if not name.startswith("reload-probe.")}
    assert _seen() == (1, True, ["1"], ["1"])
    _write(probe, 2)
    assert _seen() == (1, True, ["1"], ["1"])  # imported code stays until forgotten
    forget_systems([PACKAGE])
    assert "reload-probe.answer" not in REGISTRY and "reload-probe" in {s.id for s in all_systems().values()}
    discovery.load_all()
    assert _seen() == (2, True, ["2"], ["2"])
    assert {name for name in REGISTRY if not name.startswith("reload-probe.")} == calls_before


def test_refresh_systems_is_what_the_browser_runs_over_an_older_snapshot(probe: Path) -> None:
    """The worker restores a snapshot made before the edit, unpacks the new wheel, then calls this (issue 36)."""
    assert _seen() == (1, True, ["1"], ["1"])
    _write(probe, 3)
    assert refresh_systems([PACKAGE]) == [PACKAGE]
    assert _seen() == (3, True, ["3"], ["3"])
