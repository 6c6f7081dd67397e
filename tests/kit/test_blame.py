"""Whose fault an error is (issue 25, rollwright.blame): a game's own code is named with its file and line and
never called a bug in Rollwright; only a fault in Rollwright's own files says "report it". The command line
says the same (before, it called a designer's ModuleNotFoundError "a bug in the engine, please report it")."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import rollwright
from rollwright import cli
from rollwright import blame as blame_module
from rollwright.blame import GAME, KIT, LIBRARY, blame, describe, kind_of


def _raise_from(path: Path, source: str, names: dict[str, object] | None = None) -> BaseException:
    """The error that running ``source`` as the file ``path`` raises (written there, so its lines can be shown)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    try:
        exec(compile(source, str(path), "exec"), dict(names or {}))  # noqa: S102 - the test's own text
    except BaseException as error:  # noqa: BLE001 - returned to be judged
        return error
    raise AssertionError("nothing was raised")


def test_a_game_s_error_names_its_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "mygame" / "rules.py"
    error = _raise_from(rules, "x = 1\nTABLE = {}\nTABLE['crit']\n")
    found = blame(error)
    assert (found.kind, found.where.file, found.where.line, found.cause) == (GAME, str(rules), 3, "KeyError: 'crit'")
    assert describe(error, root=tmp_path) == ("Your game's code failed: KeyError: 'crit' at mygame/rules.py, line 3: "
                                              "`TABLE['crit']`. Fix it there (this is not a fault in Rollwright).")


def test_a_missing_module_in_a_game_says_what_to_do(tmp_path: Path) -> None:
    error = _raise_from(tmp_path / "mygame" / "rules.py", "import numpyy_not_here\n")
    assert describe(error, root=tmp_path) == (
        "Your game's code failed: ModuleNotFoundError: No module named 'numpyy_not_here' at mygame/rules.py, "
        "line 1: `import numpyy_not_here`. Python cannot find a module named 'numpyy_not_here': check its "
        "spelling, or install it (pip install ...) in the environment that runs Rollwright.")


def test_an_error_wrapped_by_a_library_is_blamed_on_the_game_inside(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    library = tmp_path / "lib"
    monkeypatch.setattr(blame_module, "_library_roots", lambda: (f"{library}/",))

    def game() -> None:
        raise _raise_from(tmp_path / "mygame" / "rules.py", "1 / 0\n")

    wrapper = "try:\n    game()\nexcept ZeroDivisionError:\n    raise RuntimeError('a library said')\n"
    outer = _raise_from(library / "wrapper.py", wrapper, {"game": game})
    found = blame(outer)
    assert (found.kind, found.cause, found.where.line) == (GAME, "ZeroDivisionError: division by zero", 1)
    assert found.where.file == str(tmp_path / "mygame" / "rules.py")


def test_only_a_fault_in_rollwright_says_report_it() -> None:
    kit_file = str(Path(rollwright.__file__).with_name("errors.py"))
    assert kind_of(kit_file) == KIT and kind_of(argparse.__file__) == LIBRARY
    error = _raise_from(Path(kit_file), "None.missing\n")
    assert blame(error).kind == KIT
    said = describe(error)
    assert said.startswith("Rollwright itself failed: AttributeError: 'NoneType' object has no attribute 'missing' "
                           f"at {Path(kit_file).as_posix()}, line 1.")
    assert said.endswith("This is a fault in Rollwright, not in your site: please report it with this message.")


def test_the_command_line_blames_the_game_not_the_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    error = _raise_from(tmp_path / "mygame" / "calls.py", "import numpyy_not_here\n")

    def broken(args: object) -> int:
        raise error

    monkeypatch.setattr(cli, "_cmd_calls", broken)
    monkeypatch.delenv(cli.TRACEBACK_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["calls"]) == cli.EXIT_BUG
    said = capsys.readouterr().err
    assert said.startswith("error: Your game's code failed: ModuleNotFoundError: No module named 'numpyy_not_here' "
                           "at mygame/calls.py, line 1")
    assert "bug in the engine" not in said and "report it" not in said
