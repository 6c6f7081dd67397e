"""The parity check: every call and widget answers in Pyodide exactly as in CPython, both ways the browser
starts Python.

The calls compared (:mod:`rollwright.checks.parity_calls`), each owned by a system (its id prefixes the
call or the widget) or by the kit: the system's ``parity_calls.toml`` next to its package, every
``{{ widget(...) }}`` on the site's pages with its build-time values, the builder contract's calls on a
new character, the kit's own calls and widgets, and a few of each widget's answers at build time
(:func:`rollwright.checks.parity_calls.answer_samples`; CPython answers every one of them again, and each must
equal the file the site keeps). Every call and widget a system registers must be
among them. One Node process per way starts the site's own Pyodide
(``assets/pyodide/<version>/``) once and answers every call through the entry module
(``run_calls.mjs``, next to this module):

* ``fallback boot``: Pyodide boots and installs the site's wheel;
* ``snapshot``: the site's memory snapshot is restored, with no wheel and an empty standard library.

Each answer (result or error envelope) must equal CPython's character for character, and CPython's own
answers must not depend on the string-hash seed (a snapshot freezes it). Without Node.js the check is
skipped, saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import rollwright
from rollwright.checks.parity_calls import (
    FILENAME, KIT, ParityCall, answer_samples, contract_calls, coverage_problems, declared_calls, kit_calls,
    listed_calls, owner_of, page_widgets,
)
from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import BuiltSite, Site, SystemPackage, runtime_config
from rollwright.kit import api
from rollwright.mkdocs.resources import theme_dir
from rollwright.site.answers import differing_answers

CHECK = "parity"
RUNNER = Path(__file__).with_name("run_calls.mjs")
MODES = {"boot": "fallback boot", "snapshot": "snapshot"}
HASH_SEEDS = ("0", "4242")
NODE_TIMEOUT_S = 900

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
    path the random draws; ``probe_files`` also checks that the files a path starts without install (the
    snapshot's skipped files; the whole standard library over the small one a normal boot starts from).
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
        request["snapshotFrames"] = snapshot.get("frames", [])
        if probe_files:
            request["stdlib"] = str(site_dir / config["pyodide"] / "python_stdlib.zip")
    elif mode == "boot":
        small = (config.get("snapshot") or {}).get("stdlib")
        if small:  # as the browser's normal boot: the site's small standard library for this Pyodide
            request["smallStdlib"] = str(site_dir / small["url"])
        if probe_files:
            request["stdlib"] = str(site_dir / config["pyodide"] / "python_stdlib.zip")
    else:
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
        self.answers_compared = 0

    def gather(self) -> None:
        """Collect the calls to compare (deduplicated) and the coverage problems."""
        wanted = set(self.owners)
        calls = kit_calls()
        for package in self.packages:
            listed, problems = listed_calls(package, self.site.root)
            self.problems[package.system.id] += problems
            calls += listed + contract_calls(package.system) + declared_calls(package.system)
        calls += page_widgets(self.site) + answer_samples(self.built.directory)
        seen: set[tuple[str, str, bool]] = set()
        for item in calls:
            key = (item.name, item.params_json, item.valid)
            if item.owner in wanted and key not in seen:
                seen.add(key)
                self.calls.append(item)
        for package in self.packages:
            hint = f"add a [[call]] to {package.module}/{FILENAME}"
            self.problems[package.system.id] += coverage_problems(package.system.id, self.calls, hint)
        self.problems[KIT] += coverage_problems(KIT, self.calls, "add it to rollwright.checks.parity_calls.KIT_CALLS")

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
        compared, differ = differing_answers(self.built.directory)
        self.answers_compared = compared
        for path in differ[:20]:
            self.problems[KIT].append(f"{path}: the answer kept at build time is not the engine's answer now "
                                      "(build the site again)")
        if len(differ) > 20:
            self.problems[KIT].append(f"... and {len(differ) - 20} more of the {compared} answers kept at build time")
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
        if owner == KIT and self.answers_compared:
            summary += f"; the {self.answers_compared} answers kept at build time equal CPython's"
        if self.skipped:
            summary += f"; Pyodide not run: {self.skipped}"
        return outcome(owner, CHECK, problems, summary)
