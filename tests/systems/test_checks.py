"""The generic checks (:mod:`rollwright.checks`, what ``rollwright check`` runs) on every system of the
flagship site: one test per (system, check), reading the session's one build of the site (``site``).

contract, worked examples: no build needed; tables, pages: the built site; parity: Pyodide under Node,
one run over every system and the kit (both ways Python starts), shared by these tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollwright.checks import CHECKS, CheckResult, SiteChecks
from rollwright.checks.runner import NEEDS_BUILD
from rollwright.kit.system import all_systems

CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"


@pytest.fixture(scope="session")
def flagship_unbuilt() -> Iterator[SiteChecks]:
    """The checks that read no build (contract, worked examples)."""
    with SiteChecks(CONFIG) as checks:
        yield checks


@pytest.fixture(scope="session")
def flagship_built(site: Path) -> Iterator[SiteChecks]:
    """The checks on the session's build of the flagship (its parity run is made once, on first use)."""
    with SiteChecks(CONFIG, built=site) as checks:
        yield checks


def _cases() -> list[object]:
    cases = []
    for system in all_systems():
        for check in CHECKS:
            marks = [pytest.mark.parity] if check == "parity" else []
            cases.append(pytest.param(system, check, marks=marks, id=f"{system}-{check.replace(' ', '-')}"))
    cases.append(pytest.param("kit", "parity", marks=[pytest.mark.parity], id="kit-parity"))
    return cases


def _passed(result: CheckResult) -> None:
    if result.status == "skipped":
        pytest.fail(f"{result.subject}, {result.check} was skipped: {result.summary} (`make deps` installs Node)")
    assert result.status == "passed", result.text()


@pytest.mark.parametrize("system, check", _cases())
def test_generic_check(request: pytest.FixtureRequest, system: str, check: str) -> None:
    checks: SiteChecks = request.getfixturevalue("flagship_built" if check in NEEDS_BUILD else "flagship_unbuilt")
    _passed(checks.check(check, system))


def test_the_flagship_build_loads_nothing_from_another_host(flagship_built: SiteChecks) -> None:
    _passed(flagship_built.build())


def test_every_system_has_worked_examples_and_every_check_runs_on_it(flagship_unbuilt: SiteChecks) -> None:
    """The flagship names its systems like any site; each is checked (a new system needs no edit here)."""
    assert [p.system.id for p in flagship_unbuilt.packages] == list(all_systems())
    for package in flagship_unbuilt.packages:
        assert (package.folder / "worked_examples.toml").is_file(), package.module
