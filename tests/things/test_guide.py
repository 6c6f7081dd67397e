"""The designers' page on things shows Façade's real declaration and the engine's real messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwright.errors import DeclarationError
from rollwright.things.model import Kind
from rollwright.things.registry import package_kinds

REPO = Path(__file__).resolve().parents[2]
GUIDE = (REPO / "docs" / "designers" / "things.md").read_text(encoding="utf-8")
FACADE = REPO / "engine" / "systems" / "facade"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", GUIDE, flags=re.S)


def test_every_toml_table_the_guide_shows_is_in_facades_declaration() -> None:
    declared = (FACADE / "things.toml").read_text(encoding="utf-8")
    tables = [part.strip() for block in _blocks("toml") for part in block.split("\n\n") if part.strip()]
    assert len(tables) >= 6
    for table in tables:
        assert table in declared, table


def test_the_csv_rows_the_guide_shows_are_facades() -> None:
    lines = (FACADE / "melee-weapons.csv").read_text(encoding="utf-8").splitlines()
    shown = [block for block in _blocks("text") if block.startswith("id,")][0].splitlines()
    assert shown == lines[:len(shown)]


def _melee() -> Kind:
    return next(k for k in package_kinds("facade") if k.id == "melee-weapons")


@pytest.mark.parametrize(("edit", "index"), [(("reach", "reech"), 0), (("broadsword,Broadsword,3,D,4,2,Medium",
                                                                         "broadsword,Broadsword,3,D,4,2,Med."), 1)])
def test_the_messages_the_guide_shows_are_the_engines(edit: tuple[str, str], index: int) -> None:
    from rollwright.things.entries import read_csv_text

    messages = [block.strip() for block in _blocks("text") if block.startswith("facade/")]
    text = (FACADE / "melee-weapons.csv").read_text(encoding="utf-8").replace(*edit, 1)
    with pytest.raises(DeclarationError) as caught:
        read_csv_text(_melee(), text, "facade/melee-weapons.csv")
    assert str(caught.value) == messages[index]
