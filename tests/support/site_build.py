"""One strict build of the real site per test session, shared by the site tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}


def build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` into ``out``."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
                          cwd=config.parent, capture_output=True, text=True, env=ENV, timeout=300)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = build(ROOT / "mkdocs.yml", out)
    assert result.returncode == 0, result.stderr[-3000:]
    return out


def page(site: Path, path: str) -> str:
    """The built HTML of the page at ``path`` (a directory URL like ``dice``)."""
    return (site / path / "index.html").read_text(encoding="utf-8")


@pytest.fixture
def scratch_project(tmp_path: Path) -> Path:
    """A copy of the site project whose pages the test writes (every nav page a bare heading)."""
    for name in ("mkdocs.yml", "package.json"):
        shutil.copy(ROOT / name, tmp_path / name)
    for name in ("macros", "site-overrides", "node_modules", "engine"):
        (tmp_path / name).symlink_to(ROOT / name)
    for md in (ROOT / "docs").rglob("*.md"):
        target = tmp_path / "docs" / md.relative_to(ROOT / "docs")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("# Page\n", encoding="utf-8")
    for declaration in (ROOT / "docs").rglob("game.toml"):  # the example games mkdocs.yml names (the gallery)
        folder = tmp_path / "docs" / declaration.parent.relative_to(ROOT / "docs")
        shutil.copytree(declaration.parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path
