"""The parity check: every call and widget answers in Pyodide exactly as in CPython, both ways the browser
starts Python.

The calls compared, each owned by a system (its id prefixes the call or the widget) or by the kit:

* the system's ``parity_calls.toml``, next to its package (left out of the browser's wheel):
  ``[[call]]`` tables (must answer) and ``[[error]]`` tables (must be refused alike), each with
  ``name`` and ``params``;
* every ``{{ widget(...) }}`` on the site's pages, with its build-time values;
* for a system with a character builder, the builder contract's calls on a new character;
* the kit's own calls and widgets (:data:`KIT_CALLS`, :data:`KIT_ERRORS`).

Every call a system registers must be among them (directly, or through a widget that makes it), and
so must every widget it registers. One Node process per way starts the site's own Pyodide
(``assets/pyodide/<version>/``) once and answers every call through the entry module
(:mod:`rollwright.checks.run_calls.mjs <rollwright.checks>`):

* ``fallback boot``: Pyodide boots and installs the site's wheel;
* ``snapshot``: the site's memory snapshot is restored, with no wheel and an empty standard library.

Each answer (result or error envelope) must equal CPython's character for character, and CPython's own
answers must not depend on the string-hash seed (a snapshot freezes it). Without Node.js the check is
skipped, saying so.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rollwright
from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import BuiltSite, Site, SystemPackage, runtime_config
from rollwright.kit import api
from rollwright.kit.discovery import system_packages
from rollwright.kit.system import System, all_systems, system_of
from rollwright.kit.widget import all_widgets
from rollwright.mkdocs.resources import theme_dir

CHECK = "parity"
FILENAME = "parity_calls.toml"
RUNNER = Path(__file__).with_name("run_calls.mjs")
MODES = {"boot": "fallback boot", "snapshot": "snapshot"}
HASH_SEEDS = ("0", "4242")
NODE_TIMEOUT_S = 900
KIT = "kit"

KIT_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dice.roll", {"notation": "10k5", "seed": 7}),
    ("dice.dist", {"notation": "3d10+d6"}),
    ("dice.dist", {"notation": "od20"}),
    ("dice.dist", {"notation": "d8!"}),
    ("dice.odds", {"e1": "10k5", "e2": "4d6kh3", "e3": "3d10+d6", "e4": "od20", "l1": "Pool", "view": "at-least",
                   "target": 20, "exact": True}),
    ("dice.compare", {"a": "d8!>=7", "b": "2d20kl1"}),
    ("chip.dice", {"notation": "2d10+d4", "vs": 10, "seed": 3}),
    ("character.roster", {"characters": [{"id": "c-parity", "name": "Ada"}], "active": "c-parity"}),
    ("widget.render", {"widget": "dice-odds", "params": {"e1": "6d10dh2", "e2": "d8!", "view": "at-most",
                                                         "target": 9}}),
    ("widget.render", {"widget": "dice-roll", "params": {"notation": "4d6!kh3+10k5-od20", "seed": 42}}),
)
"""The kit's calls, with valid parameters (every kit widget is rendered with its defaults as well)."""

KIT_ERRORS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dice.dist", {"notation": "2d+1"}),
    ("no.such.call", {}),
    ("dice.odds", {"e1": "3d6", "e2": "4d6k3"}),
    ("dice.odds", {"e1": "100d20kh50", "e2": "100d20kh50", "e3": "100d20kh50"}),
    ("widget.render", {"widget": "dice-compare", "params": {"a": "3d6", "b": "101d6"}}),
)
"""Kit calls the engine refuses: the error envelopes must match too."""

_WIDGET_MACRO = re.compile(r"\{\{\s*(widget\(.*?\))\s*\}\}", re.DOTALL)
_HASH_PROBE = """
import json, sys
from pathlib import Path
from rollwright.mkdocs.project import use_site
use_site(Path(sys.argv[1]))
from rollwright.kit import api
calls = json.load(sys.stdin)
print(json.dumps([api.call_json(name, params_json) for name, params_json in calls]))
"""


class ParityError(RuntimeError):
    """Pyodide could not be run under Node; the message says why."""


@dataclass(frozen=True)
class ParityCall:
    """One call to compare: who owns it, the call, whether it must answer (or be refused), where it comes from."""

    owner: str
    name: str
    params: dict[str, Any]
    valid: bool
    origin: str

    @property
    def params_json(self) -> str:
        return json.dumps(self.params, sort_keys=True)

    def label(self) -> str:
        """``pips.odds {"dice": 3} (the widget on pips/index.md)``, cut short if long."""
        params = self.params_json if len(self.params_json) <= 100 else self.params_json[:97] + "..."
        return f"{self.name} {params} ({self.origin})"


def owner_of(name: str, params: dict[str, Any]) -> str:
    """The id of the system a call (or the widget it renders) belongs to, else ``kit``.

    A call is a system's when it is named after it, or else when the system's package registered it
    (a misnamed call, which the contract check names, is still that system's to compare).
    """
    if name == "widget.render" and isinstance(params.get("widget"), str):
        widget = all_widgets().get(params["widget"])
        return owner_of(widget.call, {}) if widget and not system_of(params["widget"]) else \
            _system_id(system_of(params["widget"]))
    system = system_of(name)
    registered = api.REGISTRY.get(name)
    if system is None and registered is not None:
        module = (getattr(registered.fn, "__module__", "") or "").split(".")[0]
        system = next((s for package, s in zip(system_packages(), all_systems().values()) if package == module), None)
    return _system_id(system)


def _system_id(system: System | None) -> str:
    return system.id if system else KIT


def _widget_call(name: str, params: dict[str, Any], origin: str, valid: bool = True) -> ParityCall:
    widget = all_widgets()[name]
    call_params = {"widget": name, "params": {**(widget.defaults or {}), **params}}
    return ParityCall(owner_of("widget.render", call_params), "widget.render", call_params, valid, origin)


def kit_calls() -> list[ParityCall]:
    """The kit's calls and errors, and every kit widget with its defaults."""
    calls = [ParityCall(KIT, name, params, True, "the kit's calls") for name, params in KIT_CALLS]
    calls += [_widget_call(name, {}, "the kit's widgets") for name in sorted(all_widgets())
              if owner_of("widget.render", {"widget": name}) == KIT]
    calls += [ParityCall(KIT, name, params, False, "the kit's refused calls") for name, params in KIT_ERRORS]
    return calls


def page_widgets(site: Site) -> list[ParityCall]:
    """``widget.render`` for every ``{{ widget(...) }}`` with literal values in the site's pages."""
    found = []
    widgets = all_widgets()
    for path in sorted(site.docs_dir.rglob("*.md")):
        page = path.relative_to(site.docs_dir).as_posix()
        for text in _WIDGET_MACRO.findall(path.read_text(encoding="utf-8")):
            try:
                node = ast.parse(text, mode="eval").body
                assert isinstance(node, ast.Call)
                name = ast.literal_eval(node.args[0])
                params = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            except (SyntaxError, ValueError, AssertionError, IndexError):
                continue  # not plain values (a page variable, say): the build renders it, parity cannot
            if isinstance(name, str) and name in widgets:
                found.append(_widget_call(name, params, f"the widget on {page}"))
    return found


def contract_calls(system: System) -> list[ParityCall]:
    """The builder contract's calls on a new character (none for a system without a builder)."""
    if system.character_schema is None:
        return []
    prefix, origin = f"{system.id}.character", "the builder contract"
    try:
        blank = api.call(f"{prefix}.new", {})["character"]
    except Exception:  # the contract check reports it; compare the failure itself
        return [ParityCall(system.id, f"{prefix}.new", {}, True, origin)]
    character = {"character": blank}
    calls = [(f"{prefix}.new", {}), (f"{prefix}.check", character),
             (f"{prefix}.editor", {**character, "action": "render", "path": "", "value": ""}),
             *((f"{prefix}.sheet", {**character, "format": kind}) for kind in ("text", "markdown", "html")),
             (f"{prefix}.picker", {**character, "fields": ["rw-w1-parity"]})]
    return [ParityCall(system.id, name, params, True, origin) for name, params in calls]


def listed_calls(package: SystemPackage, site_root: Path) -> tuple[list[ParityCall], list[str]]:
    """The calls of a system's ``parity_calls.toml`` (none if it has no such file), and what is wrong with it."""
    path = package.folder / FILENAME
    shown = path.relative_to(site_root).as_posix() if path.is_relative_to(site_root) else str(path)
    if not path.is_file():
        return [], []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return [], [f"{shown}: not valid TOML ({error})"]
    calls, problems = [], []
    for kind, valid in (("call", True), ("error", False)):
        for index, item in enumerate(data.get(kind, []), 1):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                    or not isinstance(item.get("params", {}), dict):
                problems.append(f"{shown}: [[{kind}]] number {index} needs name = \"...\" and params = {{ ... }}")
                continue
            calls.append(ParityCall(package.system.id, item["name"], item.get("params", {}), valid, shown))
    return calls, problems


def coverage_problems(owner: str, calls: Sequence[ParityCall], hint: str) -> list[str]:
    """Calls and widgets of ``owner`` that no valid call of ``calls`` reaches."""
    answered = [c for c in calls if c.valid]
    rendered = {c.params["widget"] for c in answered if c.name == "widget.render"}
    widgets = all_widgets()
    reached = {c.name for c in answered} | {widgets[w].call for w in rendered if w in widgets}
    mine = [name for name in api.REGISTRY if owner_of(name, {}) == owner]
    problems = [f"the call {name!r} is never compared: {hint}" for name in mine if name not in reached]
    problems += [f"the widget {name!r} is on no page and never rendered: show it on a page, or {hint}"
                 for name in widgets if owner_of("widget.render", {"widget": name}) == owner and name not in rendered]
    return problems


def node_missing() -> str | None:
    """Why Pyodide cannot be run here (None: Node.js is on the PATH)."""
    if shutil.which("node") is None:
        return "Node.js is not on the PATH, so Pyodide cannot run here (install Node.js 20+ to compare it with CPython)"
    return None


def run_pyodide(site_dir: Path, mode: str, calls: Sequence[tuple[str, str]], work: Path, *,
                probe_files: bool = False) -> dict[str, Any]:
    """Start the built site's Pyodide under Node one way (``boot`` or ``snapshot``) and answer ``calls``.

    ``calls`` are (name, params as JSON text). Returns the runner's report (see ``run_calls.mjs``):
    the answers in order, the engine's version and path, its ``describe()``, and for the snapshot
    path the random draws; ``probe_files`` (snapshot only) also checks that the skipped files install.
    Raises ParityError naming the cause.
    """
    node = shutil.which("node")
    if node is None:
        raise ParityError(node_missing() or "no Node.js")
    config = runtime_config(site_dir)
    work.mkdir(parents=True, exist_ok=True)
    wheel = site_dir / config["engineWheel"]
    request: dict[str, Any] = {
        "indexURL": f"{site_dir / config['pyodide']}/", "runtime": str(theme_dir() / "assets/rollwright/runtime"),
        "wheel": str(wheel), "entryModule": config["entryModule"], "snapshot": None,
        "emptyZip": str(work / "empty.zip"),
        "calls": [{"name": name, "params_json": params} for name, params in calls]}
    if mode == "snapshot":
        snapshot = config.get("snapshot")
        if not snapshot:
            raise ParityError("the site has no memory snapshot (it was built without Node.js)")
        zipfile.ZipFile(work / "empty.zip", "w").close()
        request["snapshot"] = str(site_dir / snapshot["url"])
        request["snapshotBytes"] = snapshot["rawBytes"]
        if probe_files:
            request["stdlib"] = str(site_dir / config["pyodide"] / "python_stdlib.zip")
    elif mode != "boot":
        raise ValueError(f"mode is 'boot' or 'snapshot' (got {mode!r})")
    (work / "request.json").write_text(json.dumps(request), encoding="utf-8")
    try:
        done = subprocess.run([node, str(RUNNER), str(work / "request.json"), str(work / "answers.json")],
                              cwd=work, capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise ParityError(f"Pyodide ({MODES[mode]}) did not finish within {NODE_TIMEOUT_S} s") from None
    if done.returncode != 0:
        raise ParityError(f"Pyodide ({MODES[mode]}) failed under Node (exit {done.returncode}): "
                          f"{done.stderr.strip()[-3000:]}")
    report: dict[str, Any] = json.loads((work / "answers.json").read_text(encoding="utf-8"))
    return report


def text_difference(got: str, expected: str) -> str:
    """Where two answers first differ, with a little of each around that place.

    >>> text_difference('{"p":"1/3"}', '{"p":"1/4"}')
    'at character 9: ...{"p":"1/3"} against ...{"p":"1/4"}'
    """
    at = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
    start = max(0, at - 40)
    return f"at character {at + 1}: ...{got[start:at + 40]} against ...{expected[start:at + 40]}"


class Parity:
    """One parity run over a built site: every system's calls and the kit's, both ways, once."""

    def __init__(self, site: Site, built: BuiltSite, packages: Sequence[SystemPackage]) -> None:
        self.site, self.built, self.packages = site, built, list(packages)
        self.owners = [p.system.id for p in self.packages] + [KIT]
        self.calls: list[ParityCall] = []
        self.problems: dict[str, list[str]] = {owner: [] for owner in self.owners}
        self.skipped: str | None = None
        self.modes_run: list[str] = []

    def gather(self) -> None:
        """Collect the calls to compare (deduplicated) and the coverage problems."""
        wanted = set(self.owners)
        calls = kit_calls()
        for package in self.packages:
            listed, problems = listed_calls(package, self.site.root)
            self.problems[package.system.id] += problems
            calls += listed + contract_calls(package.system)
        calls += page_widgets(self.site)
        seen: set[tuple[str, str, bool]] = set()
        for item in calls:
            key = (item.name, item.params_json, item.valid)
            if item.owner in wanted and key not in seen:
                seen.add(key)
                self.calls.append(item)
        for package in self.packages:
            hint = f"add a [[call]] to {package.module}/{FILENAME}"
            self.problems[package.system.id] += coverage_problems(package.system.id, self.calls, hint)
        self.problems[KIT] += coverage_problems(KIT, self.calls, "add it to rollwright.checks.parity.KIT_CALLS")

    def run(self) -> None:
        """Compare every call in CPython (under two hash seeds), then in Pyodide both ways."""
        self.gather()
        expected = [api.call_json(c.name, c.params_json) for c in self.calls]
        for item, answer in zip(self.calls, expected):
            ok = json.loads(answer)["ok"]
            if ok is not item.valid:
                what = "answer" if item.valid else "be refused"
                detail = json.loads(answer).get("error", {}).get("message", "") if not ok else "it answers"
                self.problems[item.owner].append(f"{item.label()}: listed to {what}, but CPython gives: {detail}")
        self._hash_seeds(expected)
        self.skipped = node_missing()
        if self.skipped:
            return
        with tempfile.TemporaryDirectory(prefix="rollwright-parity-") as scratch:
            for mode in MODES:
                try:
                    report = run_pyodide(self.built.directory, mode, [(c.name, c.params_json) for c in self.calls],
                                         Path(scratch) / mode)
                except ParityError as error:
                    self.problems[KIT].append(str(error))
                    for package in self.packages:
                        self.problems[package.system.id].append(f"Pyodide could not answer ({MODES[mode]}): "
                                                                "see the kit's parity")
                    continue
                self.modes_run.append(MODES[mode])
                self._compare(mode, report, expected)

    def _compare(self, mode: str, report: dict[str, Any], expected: list[str]) -> None:
        label = MODES[mode]
        for item, got, want in zip(self.calls, report["answers"], expected):
            if got != want:
                self._add(item.owner, f"{item.label()}: Pyodide ({label}) and CPython answer differently, "
                                      f"{text_difference(got, want)}")
        if report.get("engineVersion") != rollwright.__version__:
            self.problems[KIT].append(f"Pyodide ({label}) runs Rollwright {report.get('engineVersion')}, "
                                      f"CPython {rollwright.__version__}: build the site again")
        if not str(report.get("python")).startswith("3."):
            self.problems[KIT].append(f"Pyodide ({label}) reports Python {report.get('python')!r}")
        if mode == "boot" and "site-packages" not in str(report.get("enginePath")):
            self.problems[KIT].append(f"Pyodide ({label}) did not import the engine from the site's wheel "
                                      f"({report.get('enginePath')})")
        theirs = {c["name"]: c for c in json.loads(report["describe"])}
        ours = {c["name"]: c for c in json.loads(json.dumps(api.describe(), sort_keys=True))}
        for name in sorted(set(theirs) | set(ours)):
            if theirs.get(name) != ours.get(name):
                where = "only in CPython" if name not in theirs else "only in Pyodide" if name not in ours else \
                    "described differently"
                self._add(owner_of(name, {}), f"the call {name!r} is {where} ({label})")

    def _hash_seeds(self, expected: list[str]) -> None:
        """CPython under two string-hash seeds must answer alike: a memory snapshot freezes the seed."""
        calls = json.dumps([[c.name, c.params_json] for c in self.calls])
        outputs = []
        for seed in HASH_SEEDS:
            done = subprocess.run([sys.executable, "-c", _HASH_PROBE, str(self.site.config_file)], input=calls,
                                  cwd=self.site.root, capture_output=True, text=True, timeout=NODE_TIMEOUT_S,
                                  env={**os.environ, "PYTHONHASHSEED": seed})
            if done.returncode != 0:
                self.problems[KIT].append(f"CPython with PYTHONHASHSEED={seed} failed: {done.stderr.strip()[-2000:]}")
                return
            outputs.append(json.loads(done.stdout))
        for item, first, second in zip(self.calls, *outputs):
            if first != second:
                self.problems[item.owner].append(
                    f"{item.label()}: the answer depends on Python's string hashing (PYTHONHASHSEED "
                    f"{' and '.join(HASH_SEEDS)} differ, {text_difference(first, second)}); sort sets of "
                    "strings before showing them")

    def _add(self, owner: str, message: str) -> None:
        """A finding for ``owner``, or for the kit when that system is not being checked."""
        self.problems[owner if owner in self.problems else KIT].append(message)

    def result(self, owner: str) -> CheckResult:
        """The parity result of one system (or of the kit) after :meth:`run`."""
        mine = [c for c in self.calls if c.owner == owner]
        problems = self.problems.get(owner, [])
        count = f"{len(mine)} call{'' if len(mine) == 1 else 's'}"
        if self.skipped and not problems:
            return CheckResult(owner, CHECK, "skipped", self.skipped)
        ways = " and ".join(self.modes_run) or "no way"
        summary = f"{count}, alike in CPython and Pyodide ({ways})" if not problems else count
        if self.skipped:
            summary += f"; Pyodide not run: {self.skipped}"
        return outcome(owner, CHECK, problems, summary)
