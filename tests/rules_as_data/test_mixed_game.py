"""A game may mix both: its ``__init__.py`` declares it in Python, its ``game.toml`` (no ``[game]``) adds
the plain parts as data; both land in the same registries, owned by the game's package."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rollwright.data.discover import forget, install_package
from rollwright.errors import DeclarationError
from rollwright.kit.registry import REGISTRY, call
from rollwright.kit.widget import all_widgets

INIT = '''from rollwright.kit.system import Page, System

SYSTEM = System(id="mixdemo", title="Mix demo", pitch="A test.", source="a test", docs="mixdemo",
                pages=(Page("mixdemo/index.md", "Mix demo"),))
'''
TOML = '''[inputs.stat]
label = "Stat"
min = 0
max = 2

[checks.move]
roll = "2d6 + {stat}"
bands = [{ key = "hit", name = "Hit", from = 10 }, { key = "miss", name = "Miss", to = 9, succeeds = false }]
'''


@pytest.fixture
def package(tmp_path: Path):
    folder = tmp_path / "mixdemo"
    folder.mkdir()
    (folder / "__init__.py").write_text(INIT, encoding="utf-8")
    (folder / "game.toml").write_text(TOML, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    import mixdemo  # noqa: F401 - the package under test

    yield sys.modules["mixdemo"]
    forget("mixdemo")
    sys.path.remove(str(tmp_path))
    sys.modules.pop("mixdemo", None)


def test_the_data_part_registers_under_the_python_declaration(package) -> None:
    install_package("mixdemo", package.SYSTEM)
    assert call("mixdemo.move", {"stat": 2})["success"] == "5/12"  # 2d6 of 8 or more: 15 of 36
    assert REGISTRY["mixdemo.move"].fn.__module__ == "mixdemo"
    assert "mixdemo-move" in all_widgets() and "mixdemo-move-roll" in all_widgets()
    forget("mixdemo")
    assert "mixdemo.move" not in REGISTRY


def test_declaring_the_game_in_both_places_is_refused(package, tmp_path: Path) -> None:
    (tmp_path / "mixdemo" / "game.toml").write_text('[game]\nid = "mixdemo"\n' + TOML, encoding="utf-8")
    with pytest.raises(DeclarationError, match="declared twice"):
        install_package("mixdemo", package.SYSTEM)
