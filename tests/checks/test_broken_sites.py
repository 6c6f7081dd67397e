"""``rollwright check`` on broken copies of the template site: each check fails naming the file, page, call
or key and what to do, the others still pass, and the exit status says which (0 pass, 1 fail, 2 unusable).

(The template as it is passes every check, parity included: tests/parity/. The flagship's systems:
tests/systems/test_checks.py.)
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.support import variants
from tests.support.fixture_site import copy_template, rollwright

NO_NODE = "Node.js is not on the PATH, so Pyodide cannot run here (install Node.js 20+ to compare it with CPython)"

SCRIPTED_EXAMPLE = '''
[[example]]
name = "Two dice, one too many scripted"
where = "Rolling: calling on luck"
call = "dice.roll"
params = { notation = "2d6", seed = 1 }
dice = [6, 2, 5]
expect = { total = 8 }
'''
MISNAMED_CALL = '''"""A call named after no system: the contract check refuses it."""

from typing import Any

from rollwright.kit.registry import register


@register("pip.bonus", "A bonus die, registered under a name that is not the game's.")
def bonus() -> dict[str, Any]:
    return {"dice": 1}
'''
REFUSED_CALL = '''
[[call]]
name = "pips.odds"
params = { dice = 9, need = 1 }
'''


def _line(output: str, subject: str, check: str) -> str:
    """The report's line for one check of one subject, its spacing collapsed."""
    for line in output.splitlines():
        words = line.split()
        if line.startswith(subject + " ") and " ".join(words[1:1 + len(check.split())]) == check:
            return " ".join(words)
    raise AssertionError(f"no line for {subject}, {check} in:\n{output}")


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The template with a wrong worked example and one whose dice do not fit,
    a parity call the engine refuses, and a call that is not named after the game."""
    project = copy_template(tmp_path_factory.mktemp("broken") / "site")
    examples = project / "pips" / "worked_examples.toml"
    text = examples.read_text(encoding="utf-8")
    assert 'p = "7/27"' in text
    examples.write_text(text.replace('p = "7/27"', 'p = "7/28"') + SCRIPTED_EXAMPLE, encoding="utf-8")
    (project / "pips" / "parity_calls.toml").write_text(REFUSED_CALL, encoding="utf-8")
    (project / "pips" / "calls" / "bonus.py").write_text(MISNAMED_CALL, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def broken_check(broken: Path) -> subprocess.CompletedProcess[str]:
    """``rollwright check`` there, with no Node.js on the PATH (so parity compares CPython's side only)."""
    return rollwright(broken, "check", without_node=True)


def test_a_broken_site_fails_with_exit_status_1_and_says_so_per_check(broken_check) -> None:
    out = broken_check.stdout
    assert broken_check.returncode == 1, broken_check.stderr
    assert _line(out, "site", "build").startswith("site build passed built strictly in ")
    assert _line(out, "pips", "contract") == "pips contract FAILED 7 calls, 1 widget, 2 tables, a character builder"
    assert _line(out, "pips", "worked examples") == "pips worked examples FAILED 2 of 2 examples wrong"
    assert _line(out, "pips", "tables") == "pips tables passed 2 tables shown, 1 erratum"
    assert _line(out, "pips", "pages") == "pips pages passed 3 pages, a builder"
    # 9 calls, and 3 of the odds widget's answers kept at build time (the first, the middle and the last)
    assert _line(out, "pips", "parity") == f"pips parity FAILED 12 calls; Pyodide not run: {NO_NODE}"
    assert _line(out, "kit", "parity") == f"kit parity skipped {NO_NODE}"
    assert "3 checks failed:" in out


def test_a_wrong_worked_example_is_named_with_the_mismatch(broken_check) -> None:
    out = broken_check.stdout
    assert ("  - pips/worked_examples.toml, example 'Three dice against a hard task' (pips.odds "
            "{\"dice\": 3, \"need\": 2}): result.p: expected '7/28', got '7/27'") in out
    assert ("  - pips/worked_examples.toml, example 'Two dice, one too many scripted' (dice.roll "
            "{\"notation\": \"2d6\", \"seed\": 1}): its scripted dice [6, 2, 5] do not fit the roll: "
            "1 scripted dice were never rolled: [5]") in out


def test_a_page_missing_from_the_nav_fails_the_build_naming_it(tmp_path: Path) -> None:
    """A page the game declares but the nav leaves out would be published where no reader finds it."""
    project = copy_template(tmp_path / "site")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "      - Errata: pips/errata.md\n" in text
    config.write_text(text.replace("      - Errata: pips/errata.md\n", ""), encoding="utf-8")
    done = rollwright(project, "build", "-d", str(tmp_path / "built"), without_node=True)
    assert done.returncode == 2, done.stderr
    assert ("error: the build failed:\n  The page pips/errata.md of the game 'pips' is not in the nav of mkdocs.yml, "
            "so no reader would find it: add it under the game's section (e.g. \"- Errata: pips/errata.md\")\n"
            ) in done.stderr


def test_a_call_not_named_after_its_game_is_named(broken_check) -> None:
    assert ("  - the call 'pip.bonus' (registered in pips.calls.bonus) must be named 'pips.…': a system's calls "
            "start with its id and a dot") in broken_check.stdout
    assert "the call 'pip.bonus' is never compared" in broken_check.stdout  # nor is it in any parity list


def test_a_parity_call_the_engine_refuses_is_named_without_node(broken_check) -> None:
    assert ("  - pips.odds {\"dice\": 9, \"need\": 1} (pips/parity_calls.toml): listed to answer, but CPython "
            "gives: pips.odds: 'dice' must be at most 6 (got 9)") in broken_check.stdout


@pytest.fixture(scope="module")
def tampered(pips_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture site's build with pages changed after the build: a table cell, the errata table, an
    anchor, a table the registry did not make, and a script from another host."""
    site = variants.copy_site(pips_site, tmp_path_factory.mktemp("tampered") / "site")
    rules = site / "pips" / "index.html"
    html = rules.read_text(encoding="utf-8")
    for old, new in (("<td>80.2%</td>", "<td>80.3%</td>"), ('id="odds"', 'id="chances"'),
                     ("</article>", "<table><tr><td>x</td></tr></table></article>")):
        assert html.count(old) == 1, old
        html = html.replace(old, new)
    variants.replace_file(rules, html.encode("utf-8"))
    errata = site / "pips" / "errata" / "index.html"
    html = errata.read_text(encoding="utf-8")
    assert html.count(">Odds table</a>") == 1
    html = html.replace(">Odds table</a>", ">Odds chart</a>").replace(
        "</head>", '<script src="https://cdn.example.org/x.js"></script></head>')
    variants.replace_file(errata, html.encode("utf-8"))
    return site


def test_a_built_table_that_differs_from_the_engine_is_named(pips_project: Path, tampered: Path) -> None:
    done = rollwright(pips_project, "check", "--built", str(tampered), "--no-parity")
    out = done.stdout
    assert done.returncode == 1, done.stderr
    assert _line(out, "site", "build") == f"site build FAILED the build in {tampered}, 6 pages"
    assert _line(out, "pips", "tables") == "pips tables FAILED 2 tables shown, 1 erratum"
    for check in ("contract", "worked examples", "pages"):
        assert _line(out, "pips", check).startswith(f"pips {check} passed"), out
    assert _line(out, "pips", "parity") == "pips parity skipped not asked for (--no-parity)"
    for finding in [
        "pips/index.html: the table 'pips-odds' differs from the engine's data, row 5: the page shows ['4', "
        "'80.3%', '40.7%', '11.1%'], the engine gives ['4', '80.2%', '40.7%', '11.1%']; show it with "
        '{{ table("pips-odds") }} and build the site again',
        "pips/errata/index.html: the errata table lists ['Odds chart'], but the errata sources find ['Odds table'] "
        "(in the reading order of the system's pages); build the site again",
        "the erratum 'pips-odds-3-2' points at pips/index.md#odds, but that page has no heading or element with "
        "id 'odds'",
        "pips/index.html: tables not built by the registry ((unnamed)): a rules table is registered in the "
        "system's tables/ folder and shown with {{ table(...) }}, so it is computed from the rules",
        "pips/errata/index.html loads https://cdn.example.org/x.js from another host: a Rollwright site serves "
        "everything itself",
    ]:
        assert f"  - {finding}\n" in out + "\n", finding


def test_an_unknown_system_or_no_site_is_unusable_input(pips_project: Path, tmp_path: Path) -> None:
    done = rollwright(pips_project, "check", "--system", "nope", "--no-parity")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: the site has no system 'nope' (its systems: pips)\n"
    done = rollwright(tmp_path, "check")
    assert done.returncode == 2
    assert done.stderr.startswith("error: no site here: mkdocs.yml is missing"), done.stderr


def test_a_page_whose_macro_fails_fails_the_build_naming_it(tmp_path: Path) -> None:
    project = copy_template(tmp_path / "site")
    page = project / "docs" / "pips" / "index.md"
    page.write_text(page.read_text(encoding="utf-8").replace('{{ table("pips-odds") }}', '{{ table("pips-nope") }}'),
                    encoding="utf-8")
    done = rollwright(project, "check", without_node=True)
    out = done.stdout
    assert done.returncode == 1, done.stderr
    assert _line(out, "site", "build") == "site build FAILED strict"
    assert ("  - the site did not build strictly (it stopped at an error): pips/index.md, line 20: "
            "{{ table(\"pips-nope\") }} table('pips-nope'): no table named 'pips-nope'; did you mean 'pips-odds'? "
            "(pips's tables: pips-errata, pips-odds)") in out
    assert _line(out, "pips", "worked examples") == "pips worked examples passed 1 example"  # no build needed
    for check in ("tables", "pages", "parity"):
        assert _line(out, "pips", check) == f"pips {check} skipped the site did not build"
