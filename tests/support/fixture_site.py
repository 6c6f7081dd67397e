"""The shared tests' own small site: a copy of the scaffold's template (the Pips game: a rule, a widget,
a table, a chip, errata and a character builder), built once per session and served on 127.0.0.1.

The shared code (the kit, the dice, the plugin, the theme and the browser runtime) is tested on this
site, never through one of the flagship's bundled games. Pips is never imported by the test process
itself (its systems are the flagship's): ask its engine with :func:`site_call`, in a subprocess.

- ``pips_project``: the copy (a folder with ``mkdocs.yml``, ``docs/`` and ``pips/``);
- ``pips_site``: its strict build (a directory), built for the origin that serves it;
- ``pips_live``: the same build served, for the browser tests (like ``live_site``).

The copies share one cache of bytecode and memory snapshots (``.cache/fixture-sites/pips/``), so a
session builds Pips's snapshot only when Rollwright or Pips changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.siteserver import CHROMIUM, REPO_ROOT, SiteServer, build_site

TEMPLATE = REPO_ROOT / "macros" / "rollwright" / "scaffold" / "template"
CACHE = REPO_ROOT / ".cache" / "fixture-sites" / "pips"
SYSTEM = "pips"
PAGES = ("pips/index.md", "pips/errata.md", "pips/builder.md")
"""The pages Pips declares (its ``SYSTEM.pages``), in order."""
RULES = "pips/"
"""The rules page: the odds widget (``pips-odds``, answering as its fields change), the odds table and a chip."""
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "ROLLWRIGHT_CALL_LIMIT": "5"}
"""The builds' environment: no end-of-life note, and a game's call stopped after 5 s (Pips's take milliseconds)."""


def copy_template(target: Path) -> Path:
    """A copy of the template site at ``target`` (its caches shared with every other copy)."""
    shutil.copytree(TEMPLATE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".cache", "site"))
    CACHE.mkdir(parents=True, exist_ok=True)
    (target / ".cache").symlink_to(CACHE, target_is_directory=True)
    return target


def rollwright(project: Path, *args: str, timeout: int = 900, without_node: bool = False
               ) -> subprocess.CompletedProcess[str]:
    """``rollwright ARGS`` run in ``project`` (a subprocess: the project's systems are not this process's).

    ``without_node``: with a PATH that has no Node.js on it (Python is run by its full path).
    """
    env = {**ENV, "PATH": str(Path(sys.executable).parent)} if without_node else ENV
    return subprocess.run([sys.executable, "-m", "rollwright", *args], cwd=project, capture_output=True, text=True,
                          env=env, timeout=timeout)


def site_call(project: Path, name: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The answer of the project's engine (CPython) to one registry call."""
    done = rollwright(project, "call", name, json.dumps(params or {}), timeout=120)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


class FixtureSite:
    """The built fixture site, served: ``url(path)``, ``directory``, ``project`` (like ``live_site``)."""

    def __init__(self, server: SiteServer, directory: Path, project: Path) -> None:
        self.server, self.directory, self.project = server, directory, project

    def url(self, path: str = "") -> str:
        return self.server.origin + path.lstrip("/")


@pytest.fixture(scope="session")
def pips_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_template(tmp_path_factory.mktemp("fixture") / "pips-site")


def _built_and_served(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FixtureSite]:
    """One strict build of ``project``, for the origin of the server that serves it."""
    server = SiteServer()
    try:
        directory = tmp_path_factory.mktemp("fixture-build") / "site"
        build_site(directory, server.origin, config_file=project / "mkdocs.yml")
        server.serve(directory)
        yield FixtureSite(server, directory, project)
    finally:
        server.close()


@pytest.fixture(scope="session")
def pips_served(pips_project: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FixtureSite]:
    """One strict build of the fixture site, for the origin of the server that serves it."""
    yield from _built_and_served(pips_project, tmp_path_factory)


@pytest.fixture(scope="session")
def pips_site(pips_served: FixtureSite) -> Path:
    return pips_served.directory


@pytest.fixture(scope="session")
def pips_live(pips_served: FixtureSite) -> FixtureSite:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Debian's Chromium at {CHROMIUM} (`make test` installs it)")
    return pips_served


def write_data_project(target: Path) -> Path:
    """Pips declared as data, as ``rollwright new`` writes it (its caches shared with other copies)."""
    import rollwright as package
    from rollwright.scaffold.names import game_names
    from rollwright.scaffold.new import write_project

    write_project(target, game_names("Pips"), package.__version__)
    DATA_CACHE.mkdir(parents=True, exist_ok=True)
    (target / ".cache").symlink_to(DATA_CACHE, target_is_directory=True)
    return target


DATA_CACHE = REPO_ROOT / ".cache" / "fixture-sites" / "pips-data"


@pytest.fixture(scope="session")
def data_pips_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FixtureSite]:
    """Pips as data (``pips/game.toml``, no Python), strictly built and served on 127.0.0.1."""
    yield from _built_and_served(write_data_project(tmp_path_factory.mktemp("data-fixture") / "pips-data"),
                                 tmp_path_factory)
