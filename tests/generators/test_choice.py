"""Which generator builds: the one asked for (``--generator``, ``$ROLLWRIGHT_GENERATOR``), else the first installed;
none installed, or one asked for that is not, is said plainly with what to install. The site commands are there
whichever generator is installed (tests/generators/test_same_site.py runs them with only properdocs or Zensical).
"""

from __future__ import annotations

import pytest

from rollwright.cli import main
from rollwright.site import generators
from rollwright.site.generators import GeneratorError, choose


def test_the_first_installed_is_chosen_unless_one_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = {"properdocs", "zensical"}
    monkeypatch.setattr(generators.Generator, "installed", lambda self: self.name in installed)
    monkeypatch.delenv(generators.ENVIRONMENT, raising=False)
    assert choose().name == "properdocs"
    assert choose("zensical").name == "zensical"
    monkeypatch.setenv(generators.ENVIRONMENT, "zensical")
    assert choose().name == "zensical"
    with pytest.raises(GeneratorError, match=r"the generator mkdocs is not installed here: pip install "
                                             r"'mkdocs==1\.6\.1' mkdocs-material==9\.8\.1"):
        choose("mkdocs")
    with pytest.raises(GeneratorError, match="there is no generator named 'hugo': Rollwright builds with mkdocs, "
                                             "properdocs, zensical"):
        choose("hugo")


def test_no_generator_at_all_is_said_with_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys, tmp_path) -> None:  # noqa: ANN001
    monkeypatch.setattr(generators.Generator, "installed", lambda self: False)
    monkeypatch.delenv(generators.ENVIRONMENT, raising=False)
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["build"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("error: no site generator is installed: Rollwright needs one to turn pages into HTML.")
    assert "'zensical==0.0.73'" in said and "Traceback" not in said


def test_every_site_command_is_offered() -> None:
    from rollwright.cli import build_parser

    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"build", "serve", "new", "check", "pdf"} <= set(choices)
