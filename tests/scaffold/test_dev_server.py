"""``rollwright serve`` never dies and never hides a failed build (issue 25): in a temporary copy of the Pips
project, each class of error a designer makes shows the error page, naming the file, the line, the page and
the call as written, with whose fault it is; it goes away when the error is fixed; the server's process stays
alive throughout. ``rollwright build`` fails with the same words. Node.js is hidden from the PATH (no
snapshot to make at each rebuild); tests/browser/test_dev_server.py runs the same server with it, in Chromium.

Before issue 25 a typo in a macro name ended the server (mkdocs-macros' exit 100), a failed rebuild left every
page waiting for a build that never came, a game's KeyError came without its call, and the command line
called a designer's ModuleNotFoundError a bug in the engine.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.devserver import DevServer, dev_server
from tests.support.fixture_site import rollwright

RULES_PAGE = "docs/pips/index.md"
RULES_CODE = "pips/rules/hits.py"
CHANCE = "{{ pips_chance(3, 2) }}"
TABLE = '{{ table("pips-odds") }}'
WIDGET = '{{ widget("pips-odds", dice=3, need=2) }}'


def line_of(project: Path, relative: str, text: str) -> int:
    """The line (from 1) of a file on which ``text`` first stands."""
    lines = (project / relative).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    with dev_server(tmp_path_factory.mktemp("dev-server"), node=False) as server:
        server.wait_for("pips/", 'name="need"')
        yield server


def _cases(project: Path) -> list[tuple[str, str, str, str, str]]:
    """(file, old, new, page to look at, what the error page says) for each class of error."""
    chance, table = line_of(project, RULES_PAGE, CHANCE), line_of(project, RULES_PAGE, TABLE)
    widget = line_of(project, RULES_PAGE, WIDGET)
    p_hit, miss = line_of(project, RULES_CODE, "P_HIT = Fraction"), line_of(project, RULES_CODE, "miss = 1 - P_HIT")
    return [
        (RULES_PAGE, CHANCE, "{{ pips_chanse(3, 2) }}", "pips/",
         f"pips/index.md, line {chance}: {{{{ pips_chanse(3, 2) }}}}\n"
         "  There is no macro named 'pips_chanse'; did you mean 'pips_chance'?"),
        (RULES_PAGE, WIDGET, '{{ widget("pips-odds", dice=9, need=2) }}', "pips/",
         f'pips/index.md, line {widget}: {{{{ widget("pips-odds", dice=9, need=2) }}}}\n'
         "  widget('pips-odds', dice=9, need=2): Dice in the pool: enter a whole number from 1 to 6 (got 9)"),
        (RULES_PAGE, TABLE, '{{ table("pips-ods") }}', "pips/errata/",
         f'pips/index.md, line {table}: {{{{ table("pips-ods") }}}}\n'
         "  table('pips-ods'): no table named 'pips-ods'; did you mean 'pips-odds'? "
         "(pips's tables: pips-errata, pips-odds)"),
        (RULES_PAGE, WIDGET, '{{ widget("pips-odds", dice=3, need=2 }}', "pips/",
         f'pips/index.md, line {widget}: {{{{ widget("pips-odds", dice=3, need=2 }}}}\n'
         "  The macro call is not written correctly: unexpected '}', expected ')'"),
        (RULES_CODE, "P_HIT = Fraction(2, 6)", "P_HIT = = Fraction(2, 6)", "",
         "The site's games could not be loaded:\n"
         f"  Your game's code failed: SyntaxError: invalid syntax at pips/rules/hits.py, line {p_hit}: "
         "`P_HIT = = Fraction(2, 6)`. Fix it there (this is not a fault in Rollwright)."),
        (RULES_CODE, "    miss = 1 - P_HIT", '    miss = {}["crit"]', "pips/",
         f"pips/index.md, line {chance}: {CHANCE}\n"
         f"  Your game's code failed: KeyError: 'crit' at pips/rules/hits.py, line {miss}: "
         '`miss = {}["crit"]`. Fix it there (this is not a fault in Rollwright).'),
        (RULES_CODE, "from math import comb\n", "from math import comb\nimport numpyy\n", "pips/builder/",
         "The site's games could not be loaded:\n"
         f"  Your game's code failed: ModuleNotFoundError: No module named 'numpyy' at pips/rules/hits.py, "
         f"line {line_of(project, RULES_CODE, 'from math import comb') + 1}: `import numpyy`. Python cannot find a "
         "module named 'numpyy': check its spelling, or install it (pip install ...) in the environment that "
         "runs Rollwright."),
        ("mkdocs.yml", "Errata: pips/errata.md", "Errata: pips/erata.md", "pips/",
         "mkdocs.yml, line 26: A reference to 'pips/erata.md' is included in the 'nav' configuration, which is not "
         "found in the documentation files."),  # the nav's line, named
        ("mkdocs.yml", "      - Errata: pips/errata.md\n", "", "pips/",
         "The page pips/errata.md of the game 'pips' is not in the nav of mkdocs.yml, so no reader would find "
         "it: add it under the game's section (e.g. \"- Errata: pips/errata.md\")"),
        (RULES_CODE, "    miss = 1 - P_HIT\n", "    miss = 1 - P_HIT\n    while True:\n        pass\n", "pips/errata/",
         f"pips/index.md, line {chance}: {CHANCE}\n"
         "  This call was still running after 5 s, so it was stopped. Your game's code was at pips/rules/hits.py, "
         f"line {miss + 1}: `while True:`. Does a loop there never end? Fix it and save (the limit is 5 s, "
         "ROLLWRIGHT_CALL_LIMIT to change it)."),
        (RULES_PAGE, "[character builder](builder.md)", "[character builder](bilder.md)", "pips/errata/",
         "Doc file 'pips/index.md' contains a link 'bilder.md', but the target 'pips/bilder.md' is not found "
         "among documentation files."),
    ]


def test_each_error_shows_the_error_page_and_goes_away_when_fixed(served: DevServer) -> None:
    for relative, old, new, page, said in _cases(served.project):
        undo = served.edit(relative, old, new)
        served.wait_for(page, html.escape(said), error=True)
        undo()
        served.wait_for(page, "Pips")
    served.alive()
    assert served.page("pips/")[0] == 200


def test_a_rules_edit_and_its_undo_each_show_their_own_figures(served: DevServer) -> None:
    """The game's code is imported afresh when it changed (and only then), and the macros' cache answers for
    the sources as they are: back to the rules before, back to the figures before."""
    served.wait_for("pips/", "hard task works out 25.9% of the time")
    undo = served.edit(RULES_CODE, "P_HIT = Fraction(2, 6)", "P_HIT = Fraction(3, 6)")
    served.wait_for("pips/", "hard task works out 50% of the time")
    served.edit("docs/pips/errata.md", "# ", "# Edited: ")  # a Markdown edit meanwhile keeps the new rules
    assert ">50%<" in served.wait_for("pips/errata/", "Edited: ")  # the erratum's value by the new rule
    undo()
    served.wait_for("pips/", "hard task works out 25.9% of the time")
    served.alive()


def test_a_build_that_fails_from_the_start_still_serves_and_recovers(tmp_path: Path) -> None:
    def broken(project: Path) -> None:
        page = project / RULES_PAGE
        page.write_text(page.read_text(encoding="utf-8").replace(CHANCE, "{{ pips_chanse(3, 2) }}"), encoding="utf-8")

    with dev_server(tmp_path, node=False, before=broken) as server:
        server.wait_for("pips/", "There is no macro named &#x27;pips_chanse&#x27;", error=True)
        server.wait_for("", "There is no macro named", error=True)  # every page says it, the home page too
        server.edit(RULES_PAGE, "{{ pips_chanse(3, 2) }}", CHANCE)
        assert "25.9%" in server.wait_for("pips/", 'name="need"')
        server.alive()


def test_rollwright_build_fails_with_the_same_words(tmp_path: Path) -> None:
    project = tmp_path / "site"
    from tests.support.fixture_site import copy_template

    copy_template(project)
    for relative, old, new, _, said in _cases(project):
        path = project / relative
        before = path.read_text(encoding="utf-8")
        path.write_text(before.replace(old, new), encoding="utf-8")
        done = rollwright(project, "build", "-d", str(tmp_path / "built"), without_node=True)
        path.write_text(before, encoding="utf-8")
        assert done.returncode == 2, done.stderr
        assert "error: the build failed:\n  " + said.replace("\n", "\n  ") in done.stderr, done.stderr
        assert "report it" not in done.stderr and "Traceback" not in done.stderr


def test_a_game_declared_as_data_edited_while_serving(tmp_path: Path) -> None:
    """A game.toml edit reaches the pages (never stale), and a mistake in it shows the error page naming the
    file, the line and the key, until it is fixed."""
    with dev_server(tmp_path, node=False, data=True) as server:
        server.wait_for("pips/", "(25.9% to succeed)")
        undo = server.edit("pips/game.toml", "hit = 5", "hit = 4")  # now a 4, 5 or 6 hits
        server.wait_for("pips/", "(50% to succeed)")
        undo()
        server.wait_for("pips/", "(25.9% to succeed)")
        line = line_of(server.project, "pips/game.toml", "bands = [")
        undo = server.edit("pips/game.toml", "bands = [", "bandz = [")
        server.wait_for("pips/", html.escape(f"pips/game.toml, line {line}, checks.odds.bandz: unknown key "
                                             "'bandz'; did you mean 'bands'?"), error=True)
        undo()
        server.wait_for("pips/", "(25.9% to succeed)")
        server.alive()
