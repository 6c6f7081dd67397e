"""Every count in a builder's document is capped where it enters (issue 41, finding 1).

Before: a Roll & Keep character with 10^7 dramatic wounds drew one box per wound; the sheet never
finished, through a share link, a file, the store or ``rollwright character sheet``. Now each
builder's ``character`` parameter declares one cap per count field, checked by the registry before
the call runs; the walk sets every field of every builder's document to 10^18 (a number and text)
and each call must refuse it with our own error or answer within a work budget (function calls,
not time). ``make fuzz`` walks more values and every call (``bench/document_walk.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollwright.cli import main
from rollwright.data.character import install_character
from rollwright.data.loader import load_file
from rollwright.errors import LimitError
from rollwright.kit.api import REGISTRY, call
from rollwright.kit.characters import builder_systems, contract_call
from rollwright.kit.document_caps import uncapped
from rollwright.kit.system import System
from tests.support.document_walk import documents, walk

SYSTEMS = builder_systems()
TEMPLATE_GAME = Path(__file__).resolve().parents[2] / "macros/rollwright/scaffold/template-data/pips/game.toml"


@pytest.fixture(scope="module")
def data_game() -> Iterator[System]:
    """The scaffold's data game, its builder's calls registered for the module (removed after)."""
    game = load_file(TEMPLATE_GAME)
    names = install_character(game, "pips")
    assert isinstance(game.system, System)
    yield game.system
    for name in names:
        REGISTRY.pop(name, None)


def _check_walk(system: System) -> None:
    outcomes = list(walk(system, values=(10**18,), calls=(("check", {}), ("sheet", {"format": "html"}))))
    bad = [o for o in outcomes if o.verdict not in ("refused", "answered")]
    assert outcomes and not bad, bad[:5]


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_field_at_ten_to_the_eighteen_is_refused_or_cheap(system: System) -> None:
    _check_walk(system)


def test_the_data_builders_fields_at_ten_to_the_eighteen_are_refused_or_cheap(data_game: System) -> None:
    _check_walk(data_game)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_whole_number_in_a_sample_has_a_declared_cap(system: System) -> None:
    param = REGISTRY[contract_call(system, "check")].param("character")
    for document in documents(system):
        assert set(uncapped(document, param.caps or {})) <= {"version"}  # a version is refused unless known


def test_a_million_dramatic_wounds_are_refused_naming_the_field_and_the_cap() -> None:
    blank = call("roll-and-keep.character.new")["character"]
    hurt = {**blank, "wounds": {"flesh": 0, "dramatic": 10**7}}
    for operation, extra in (("check", {}), ("sheet", {"format": "text"}), ("editor", {}), ("picker", {"fields": []})):
        with pytest.raises(LimitError, match=r"Wounds, dramatic \(wounds\.dramatic\) is 10,000,000; the cap is 1,000"):
            call(f"roll-and-keep.character.{operation}", {"character": hurt, **extra})


def test_dramatic_wounds_past_the_rules_range_are_a_number_not_boxes() -> None:
    blank = call("roll-and-keep.character.new")["character"]
    sheet = call("roll-and-keep.character.sheet", {"character": {**blank, "wounds": {"flesh": 0, "dramatic": 999}},
                                                   "format": "text"})["sheet"]
    assert "[ ]" not in sheet and "999" in sheet


def test_the_command_line_refuses_the_file_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blank = call("roll-and-keep.character.new")["character"]
    path = tmp_path / "hurt.json"
    path.write_text(json.dumps({**blank, "wounds": {"flesh": 0, "dramatic": 10**12}}))
    for args in (["character", "sheet", str(path)], ["character", "validate", str(path)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert "wounds.dramatic" in err and "the cap is 1,000" in err
