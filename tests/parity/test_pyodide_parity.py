"""Parity: the engine inside Pyodide (under Node) answers exactly as it does in CPython.

For each of the browser worker's two ways to start Python, one Node process starts it once
from node_modules/pyodide and runs every call through the entry module's ``call_json``:

* ``boot``: Pyodide boots and installs the engine wheel that the site ships (the fallback path);
* ``snapshot``: the memory snapshot that the site ships is restored, with no wheel and an
  empty standard-library zip, and ``random`` reseeded (the snapshot path).

Each answer (result or error envelope) must equal CPython's, character for character.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from rollwright.kit import api
from rollwright.kit.widget import all_widgets, lookup_widget

pytestmark = pytest.mark.parity

REPO_ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_calls.mjs")

_CHARACTER = {
    "schema": "rollwright/facade-character", "version": 2, "id": "c-parity", "name": "Ada", "method": "point-buy",
    "settings": {"skills": "cascade", "liabilities": "bonus", "formula": "male",
                 "budget": {"AP": 100, "SP": 200, "BP": 50, "EP": 50}, "age": 30, "bp_from_age": "square-root"},
    "attributes": {"strength": 4, "stamina": 3, "health": 3, "finesse": 2, "grace": 3, "agility": 5,
                   "reason": 4, "insight": 3, "perception": 4, "poise": 3, "charisma": 2, "wits": 3,
                   "creativity": 3, "luck": 2, "will": 4},
    "bodyweight": 170,
    "modifiers": [{"name": "Good at Puzzles", "category": "mind", "grade": "medium", "level": 3, "negative": False},
                  {"name": "Easily Strained", "category": "body", "grade": "minor", "level": 1, "negative": True}],
    "skills": [{"name": "Athletics", "level": 0, "focuses": [
        {"name": "Dodge", "level": 0, "specialties": [{"name": "Roll", "level": 0, "sp": 5},
                                                      {"name": "Flip", "level": 0, "sp": "2.5"}]}]}],
    "backgrounds": [{"name": "Savings", "kind": "exponential", "grade": "medium", "level": 4, "liability": False,
                     "classification": "resources"},
                    {"name": "Debt", "kind": "standard", "grade": "minor", "level": 2, "liability": True,
                     "classification": "debts"}],
    "conversions": {"AP": 10, "SP": 5, "BP": 0},
}
_V1_CHARACTER = {"version": 1, "name": "Old", "method": "pool", "attributes": [3, 4, 3, 3, 3, 5, 3, 3, 3, 3, 3, 3, 3, 3, 9],
                 "skills": [{"broad": "Athletics", "focus": "Dodge", "specialty": "Roll", "level": 2}],
                 "modifiers": [{"name": "Dancer", "category": "action", "grade": "major", "level": -2}],
                 "backgrounds": []}

CALLS: list[tuple[str, dict]] = [
    ("facade.traits", {}),
    ("facade.success_levels", {}),
    ("facade.odds", {"trait": 10, "difficulty": 10}),
    ("facade.odds", {"trait": 12, "difficulty": 14}),
    ("facade.odds", {"trait": 1, "difficulty": 5}),
    ("facade.odds", {"trait": 18, "difficulty": 30}),
    ("facade.odds", {"trait": 7, "difficulty": 0}),
    ("facade.contest", {"trait_a": 12, "trait_b": 9}),
    ("facade.roll", {"trait": 14, "difficulty": 12, "seed": 42}),
    ("facade.roll", {"trait": 18, "seed": 4294967295}),
    ("dice.roll", {"notation": "10k5", "seed": 7}),
    ("dice.dist", {"notation": "3d10+d6"}),
    ("dice.dist", {"notation": "od20"}),
    ("dice.dist", {"notation": "d8!"}),
    ("widget.render", {"widget": "facade-roller", "params": {"trait": 14, "difficulty": 12, "seed": 42}}),
    ("widget.render", {"widget": "facade-odds", "params": {"trait": 12, "difficulty": 14}}),
    ("widget.render", {"widget": "facade-contest", "params": {"trait_a": 12, "trait_b": 10}}),
    ("facade.cooperation", {"primary": 9, "helpers": "14, 7, 11", "difficulty": 13, "seed": 77}),
    ("facade.automatic", {"trait": 3, "difficulty": 9, "stunts": True}),
    ("facade.errata", {}),
    ("widget.render", {"widget": "facade-cooperation", "params": {"primary": 10, "helpers": "12, 8", "seed": 5}}),
    ("facade.character.new", {"method": "pool-buy"}),
    ("facade.character.check", {"character": _CHARACTER}),
    ("facade.character.check", {"character": _V1_CHARACTER}),
    ("facade.character.sheet", {"character": _CHARACTER, "format": "markdown"}),
    ("facade.character.traits", {"character": _CHARACTER}),
    ("facade.character.editor", {"character": _CHARACTER}),
    ("facade.character.picker", {"character": _CHARACTER, "fields": ["rw-w1-trait", "rw-w3-trait_a"]}),
    ("facade.character.examples", {}),
    ("character.roster", {"characters": [{"id": "c-parity", "name": "Ada"}], "active": "c-parity"}),
    ("chip.dice", {"notation": "2d10+d4", "vs": 10, "seed": 3}),
    ("facade.chip", {"trait": 12, "vs": 10, "seed": 3}),
    ("facade.cascade_tree", {"tree": {"Athletics": {"Dodge": {"Roll": 5, "Duck": 3}}}}),
    ("facade.creation_budget", {"method": "pool-buy"}),
    ("facade.attributes", {}),
    ("dice.odds", {"e1": "10k5", "e2": "4d6kh3", "e3": "3d10+d6", "e4": "od20", "l1": "Pool", "view": "at-least",
                   "target": 20, "exact": True}),
    ("dice.compare", {"a": "d8!>=7", "b": "2d20kl1"}),
    ("widget.render", {"widget": "dice-odds", "params": {"e1": "6d10dh2", "e2": "d8!", "view": "at-most", "target": 9}}),
    ("widget.render", {"widget": "dice-roll", "params": {"notation": "4d6!kh3+10k5-od20", "seed": 42}}),
]
"""Calls with valid parameters; every widget on every page is added below with its build-time values."""

ERROR_CALLS: list[tuple[str, dict]] = [
    ("dice.dist", {"notation": "2d+1"}),
    ("facade.odds", {"trait": 30, "difficulty": 1}),
    ("facade.odds", {"trait": "ten", "difficulty": 1}),
    ("widget.render", {"widget": "facade-roller", "params": {"trait": 0}}),
    ("facade.character.check", {"character": [1, 2]}),
    ("no.such.call", {}),
    ("dice.odds", {"e1": "3d6", "e2": "4d6k3"}),
    ("dice.odds", {"e1": "100d20kh50", "e2": "100d20kh50", "e3": "100d20kh50"}),
    ("widget.render", {"widget": "dice-compare", "params": {"a": "3d6", "b": "101d6"}}),
]
"""Error envelopes must match too."""


def page_widgets() -> list[tuple[str, dict]]:
    """``widget.render`` for every ``{{ widget(...) }}`` in the docs, with the page's own values."""
    found = []
    for path in sorted((REPO_ROOT / "docs").rglob("*.md")):
        for call in re.findall(r"\{\{\s*(widget\(.*?\))\s*\}\}", path.read_text(encoding="utf-8"), re.DOTALL):
            node = ast.parse(call, mode="eval").body
            name = ast.literal_eval(node.args[0])
            params = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
            widget = lookup_widget(name)
            found.append(("widget.render", {"widget": name, "params": {**(widget.defaults or {}), **params}}))
    return found


def system_calls(kind: str = "call") -> list[tuple[str, dict]]:
    """Each system's own calls for parity, from ``tests/systems/<pkg>/parity_calls.toml``: ``[[call]]``
    tables (valid) or ``[[error]]`` tables (refused), each with ``name`` and ``params``, so a new system
    needs no edit here."""
    found = []
    for path in sorted((REPO_ROOT / "tests" / "systems").glob("*/parity_calls.toml")):
        for item in tomllib.loads(path.read_text(encoding="utf-8")).get(kind, []):
            found.append((item["name"], item.get("params", {})))
    return found


CALLS += page_widgets()
CALLS += system_calls()
ERROR_CALLS += system_calls("error")
ALL_CALLS = CALLS + ERROR_CALLS


def _case_id(call: tuple[str, dict]) -> str:
    return f"{call[0]}:{json.dumps(call[1], sort_keys=True)}"


def _params_json(params: dict) -> str:
    return json.dumps(params, sort_keys=True)


def _load_hook():
    spec = importlib.util.spec_from_file_location("rollwright_site_assets", REPO_ROOT / "macros" / "site_assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_pyodide(work: Path, mode: str, calls: list[tuple[str, dict]], *, probe_files: bool = False) -> dict:
    """Start Pyodide under Node one way (``boot`` or ``snapshot``), run ``calls``, return the runner's report.

    ``probe_files`` (snapshot only): then check that the skipped files can be installed."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("parity tests need Node.js on PATH (installed with the npm dependencies: `make deps`)")
    if not (REPO_ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `make deps`")
    work.mkdir(parents=True, exist_ok=True)
    hook = _load_hook()
    filename, data = hook.build_engine_wheel(REPO_ROOT)
    wheel = work / filename
    wheel.write_bytes(data)
    request = {"wheel": str(wheel), "entryModule": hook.ENTRY_MODULE, "snapshot": None,
               "emptyZip": str(work / "empty.zip"),
               "calls": [{"name": n, "params_json": _params_json(p)} for n, p in calls]}
    if mode == "snapshot":
        zipfile.ZipFile(work / "empty.zip", "w").close()
        snapshot = hook.engine_snapshot(REPO_ROOT, data)
        (work / "snapshot.gz").write_bytes(snapshot.gz)
        request["snapshot"] = str(work / "snapshot.gz")
        request["snapshotBytes"] = snapshot.raw_bytes
        if probe_files:
            request["stdlib"] = str(REPO_ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    (work / "request.json").write_text(json.dumps(request), encoding="utf-8")
    done = subprocess.run([node, str(RUNNER), str(work / "request.json"), str(work / "answers.json")],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.fail(f"the Pyodide parity runner failed ({mode}, exit {done.returncode}):\n{done.stderr[-4000:]}")
    return json.loads((work / "answers.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=["boot", "snapshot"])
def pyodide_answers(request, tmp_path_factory) -> dict:
    """Start Pyodide once per way and run every call; returns the runner's report."""
    return _run_pyodide(tmp_path_factory.mktemp(f"parity-{request.param}"), request.param, ALL_CALLS)


def test_runs_in_pyodide_from_the_shipped_wheel(pyodide_answers):
    assert pyodide_answers["engineVersion"] == __import__("engine").__version__
    assert "site-packages" in pyodide_answers["enginePath"]
    assert pyodide_answers["python"].startswith("3.")


def test_same_api_surface(pyodide_answers):
    assert json.loads(pyodide_answers["describe"]) == json.loads(json.dumps(api.describe(), sort_keys=True))


@pytest.mark.parametrize("index", range(len(ALL_CALLS)), ids=[_case_id(c) for c in ALL_CALLS])
def test_same_answer(pyodide_answers, index):
    name, params = ALL_CALLS[index]
    expected = api.call_json(name, _params_json(params))
    got = pyodide_answers["answers"][index]
    assert got == expected, f"{name} {params}: Pyodide and CPython disagree"
    assert json.loads(expected)["ok"] is (index < len(CALLS)), json.loads(expected).get("error")


def test_every_call_and_widget_is_compared():
    called = {name for name, _ in CALLS}
    rendered = {params["widget"] for name, params in CALLS if name == "widget.render"}
    via_widgets = {lookup_widget(w).call for w in rendered}
    assert {c["name"] for c in api.describe()} - called - via_widgets == set()
    assert set(all_widgets()) - rendered == set()


def test_restored_random_is_reseeded(tmp_path):
    """A restored snapshot draws the same numbers on every visit until `random` is reseeded."""
    first = _run_pyodide(tmp_path / "one", "snapshot", [])["draws"]
    second = _run_pyodide(tmp_path / "two", "snapshot", [])["draws"]
    assert first["restored"] == second["restored"], "expected the frozen generator to repeat itself"
    assert first["reseeded"] != second["reseeded"]


def test_restored_python_imports_what_the_snapshot_lacks_once_its_files_are_installed(tmp_path):
    """The snapshot path's safety net (runtime/files.js, used by the worker on an internal error)."""
    files = _run_pyodide(tmp_path, "snapshot", [("facade.traits", {})], probe_files=True)["files"]
    assert files["loaded"] is False  # difflib is not in the image
    assert files["before"] != "imported"  # no files: the import fails...
    assert files["after"] == "imported"  # ...until they are installed
    assert files["engineMain"] is True  # and the engine's own files are back


_HASH_PROBE = """
import json, sys
from rollwright.kit import api
calls = json.load(sys.stdin)
print(json.dumps([api.call_json(name, params_json) for name, params_json in calls]))
"""


def test_no_answer_depends_on_hash_randomisation():
    """A snapshot freezes the string-hash secret: CPython under two hash seeds must agree (set order etc.)."""
    calls = json.dumps([[name, _params_json(params)] for name, params in ALL_CALLS])
    outputs = []
    for seed in ("0", "4242"):
        done = subprocess.run([sys.executable, "-c", _HASH_PROBE], input=calls, cwd=REPO_ROOT, capture_output=True,
                              text=True, timeout=300, env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
